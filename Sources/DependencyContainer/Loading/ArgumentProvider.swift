/// A handle that makes the service registered under an argument ID from the argument each
/// call passes, as the container it came from sees it: Swinject's `Provider` with arguments.
///
/// ```swift
/// container.register(.streamOpener) { resolver in
///     StreamOpener(makeStream: resolver.provider(.stream))
/// }
/// ```
///
/// Each call is a load of its own, so a cached service that keeps the handle holds nothing
/// it made. Loads use the context of the resolver the handle came from (see ``Resolver``);
/// ``Container/provider(_:)->ArgumentProvider<Argument,Service>`` takes the container and the
/// calling task's overrides. The handle holds them weakly, as ``ServiceProvider`` does: once
/// its container or override scope is gone, a call yields `nil` and reports
/// ``ContainerError/containerReleased(id:requestedType:)``.
public struct ArgumentProvider<Argument, Service>: Sendable {
    /// The ID the handle loads.
    public let id: ArgumentInjectID<Argument, Service>
    /// Holds its container and override scope weakly, as every resolver does.
    private let context: Resolver

    init(_ id: ArgumentInjectID<Argument, Service>, context: Resolver) {
        self.id = id
        self.context = context.holdingScopesWeakly
    }

    /// Makes the service from `argument`, or returns `nil` when it is absent; failures go to
    /// the diagnostics handler, as with ``Container/load(_:argument:)``.
    ///
    /// ```swift
    /// let stream = makeStream(URL(string: "https://example.com/live.m3u8")!)
    /// ```
    ///
    /// - Parameter argument: The value the factory makes the service from.
    /// - Returns: A new service.
    public func callAsFunction(_ argument: Argument) -> Service? {
        context.load(id, argument: argument)
    }

    /// Makes the service from `argument`, or throws an error that explains why not; reports
    /// nothing to the diagnostics handler.
    ///
    /// - Parameter argument: The value the factory makes the service from.
    /// - Returns: A new service.
    /// - Throws: What ``Resolver/require(_:argument:)`` throws;
    ///   ``ContainerError/containerReleased(id:requestedType:)`` when the container the handle
    ///   came from is gone.
    public func require(_ argument: Argument) throws(ContainerError) -> Service {
        try context.require(id, argument: argument)
    }
}
