import DCExampleAppInterfaces
import DependencyContainer

/// Supplies the toast center as the app's one toast service.
enum ToastProvider: InjectProvider {
    static var id: InjectID<any ToastInject> { .toast }
    static var scope: Scope { .singleton }

    static func make(with resolver: Resolver) -> any ToastInject {
        let container = resolver.container
        return ToastCenter(
            log: resolver.load(.appLog, default: PrintLog()),
            currentPlayer: { container.load(.player) })
    }
}
