import DependencyContainerKernel

/// The context a factory runs in: the container view its loads use.
///
/// A factory receives a resolver rather than the container. The resolver fixes which
/// registrations the factory's loads see:
///
/// - for a cached service (singleton, weak, named scope), the container that owns the
///   registration, with no override of a narrower context (an override's own cached service
///   sees its override scope and the scopes enclosing it);
/// - for a transient or graph service, the container its load was made on, with that load's
///   override scopes (inside a cached service's factory, that service's context).
///
/// ```swift
/// container.register(.player) { resolver in
///     Player(toast: resolver.load(.toast))
/// }
/// ```
///
/// Loads made while the factory runs are part of its resolution: the thread's resolution
/// stack (kept per thread, so that a factory calling `Container.load` directly is checked too)
/// detects cycles, shares ``Scope/graph`` services and reports captive dependencies.
///
/// A factory may keep its resolver and load later, when its service is used. Those loads see
/// the same context view (the same container and override scopes, whatever the calling task's
/// overrides are then), but they are loads of their own: they are not part of the resolution
/// that made the service, so they are no cycle with it and fail nothing it made.
///
/// A resolver does not keep its container, or the override scope it was made under, alive:
/// a cached service that keeps its resolver is held by its container, and a strong reference
/// back would keep both alive forever. Once the container (or the scope) is gone, loads
/// through a kept resolver find nothing: `load` returns `nil` and reports
/// ``ContainerError/containerReleased(id:requestedType:)`` to the diagnostics handler the
/// container had, and `require` throws it.
///
/// ```swift
/// container.register(.toast, scope: .singleton) { resolver in
///     ToastCenter(log: resolver.load(.appLog, default: PrintLog()), player: resolver.lazy(.player))
/// }
/// ```
public struct Resolver: Sendable {
    /// The container's reference alone, as in every load without test overrides, or an
    /// overridden context with it.
    ///
    /// One reference, as a factory run passes it without a retain (an enum of the two costs
    /// every run a retain and a release). The container's reference is allocated once per
    /// container, so no run allocates a weak reference.
    private let context: AnyObject & Sendable

    /// A resolver without override scopes: what every factory run outside overrides gets.
    @inline(__always)
    init(reference: ContainerReference) {
        context = reference
    }

    /// A resolver with the override scopes `overrides`, which it keeps alive unless
    /// `holdingScopes` is false.
    ///
    /// A kept resolver sees its scopes after they ended, so it holds them; but a service
    /// cached in an override scope is held by that scope, and its resolver must not hold the
    /// scope back (see `init(container:overrides:running:)`).
    init(container: Container, overrides: OverrideScope?, holdingScopes: Bool = true) {
        if let overrides {
            // Allocated only for a factory that runs under override scopes, as tests do.
            context = OverriddenContext(
                reference: container.reference, overrides: overrides, holdingScopes: holdingScopes)
        } else {
            context = container.reference
        }
    }

    /// The resolver a factory run for `registration` gets under `overrides`.
    ///
    /// It holds the scopes, unless the innermost one caches the service being made, which
    /// would hold the resolver back.
    init(container: Container, overrides: OverrideScope?, running registration: Registration) {
        self.init(
            container: container, overrides: overrides,
            holdingScopes: overrides.map { !$0.caches(registration) } ?? true)
    }

    /// This resolver, holding its override scopes weakly: what a ``Lazy`` or
    /// ``ServiceProvider`` handle keeps, which loads nothing once its scopes have ended.
    var holdingScopesWeakly: Resolver {
        guard let overridden = exactCast(context, to: OverriddenContext.self) else { return self }
        guard overridden.holdsScopes, let overrides = overridden.overrides else { return self }
        return Resolver(
            context: OverriddenContext(
                reference: overridden.reference, overrides: overrides, holdingScopes: false))
    }

    private init(context: OverriddenContext) {
        self.context = context
    }

    /// The container whose view the factory's loads use: the one that owns a cached
    /// service's registration, or the one a transient service's load was made on.
    ///
    /// A resolver kept past its container's life returns a new, empty container, in which
    /// every load finds nothing: the resolver does not keep its container alive.
    public var container: Container {
        if let live = liveContext {
            return live.container
        }
        let detached = Container(parent: nil, autoRegisters: false)
        detached.setDiagnosticsHandler(reference.diagnosticsHandler.withLock { $0 })
        return detached
    }

