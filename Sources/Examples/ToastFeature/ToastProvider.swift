import DCExampleAppInterfaces
import DependencyContainer

/// Supplies the toast center as the app's one toast service.
enum ToastProvider: InjectProvider {
    static var id: InjectID<any ToastInject> { .toast }
    static var scope: Scope { .singleton }

    static func make(with resolver: Resolver) -> any ToastInject {
        // Lazy: the player's factory loads the toast, so loading the player here would be a cycle.
        ToastCenter(log: resolver.load(.appLog, default: PrintLog()), player: resolver.lazy(.player))
    }
}
