/// The load verbs that a ``Container`` and a ``Resolver`` share, declared once.
///
/// A `load` yields `nil` (or the fallback) and reports why to the diagnostics handler; a
/// `require` throws the ``ContainerError`` instead and reports nothing (<doc:GracefulFallbacks>).
public protocol ServiceLoading: Sendable {
    /// Loads the service registered under `id`, or `nil` if there is none.
    func load<Service>(_ id: InjectID<Service>) -> Service?

    /// Where the other verbs load: the package's own requirement.
    var _loadTarget: _LoadTarget { get }
}

/// Where a ``ServiceLoading`` value's verbs load; the package's own type.
public enum _LoadTarget: Sendable {
    /// A container's own loads, which see the calling task's overrides.
    case container(Container)
    /// A resolver's loads, in the context of the factory run that received it.
    case resolver(Resolver)
}

extension ServiceLoading {
    /// Loads the service registered under `id`, or returns `defaultValue`, evaluated only when
    /// the load yields `nil`.
    @inlinable
    public func load<Service>(_ id: InjectID<Service>, default defaultValue: @autoclosure () -> Service)
        -> Service
    {
        load(id) ?? defaultValue()
    }

    /// Loads the service registered under `id`, or throws why not.
    @inlinable
    public func require<Service>(_ id: InjectID<Service>) throws(ContainerError) -> Service {
        try _loadTarget.requiring(id.name, as: Service.self) { container throws(ContainerError) in
            try container.requireService(named: id.name, as: Service.self)
        }
    }

    /// Makes the service registered under `id` from `argument`, or returns `nil`; see
    /// <doc:PluginRegistries>.
    @inlinable
    public func load<Argument, Service>(_ id: ArgumentInjectID<Argument, Service>, argument: Argument)
        -> Service?
    {
        _loadTarget.loading(id.name, as: Service.self, orIfReleased: nil) { container in
            container.loadService(named: id.name, argument: argument, as: Service.self)
        }
    }

    /// Makes the service registered under `id` from `argument`, or throws why not.
    @inlinable
    public func require<Argument, Service>(_ id: ArgumentInjectID<Argument, Service>, argument: Argument)
        throws(ContainerError) -> Service
    {
        try _loadTarget.requiring(id.name, as: Service.self) { container throws(ContainerError) in
            try container.requireService(named: id.name, argument: argument, as: Service.self)
        }
    }

    /// Loads every contribution to `point`: descending priority, then ascending name.
    ///
    /// A contribution that fails is left out and reported (<doc:PluginRegistries>).
    @inlinable
    public func load<Element>(_ point: ExtensionPoint<Element>) -> [Element] {
        _loadTarget.loading(point.name, as: [Element].self, orIfReleased: []) { $0.loadElements(of: point) }
    }

    /// Loads every contribution to `point`, or throws the first failure; a point without
    /// contributions loads as empty.
    @inlinable
    public func require<Element>(_ point: ExtensionPoint<Element>) throws(ContainerError) -> [Element] {
        try _loadTarget.requiring(point.name, as: [Element].self) { container throws(ContainerError) in
            try container.requireElements(of: point)
        }
    }

    /// Loads the service registered under `id`, running its factory where it must run (the main
    /// actor, or awaited), or returns `nil`; see <doc:SwiftConcurrency>.
    public func loadAsync<Service>(_ id: InjectID<Service>) async -> Service? {
        await _loadTarget.runAsync {
            await $0.loadServiceAsync(named: id.name, as: Service.self)
        } orIfReleased: {
            $0.reportReleased(id.name, as: Service.self)
            return nil
        }
    }

    /// Loads the service registered under `id`, running its factory where it must run, or
    /// throws why not; async factories that load each other are a ``ContainerError/cycle(path:)``.
    public func requireAsync<Service>(_ id: InjectID<Service>) async throws(ContainerError) -> Service {
        try await _loadTarget.runAsync { container async throws(ContainerError) in
            try await container.requireServiceAsync(named: id.name, as: Service.self)
        } orIfReleased: { _ throws(ContainerError) in
            throw .released(id.name, as: Service.self)
        }
    }

