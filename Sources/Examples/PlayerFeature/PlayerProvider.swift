import DCExampleAppInterfaces
import DependencyContainer

/// Supplies the streaming player, with fallbacks for the features it can live without.
enum PlayerProvider: InjectProvider {
    static var id: InjectID<any PlayerInject> { .player }
    static var scope: Scope { .singleton }

    static func make(with resolver: Resolver) -> any PlayerInject {
        let log = resolver.load(.appLog, default: PrintLog())
        return StreamingPlayer(
            toast: resolver.load(.toast, default: NullToast(log: log)),
            analytics: resolver.load(.analytics, default: NullAnalytics()),
            session: resolver.load(.userSession, default: GuestSession()),
            log: log)
    }
}
