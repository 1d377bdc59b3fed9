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
        // The toast keeps its resolver and loads the log and the player later, on use: both
        // deferred and optional, which `verify()` checks without running the factory.
        container.registerOnMainActor(
            .toast, scope: .singleton,
            dependencies: [.provider(.eventLog, optional: true), .provider(.player, optional: true)]
        ) { resolver in
            ConsoleToast(resolver: resolver)
        }
    }
}
