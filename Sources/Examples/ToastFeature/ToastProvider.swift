import DCExampleAppInterfaces
import DependencyContainer

/// Supplies the toast center as the app's one toast service.
enum ToastProvider: InjectProvider {
    static var id: InjectID<any ToastInject> { .toast }
    static var scope: Scope { .singleton }
    /// The toast center closes when the container lets go of it: at a replacement, or when
    /// the plugin that provided it is switched off.
    static var lifecycle: ServiceLifecycle<any ToastInject> {
        ServiceLifecycle(onDispose: { toast in (toast as? ToastCenter)?.close() })
    }

    static func make(with resolver: Resolver) -> any ToastInject {
        // Lazy: the player's factory loads the toast, so loading the player here would be a cycle.
        ToastCenter(log: resolver.load(.appLog, default: PrintLog()), player: resolver.lazy(.player))
    }
}
