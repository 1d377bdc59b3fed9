/// A handle that loads a service anew on every call, as the container it came from sees it.
///
/// Each call is a load of its own: a transient service is new each time, a singleton the
/// same one, and a named-scope service the current one after a reset, so a cached service
/// that keeps a provider never holds a shorter-lived service captive.
///
/// ```swift
/// container.register(.notifier) { resolver in
///     Notifier(makeToast: resolver.provider(.toast))
/// }
/// ```
///
/// Loads use the context of the resolver the handle came from (see ``Resolver``);
/// ``Container/provider(_:)->ServiceProvider<Service>`` takes the container and the calling task's overrides. The
/// handle holds them weakly, as ``Lazy`` does: once its container or override scope is gone,
/// a call yields `nil` and reports ``ContainerError/containerReleased(id:requestedType:)``.
///
/// For an ``ArgumentInjectID``, ``Resolver/provider(_:)->ArgumentProvider<Argument,Service>``
/// makes an ``ArgumentProvider``, whose calls take the argument: `makeStream(url)`.
public struct ServiceProvider<Service>: Sendable {
    /// The ID the handle loads.
    public let id: InjectID<Service>
    /// Holds its container and override scope weakly, as every resolver does.
    private let context: Resolver

    init(_ id: InjectID<Service>, context: Resolver) {
        self.id = id
        self.context = context.holdingScopesWeakly
    }

    /// Loads the service, or returns `nil` when it is absent; failures go to the diagnostics
    /// handler, as with ``Container/load(_:)->Service?``.
    ///
    /// ```swift
    /// makeToast()?.show("Saved")
    /// ```
    ///
    /// - Returns: The service, created or reused according to its registration's scope.
    public func callAsFunction() -> Service? {
        context.load(id)
    }

    /// Loads the service, or throws an error that explains why not; reports nothing to the
    /// diagnostics handler.
    ///
    /// - Returns: The service.
    /// - Throws: What ``Resolver/require(_:)->Service`` throws;
    ///   ``ContainerError/containerReleased(id:requestedType:)`` when the container the handle
    ///   came from is gone.
    public func require() throws(ContainerError) -> Service {
        try context.require(id)
    }
}
