import AppInterfaces
import DependencyContainer

/// Supplies the player, with whichever of the toast and analytics features are registered.
enum PlayerProvider: InjectProvider {
    static var id: InjectID<any PlayerInject> { .player }
    static var scope: Scope { .singleton }

    static func make(with resolver: Resolver) -> any PlayerInject {
        Player(toast: resolver.load(.toast), analytics: resolver.load(.analytics))
    }
}
