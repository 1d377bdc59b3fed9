import DMAInterfaces
import DependencyContainer

/// Supplies the app's one player.
///
/// A `MainActorInjectProvider`, not an `InjectProvider`: the latter's `make(with:)` runs on
/// any thread, so it cannot use `Player`'s main-actor conformance to `PlayerInject`.
public enum PlayerProvider: MainActorInjectProvider {
    /// The player's ID.
    public static var id: InjectID<any PlayerInject> { .player }
    /// One player for the app.
    public static var scope: Scope { .singleton }
    /// What ``make(with:)`` loads, for `Container.verify()`.
    public static var dependencies: [Dependency]? { [.load(.toast)] }

    /// Creates the player, with the toast if the app has one.
    public static func make(with resolver: Resolver) -> any PlayerInject {
        Player(toast: resolver.load(.toast))
    }
}
