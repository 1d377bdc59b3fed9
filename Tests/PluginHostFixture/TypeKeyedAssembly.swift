import DependencyContainer

/// A service loaded by its protocol's type key.
public protocol Notifier: AnyObject, Sendable {
    /// The text a notification shows.
    func notify(_ text: String) -> String
}

/// A second protocol, injected into a property.
public protocol ToastPresenting: AnyObject, Sendable {}

final class NotifierImpl: Notifier {
    func notify(_ text: String) -> String { "notified: \(text)" }
}

final class BannerToast: ToastPresenting {}

/// A screen whose factory injects its properties, as Swinject code does.
public final class SettingsScreen: @unchecked Sendable {
    /// Injected by the factory, optional.
    public var toast: (any ToastPresenting)?
    /// Injected by the factory, required.
    public var notifier: (any Notifier)?
}

/// A Swinject assembly ported with type keys, the migration guide's way: factories return
/// their implementation, which `.type(P.self)` converts to the protocol. The tests name these
/// lines: keep them where they are.
enum NotifierAssembly {
    static func assemble(_ container: Container) {
        container.register(.type(Notifier.self), scope: .singleton) { _ in
            let service = NotifierImpl()
            return service
        }
        container.register(.type(ToastPresenting.self)) { _ in BannerToast() }
        container.register(.type(SettingsScreen.self)) { r in
            let screen = SettingsScreen()
            screen.toast = r.load(.type(ToastPresenting.self))
            screen.notifier = try r.require(.type(Notifier.self))
            return screen
        }
    }
}
