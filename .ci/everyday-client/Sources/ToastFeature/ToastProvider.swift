import AppInterfaces
import DependencyContainer

/// Supplies the app's one toaster.
enum ToastProvider: InjectProvider {
    static var id: InjectID<any ToastInject> { .toast }
    static var scope: Scope { .singleton }

    static func make(with resolver: Resolver) -> any ToastInject {
        Toaster()
    }
}