    /// The reference to the container, which outlives it.
    var reference: ContainerReference {
        // Both are final classes: the exact type tells them apart without a dynamic cast.
        if let reference = exactCast(context, to: ContainerReference.self) {
            return reference
        }
        return overriddenContext.reference
    }

    /// The context of a resolver made under override scopes: what a context is when it is not
    /// a `ContainerReference`.
    @inline(__always)
    private var overriddenContext: OverriddenContext {
        guard let overridden = exactCast(context, to: OverriddenContext.self) else {
            preconditionFailure("a resolver's context is a ContainerReference or an OverriddenContext")
        }
        return overridden
    }

    /// The container and override scopes the loads use, retained, or `nil` once either is
    /// gone.
    @inline(__always)
    var liveContext: LiveContext? {
        if let reference = exactCast(context, to: ContainerReference.self) {
            guard let container = reference.container else {
                return nil
            }
            return LiveContext(container: container, overrides: nil)
        }
        let overridden = overriddenContext
        guard let overrides = overridden.overrides, let container = overridden.reference.container else {
            return nil
        }
        return LiveContext(container: container, overrides: overrides)
    }

    /// Loads the service registered under `id`, or `nil` if there is none.
    ///
    /// - Parameter id: The ID to load.
    /// - Returns: The service, or `nil`.
    public func load<Service>(_ id: InjectID<Service>) -> Service? {
        guard let live = liveContext else { return loadReleased(id) }
        // The rebinding path apart: in the same function, its `Service?` and `Result`
        // metadata would be looked up on every nested load of a caller's module.
        return OverrideScope.current === live.overrides
            ? live.container.loadService(id) : loadRebinding(id, in: live)
    }

    @inline(never)
    private func loadRebinding<Service>(_ id: InjectID<Service>, in live: LiveContext) -> Service? {
        live.rebound { () -> Service? in live.container.loadService(id) }.get()
    }

    @inline(never)
    private func loadReleased<Service>(_ id: InjectID<Service>) -> Service? {
        reference.reportReleased(id.name, as: Service.self)
        return nil
    }

    /// Loads the service registered under `id`, or returns `defaultValue`.
    ///
    /// - Parameters:
    ///   - id: The ID to load.
    ///   - defaultValue: The fallback, evaluated only when the load yields `nil`.
    /// - Returns: The registered service or the fallback.
    public func load<Service>(_ id: InjectID<Service>, default defaultValue: @autoclosure () -> Service)
        -> Service
    {
        load(id) ?? defaultValue()
    }

    /// Loads the service registered under `id`, or throws an error that explains why not.
    ///
    /// A factory that lets the error propagate fails in turn. Like ``Container/require(_:)->Service``,
    /// it reports nothing to the diagnostics handler: the error is the caller's to handle.
    ///
    /// - Parameter id: The ID to load.
    /// - Returns: The service.
    /// - Throws: A ``ContainerError`` naming the ID and the problem.
    public func require<Service>(_ id: InjectID<Service>) throws(ContainerError) -> Service {
        try inContext(loading: id.name, as: Service.self) { container throws(ContainerError) in
            try container.requireService(named: id.name, as: Service.self)
        }
    }

    /// Makes the service registered under `id` from `argument`, or returns `nil`.
    ///
    /// - Parameters:
    ///   - id: The ID to load.
    ///   - argument: The value the factory makes the service from.
    /// - Returns: A new service, or `nil`.
    public func load<Argument, Service>(_ id: ArgumentInjectID<Argument, Service>, argument: Argument)
        -> Service?
    {
        inContext(loading: id.name, as: Service.self, orIfReleased: nil) { container in
            container.loadService(named: id.name, argument: argument, as: Service.self)
        }
    }

