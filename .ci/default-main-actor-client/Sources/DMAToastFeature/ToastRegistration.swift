import DMAInterfaces
import DependencyContainer

/// The toast feature's entry point, as a closure registration.
public enum ToastFeature {
    /// Registers the toast.
    ///
    /// `ConsoleToast` is main-actor isolated here, and so is its conformance to
    /// `ToastInject`: `register(.toast, scope: .singleton) { ConsoleToast(…) }` does not
    /// compile ("main actor-isolated conformance of 'ConsoleToast' to 'ToastInject' cannot
    /// be used in nonisolated context"), because a `register` factory may run on any thread.
    /// `registerOnMainActor` runs its factory on the main actor.
    ///
    /// - Parameter container: The container to register in.
    public static func register(into container: Container) {
        container.registerOnMainActor(.toast, scope: .singleton) { resolver in
            ConsoleToast(resolver: resolver)
        }
    }
}
