/// An ID a handle loads: an ``InjectID``, or an ``ArgumentInjectID`` with its argument.
public protocol LoadableID: Hashable, Sendable {
    /// The service the ID promises.
    associatedtype Service
    /// What a load passes to the factory: `Void` for an ``InjectID``.
    associatedtype Argument = Void
    /// The string key.
    var name: String { get }
    /// Loads the ID through `resolver`: the package's own requirement.
    func _load(in resolver: Resolver, argument: Argument) -> Service?
    /// Requires the ID through `resolver`: the package's own requirement.
    func _require(in resolver: Resolver, argument: Argument) throws(ContainerError) -> Service
}

extension InjectID: LoadableID {
    /// Loads the ID through `resolver`.
    public func _load(in resolver: Resolver, argument _: Void) -> Service? { resolver.load(self) }
    /// Requires the ID through `resolver`.
    public func _require(in resolver: Resolver, argument _: Void) throws(ContainerError) -> Service {
        try resolver.require(self)
    }
}

extension ArgumentInjectID: LoadableID {
    /// Makes the service through `resolver`.
    public func _load(in resolver: Resolver, argument: Argument) -> Service? {
        resolver.load(self, argument: argument)
    }
    /// Requires the service through `resolver`.
    public func _require(in resolver: Resolver, argument: Argument) throws(ContainerError) -> Service {
        try resolver.require(self, argument: argument)
    }
}

/// A handle that loads a service on first use, once, as the container it came from sees it.
///
/// Racing threads load once; a `nil` is not kept, so a later use tries again; a first use inside
/// the factory of the service it points to is a ``ContainerError/cycle(path:)``. It holds its
/// container weakly; a cached service that keeps one keeps what it loads (a captive named-scope
/// service is reported; take a ``ServiceProvider`` there). See <doc:BreakingCircularDependencies>.
///
/// ```swift
/// container.register(.toast, scope: .singleton) { resolver in
///     ToastCenter(log: resolver.load(.appLog, default: PrintLog()), player: resolver.lazy(.player))
/// }
/// ```
public struct LazyHandle<LoadedID: LoadableID> {
    /// The ID the handle loads.
    public let id: LoadedID
    /// The argument the service is made from: `()` for an ``InjectID``.
    public let argument: LoadedID.Argument
    /// Holds its container and override scope weakly, as every resolver does.
    private let context: Resolver
    /// Shared by the handle's copies, so that they load once between them.
    private let cache = InjectedCache<LoadedID.Service>()
    /// The cached service whose factory took the handle; weak, as that service holds the handle.
    private weak var holder: Registration?

    init(_ id: LoadedID, argument: LoadedID.Argument, context: Resolver) {
        self.id = id
        self.argument = argument
        self.context = context.holdingScopesWeakly
        let thread = ThreadState.current
        holder = thread.frames.isEmpty ? nil : thread.frames.last(where: \.isShared)
    }

    /// Throws when a cached service took the handle and would keep a named-scope service
    /// captive under the `fail` policy.
    private func checkNotCaptive() throws(ContainerError) {
        if let holder, let live = context.liveContext,
            let dependency = live.run({ $0.findRegistration(named: id.name, thread: ThreadState.current) })
        {
            try live.container.checkNotCaptive(dependency, heldBy: holder)
        }
    }

    /// The service, loaded on first use; `nil` when it is absent, the reason reported.
    public var value: LoadedID.Service? {
        cache.value(loading: id.name, reportingTo: context.reference) { () -> LoadedID.Service? in
            // Reported already when captive; `_load` reports a context that is gone.
            (try? checkNotCaptive()) != nil ? id._load(in: context, argument: argument) : nil
        }
    }

    /// The service, loaded on first use, or why it cannot be; reports nothing.
    public func require() throws(ContainerError) -> LoadedID.Service {
        var failure: ContainerError?
        let service = cache.value(loading: id.name, reportingTo: context.reference) {
            () -> LoadedID.Service? in
            do throws(ContainerError) {
                try checkNotCaptive()
                return try id._require(in: context, argument: argument)
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

extension LazyHandle: Sendable where LoadedID.Argument: Sendable {}

/// A handle that loads a service anew on every call, as the container it came from sees it.
///
/// Each call is a load of its own, so a cached service that keeps a provider never holds a
/// shorter-lived service captive; it holds its container weakly, as ``Lazy`` does.
public struct ProviderHandle<LoadedID: LoadableID>: Sendable {
    /// The ID the handle loads.
    public let id: LoadedID
    /// Holds its container and override scope weakly, as every resolver does.
    private let context: Resolver

    init(_ id: LoadedID, context: Resolver) {
        self.id = id
        self.context = context.holdingScopesWeakly
    }

    /// Makes the service from `argument`, or returns `nil`, the reason reported.
    public func callAsFunction(_ argument: LoadedID.Argument) -> LoadedID.Service? {
        id._load(in: context, argument: argument)
    }

    /// Makes the service from `argument`, or throws why not; reports nothing.
    public func require(_ argument: LoadedID.Argument) throws(ContainerError) -> LoadedID.Service {
        try id._require(in: context, argument: argument)
    }
}

extension ProviderHandle where LoadedID.Argument == Void {
    /// Loads the service, or returns `nil`, the reason reported.
    public func callAsFunction() -> LoadedID.Service? { callAsFunction(()) }

    /// Loads the service, or throws why not; reports nothing.
    public func require() throws(ContainerError) -> LoadedID.Service { try require(()) }
}

/// A handle that loads the service of an ``InjectID`` on first use, once.
public typealias Lazy<Service> = LazyHandle<InjectID<Service>>
/// A handle that makes the service of an ``ArgumentInjectID`` from its argument on first use,
/// once: Swinject's `Lazy` with arguments.
public typealias ArgumentLazy<Argument, Service> = LazyHandle<ArgumentInjectID<Argument, Service>>
/// A handle that loads the service of an ``InjectID`` anew on every call.
public typealias ServiceProvider<Service> = ProviderHandle<InjectID<Service>>
/// A handle that makes the service of an ``ArgumentInjectID`` from each call's argument:
/// Swinject's `Provider` with arguments.
public typealias ArgumentProvider<Argument, Service> = ProviderHandle<ArgumentInjectID<Argument, Service>>