    /// Makes the service registered under `id` from `argument`, or throws an error that
    /// explains why not; reports nothing to the diagnostics handler.
    ///
    /// - Parameters:
    ///   - id: The ID to load.
    ///   - argument: The value the factory makes the service from.
    /// - Returns: A new service.
    /// - Throws: A ``ContainerError`` naming the ID and the problem.
    public func require<Argument, Service>(_ id: ArgumentInjectID<Argument, Service>, argument: Argument)
        throws(ContainerError) -> Service
    {
        try inContext(loading: id.name, as: Service.self) { container throws(ContainerError) in
            try container.requireService(named: id.name, argument: argument, as: Service.self)
        }
    }

    /// Loads every contribution to `point`, in the documented order.
    ///
    /// A contribution that fails is left out and reported to the diagnostics handler.
    ///
    /// - Parameter point: The extension point.
    /// - Returns: The elements of the contributions that did not fail.
    public func load<Element>(_ point: ExtensionPoint<Element>) -> [Element] {
        inContext(loading: point.name, as: [Element].self, orIfReleased: []) { $0.loadElements(of: point) }
    }

    /// Loads every contribution to `point`, or throws the first failure.
    ///
    /// Use it where a contribution that fails is a mistake to surface rather than an entry to
    /// leave out. It reports nothing to the diagnostics handler, like every `require`: the
    /// error goes to the caller, and a factory that lets it propagate fails in turn. A point
    /// without contributions loads as empty.
    ///
    /// ```swift
    /// container.register(.playerMenuTitles) { resolver throws in
    ///     try resolver.require(.playerMenu).map(\.title)
    /// }
    /// ```
    ///
    /// - Parameter point: The extension point.
    /// - Returns: The elements in the documented order.
    /// - Throws: ``ContainerError/typeMismatch(id:requestedType:actualType:)`` when the point's
    ///   name is registered as something else, or the error of the first contribution that
    ///   fails.
    public func require<Element>(_ point: ExtensionPoint<Element>) throws(ContainerError) -> [Element] {
        try inContext(loading: point.name, as: [Element].self) { container throws(ContainerError) in
            try container.requireElements(of: point)
        }
    }

    /// Loads the service registered under `id` in an `async` factory, running its factory
    /// where it must run, or returns `nil` if there is none.
    ///
    /// Loading through the resolver keeps the load on the factory's resolution stack, so
    /// cycles among async factories are reported instead of waiting forever.
    ///
    /// - Parameter id: The ID to load.
    /// - Returns: The service, or `nil`.
    public func loadAsync<Service>(_ id: InjectID<Service>) async -> Service? {
        guard let live = liveContext else {
            reference.reportReleased(id.name, as: Service.self)
            return nil
        }
        return await live.runAsync { await $0.loadServiceAsync(named: id.name, as: Service.self) }
    }

    /// Loads the service registered under `id` in an `async` factory, or throws an error
    /// that explains why not; reports nothing to the diagnostics handler.
    ///
    /// - Parameter id: The ID to load.
    /// - Returns: The service.
    /// - Throws: A ``ContainerError`` naming the ID and the problem.
    public func requireAsync<Service>(_ id: InjectID<Service>) async throws(ContainerError) -> Service {
        guard let live = liveContext else { throw .released(id.name, as: Service.self) }
        return try await live.runAsync { container async throws(ContainerError) in
            try await container.requireServiceAsync(named: id.name, as: Service.self)
        }
    }

    /// Returns an original-API item for the string ID, or `nil`.
    ///
    /// - Parameter injectID: The string ID.
    /// - Returns: An item whose `resolve()` creates the service.
    public func load(for injectID: String) -> Injectable? {
        inContext(loading: injectID, as: (any Injectable).self, orIfReleased: nil) {
            $0.originalAPIItem(for: injectID)
        }
    }

    /// Runs `load`, an entry point of the engine, on this resolver's container with its
    /// override scopes as the task's: what every load kind but `load(_:)` does, which keeps
    /// a copy of it for speed.
    ///
    /// - Returns: What `load` returns, or `released` once the container or the scopes are
    ///   gone, after reporting ``ContainerError/containerReleased(id:requestedType:)``.
    private func inContext<Result, Requested>(
        loading name: String, as _: Requested.Type, orIfReleased released: Result,
        _ load: (Container) -> Result
    ) -> Result {
        guard let live = liveContext else {
            reference.reportReleased(name, as: Requested.self)
            return released
        }
        return live.run(load)
    }