    /// Returns an original-API item for the string ID, or `nil`; see <doc:MigratingFromInjectable>.
    @inlinable
    public func load(for injectID: String) -> Injectable? {
        _loadTarget.loading(injectID, as: (any Injectable).self, orIfReleased: nil) {
            $0.originalAPIItem(for: injectID)
        }
    }

    /// A handle that loads the service registered under `id` on first use, once; see ``Lazy``.
    public func lazy<Service>(_ id: InjectID<Service>) -> Lazy<Service> {
        Lazy(id, argument: (), context: _loadTarget.resolver)
    }

    /// A handle that makes the service registered under `id` from `argument` on first use,
    /// once; see ``ArgumentLazy``.
    public func lazy<Argument, Service>(_ id: ArgumentInjectID<Argument, Service>, argument: Argument)
        -> ArgumentLazy<Argument, Service>
    {
        ArgumentLazy(id, argument: argument, context: _loadTarget.resolver)
    }

    /// A handle that loads the service registered under `id` anew on every call; see
    /// ``ServiceProvider``.
    public func provider<Service>(_ id: InjectID<Service>) -> ServiceProvider<Service> {
        ServiceProvider(id, context: _loadTarget.resolver)
    }

    /// A handle that makes the service registered under `id` from each call's argument; see
    /// ``ArgumentProvider``.
    public func provider<Argument, Service>(_ id: ArgumentInjectID<Argument, Service>)
        -> ArgumentProvider<Argument, Service>
    {
        ArgumentProvider(id, context: _loadTarget.resolver)
    }
}

extension _LoadTarget {
    /// For a `load`: `fallback` once the context is gone, reported to the diagnostics handler.
    ///
    /// An autoclosure: a fallback made up front costs every load a metadata lookup. Inlinable:
    /// an app's container load then calls the engine without retaining the container.
    @inlinable @inline(__always)
    func loading<Result, Requested>(
        _ name: String, as _: Requested.Type, orIfReleased fallback: @autoclosure () -> Result,
        _ load: (Container) -> Result
    ) -> Result {
        switch self {
        case .container(let container): return load(container)
        case .resolver(let resolver):
            return resolver.loading(name, as: Requested.self, reporting: true, load) { _ in fallback() }
        }
    }

    /// For a `require`: throws ``ContainerError/containerReleased(id:requestedType:)`` once the
    /// context is gone; inlinable, as `loading`.
    @inlinable @inline(__always)
    func requiring<Result, Requested>(
        _ name: String, as _: Requested.Type, _ load: (Container) throws(ContainerError) -> Result
    ) throws(ContainerError) -> Result {
        switch self {
        case .container(let container): return try load(container)
        case .resolver(let resolver):
            return try resolver.loading(name, as: Requested.self, reporting: false, load) {
                error throws(ContainerError) in
                throw error
            }
        }
    }

    /// The async counterpart of `loading`; inlined, as a generic async layer costs every
    /// load a frame, a closure and `Result`'s metadata.
    @inline(__always)
    func runAsync<Result, Failure: Error>(
        _ load: (Container) async throws(Failure) -> Result,
        orIfReleased released: (ContainerReference) throws(Failure) -> Result
    ) async throws(Failure) -> Result {
        switch self {
        case .container(let container): return try await load(container)
        case .resolver(let resolver):
            guard let live = resolver.liveContext else { return try released(resolver.reference) }
            if OverrideScope.current === live.overrides { return try await load(live.container) }
            return try await OverrideScope.binding(live.overrides) { () async throws(Failure) -> Result in
                try await load(live.container)
            }
        }
    }

    /// The resolver a handle loads through: a container's with the calling task's overrides.
    var resolver: Resolver {
        switch self {
        case .container(let container):
            return Resolver(container: container, overrides: OverrideScope.current)
        case .resolver(let resolver): return resolver
        }
    }
}
