import DependencyContainer
import PortInterfaces

final class NotifierImpl: Notifier {
    let clock: any Clock
    init(clock: any Clock) { self.clock = clock }
    func notify(_ message: String) { print("[\(Int(clock.now()))] \(message)") }
}

final class BannerToast: Toast {
    func show(_ message: String) { print("toast: \(message)") }
}

/// The notifier and the toast, once Swinject's `AlertsAssembly`.
public enum AlertsAssembly {
    /// Registers the notifier, one per screen load, and the app's toast.
    public static func assemble(into container: Container) {
        container.register(.type(Notifier.self)) { r in
            let service = NotifierImpl(clock: try r.require(.type(Clock.self)))
            return service
        }
        container.register(.type(Toast.self), scope: .singleton) {
            let toast = BannerToast()
            return toast
        }
    }
}