    /// The throwing counterpart of `inContext(loading:as:orIfReleased:_:)`, for `require`s.
    ///
    /// - Throws: What `load` throws, or ``ContainerError/containerReleased(id:requestedType:)``
    ///   once the container or the scopes are gone.
    private func inContext<Result, Requested>(
        loading name: String, as _: Requested.Type, _ load: (Container) throws(ContainerError) -> Result
    ) throws(ContainerError) -> Result {
        guard let live = liveContext else { throw .released(name, as: Requested.self) }
        return try live.run(load)
    }

    /// A handle that loads the service registered under `id` on first use, once, in this
    /// resolver's context.
    ///
    /// Take one where two features need each other: each factory stays cycle-free, and the
    /// service is loaded when it is first needed. See ``Lazy``.
    ///
    /// ```swift
    /// container.register(.toast, scope: .singleton) { resolver in
    ///     ToastCenter(log: resolver.load(.appLog, default: PrintLog()), player: resolver.lazy(.player))
    /// }
    /// ```
    ///
    /// - Parameter id: The ID to load.
    /// - Returns: A handle that has loaded nothing yet.
    public func lazy<Service>(_ id: InjectID<Service>) -> Lazy<Service> {
        Lazy(id, context: self)
    }

    /// A handle that loads the service registered under `id` anew on every call.
    ///
    /// Each call loads in this resolver's context, so a transient service is new each time.
    /// See ``ServiceProvider``.
    ///
    /// ```swift
    /// container.register(.notifier) { resolver in
    ///     Notifier(makeToast: resolver.provider(.toast))
    /// }
    /// ```
    ///
    /// - Parameter id: The ID to load.
    /// - Returns: The handle.
    public func provider<Service>(_ id: InjectID<Service>) -> ServiceProvider<Service> {
        ServiceProvider(id, context: self)
    }
}

/// A container's reference with the override scopes a factory ran under.
///
/// The scopes are held strongly, so that a kept resolver sees them after they ended, or
/// weakly, where the holder of the resolver is itself held by the scope (a service cached
/// in it) or must load nothing once it ended (a handle).
///
/// `@unchecked Sendable`: `weakOverrides` is written once, in `init`; weak loads are atomic.
private final class OverriddenContext: @unchecked Sendable {
    let reference: ContainerReference
    private let strongOverrides: OverrideScope?
    private weak var weakOverrides: OverrideScope?

    init(reference: ContainerReference, overrides: OverrideScope, holdingScopes: Bool) {
        self.reference = reference
        if holdingScopes {
            strongOverrides = overrides
        } else {
            strongOverrides = nil
            weakOverrides = overrides
        }
    }

    /// Whether the context keeps its override scopes alive.
    var holdsScopes: Bool { strongOverrides != nil }

    /// The override scopes, or `nil` once weakly held ones have ended.
    var overrides: OverrideScope? { strongOverrides ?? weakOverrides }
}

/// A resolver's context while one of its loads runs: its container and override scopes,
/// retained for the load.
struct LiveContext {
    let container: Container
    let overrides: OverrideScope?

    /// Runs `body` on the container with the override scopes as the task's: at once while
    /// they are the task's already, as while the factory runs.
    @inline(__always)
    func run<Result, Failure: Error>(_ body: (Container) throws(Failure) -> Result) throws(Failure) -> Result
    {
        if OverrideScope.current === overrides {
            return try body(container)
        }
        return try rebound { () throws(Failure) -> Result in try body(container) }.get()
    }

    /// The async counterpart of `run(_:)`.
    func runAsync<Result, Failure: Error>(
        _ body: (Container) async throws(Failure) -> Result
    ) async throws(Failure) -> Result {
        if OverrideScope.current === overrides {
            return try await body(container)
        }
        return try await OverrideScope.binding(overrides) { () async throws(Failure) -> Result in
            try await body(container)
        }
    }

    /// Runs `body` with the override scopes as the task's.
    @inline(never)
    func rebound<Result, Failure: Error>(_ body: () throws(Failure) -> Result)
        -> Swift.Result<Result, Failure>
    {
        Swift.Result { () throws(Failure) -> Result in try OverrideScope.binding(overrides, body) }
    }
}
