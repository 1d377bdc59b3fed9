/// A handle that makes the service registered under an argument ID from one argument, on
/// first use, once: Swinject's `Lazy` with arguments.
///
/// ```swift
/// container.register(.liveBanner, scope: .singleton) { resolver in
///     LiveBanner(stream: resolver.lazy(.stream, argument: liveURL))
/// }
/// ```
///
/// It behaves as ``Lazy``: threads that race on the first use load once, a load that yields
/// `nil` is not kept, a first use inside the factory of the service it makes is a cycle, and
/// the handle holds its container and override scope weakly (once either is gone, a handle
/// that has not loaded yet yields `nil` and reports
/// ``ContainerError/containerReleased(id:requestedType:)``). The handle keeps its argument
/// until it is freed.
public struct ArgumentLazy<Argument, Service> {
    /// The ID the handle loads.
    public let id: ArgumentInjectID<Argument, Service>
    /// The argument the service is made from.
    public let argument: Argument
    /// Holds its container and override scope weakly, as every resolver does.
    private let context: Resolver
    /// Shared by the handle's copies, so that they load once between them.
    private let cache = InjectedCache<Service>()

    init(_ id: ArgumentInjectID<Argument, Service>, argument: Argument, context: Resolver) {
        self.id = id
        self.argument = argument
        self.context = context.holdingScopesWeakly
    }

    /// The service, made on first use; `nil` when it is absent, like
    /// ``Container/load(_:argument:)``.
    ///
    /// ```swift
    /// let stream = lazyStream.value  // made here, once
    /// ```
    public var value: Service? {
        cache.value(loading: id.name, reportingTo: context.reference) { () -> Service? in
            context.load(id, argument: argument)
        }
    }

    /// The service, made on first use, or an error that explains why it cannot be made.
    ///
    /// It reports no failure to the diagnostics handler, like every `require`.
    ///
    /// - Returns: The service.
    /// - Throws: What ``Resolver/require(_:argument:)`` throws;
    ///   ``ContainerError/containerReleased(id:requestedType:)`` when the container the handle
    ///   came from is gone; ``ContainerError/cycle(path:)`` when the use closes a cycle.
    public func require() throws(ContainerError) -> Service {
        var failure: ContainerError?
        let service = cache.value(loading: id.name, reportingTo: context.reference) { () -> Service? in
            do throws(ContainerError) {
                return try context.require(id, argument: argument)
            } catch {
                failure = error
                return nil
            }
        }
        if let service { return service }
        // No failure of the load's own: the use itself closed a cycle.
        throw failure ?? ThreadState.current.loadFailure ?? .cycle(path: [id.name, id.name])
    }
}

extension ArgumentLazy: Sendable where Argument: Sendable {}
