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
/// that made the service, so they are no cycle with it and fail nothing it made. A kept
/// resolver keeps its container alive; a cached service that keeps one keeps its own
/// container alive, so keep a ``lazy(_:)`` or ``provider(_:)`` handle instead, which do not.
///
/// ```swift
/// container.register(.toast, scope: .singleton) { resolver in
///     ToastCenter(log: resolver.load(.appLog, default: PrintLog()), player: resolver.lazy(.player))
/// }
/// ```
public struct Resolver: Sendable {
    /// The container alone, as in every load without test overrides, or an
    /// `OverriddenContext` with it: one reference, as a factory run passes it without a
    /// retain (an enum of the two costs every run a retain and a release).
    private let context: AnyObject & Sendable

    /// A resolver without override scopes: what every factory run outside overrides gets.
    init(container: Container) {
        context = container
    }

    init(container: Container, overrides: OverrideScope?) {
        if let overrides {
            // Allocated only for a factory that runs under override scopes, as tests do.
            context = OverriddenContext(container: container, overrides: overrides)
        } else {
            context = container
        }
    }

    /// The container whose view the factory's loads use: the one that owns a cached
    /// service's registration, or the one a transient service's load was made on.
    public var container: Container {
        // `Container` is final: its exact type tells the two apart without a dynamic cast.
        if type(of: context) == Container.self {
            return unsafeDowncast(context, to: Container.self)
        }
        return unsafeDowncast(context, to: OverriddenContext.self).container
    }

    /// The override scopes the factory's loads see, innermost first.
    var overrides: OverrideScope? {
        if type(of: context) == Container.self { return nil }
        return unsafeDowncast(context, to: OverriddenContext.self).overrides
    }

    /// Whether the task's override scopes are the resolver's already, as while its factory runs.
    @inline(__always)
    var isCurrentContext: Bool {
        OverrideScope.current === overrides
    }

    /// Runs `body` with the resolver's override scopes as the task's.
    ///
    /// While the factory runs they are the task's already, so a load pays one comparison; a
    /// load through a kept resolver binds them for the load's duration.
    @inline(__always)
    func inContext<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        if isCurrentContext {
            return try body()
        }
        return try rebound(body).get()
    }

    @inline(never)
    private func rebound<Result, Failure: Error>(_ body: () throws(Failure) -> Result)
        -> Swift.Result<Result, Failure>
    {
        // Counted as active so that the loads consult them, as `withOverrides` does.
        if overrides != nil { GlobalAtomicWord.activeOverrideScopes.add(1) }
        defer { if overrides != nil { GlobalAtomicWord.activeOverrideScopes.add(0 &- 1) } }
        return OverrideScope.$innermost.withValue(overrides) {
            Swift.Result { () throws(Failure) -> Result in try body() }
        }
    }

    /// The async counterpart of `inContext(_:)`.
    func inContextAsync<Result, Failure: Error>(
        _ body: () async throws(Failure) -> Result
    ) async throws(Failure) -> Result {
        if OverrideScope.current === overrides {
            return try await body()
        }
        if overrides != nil { GlobalAtomicWord.activeOverrideScopes.add(1) }
        defer { if overrides != nil { GlobalAtomicWord.activeOverrideScopes.add(0 &- 1) } }
        let result = await OverrideScope.$innermost.withValue(overrides) {
            () async -> Swift.Result<Result, Failure> in
            do throws(Failure) {
                return .success(try await body())
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Loads the service registered under `id`, or `nil` if there is none.
    ///
    /// - Parameter id: The ID to load.
    /// - Returns: The service, or `nil`.
    public func load<Service>(_ id: InjectID<Service>) -> Service? {
        // The rebinding path apart: in the same function, its `Service?` and `Result`
        // metadata would be looked up on every nested load of a caller's module.
        isCurrentContext ? container.load(id) : loadRebinding(id)
    }

    @inline(never)
    private func loadRebinding<Service>(_ id: InjectID<Service>) -> Service? {
        inContext { () -> Service? in container.load(id) }
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
        // The rebinding path apart, as in `load(_:)`.
        isCurrentContext ? try container.require(id) : try requireRebinding(id)
    }

    @inline(never)
    private func requireRebinding<Service>(_ id: InjectID<Service>) throws(ContainerError) -> Service {
        try inContext { () throws(ContainerError) -> Service in try container.require(id) }
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
        inContext { () -> Service? in container.load(id, argument: argument) }
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
        try inContext { () throws(ContainerError) -> Service in try container.require(id, argument: argument)
        }
    }

    /// Loads every contribution to `point`, in the documented order.
    ///
    /// A contribution that fails is left out and reported to the diagnostics handler.
    ///
    /// - Parameter point: The extension point.
    /// - Returns: The elements of the contributions that did not fail.
    public func load<Element>(_ point: ExtensionPoint<Element>) -> [Element] {
        inContext { () -> [Element] in container.load(point) }
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
        try inContext { () throws(ContainerError) -> [Element] in try container.require(point) }
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
        await inContextAsync { () async -> Service? in await container.loadAsync(id) }
    }

    /// Loads the service registered under `id` in an `async` factory, or throws an error
    /// that explains why not; reports nothing to the diagnostics handler.
    ///
    /// - Parameter id: The ID to load.
    /// - Returns: The service.
    /// - Throws: A ``ContainerError`` naming the ID and the problem.
    public func requireAsync<Service>(_ id: InjectID<Service>) async throws(ContainerError) -> Service {
        try await inContextAsync { () async throws(ContainerError) -> Service in
            try await container.requireAsync(id)
        }
    }

    /// Returns an original-API item for the string ID, or `nil`.
    ///
    /// - Parameter injectID: The string ID.
    /// - Returns: An item whose `resolve()` creates the service.
    public func load(for injectID: String) -> Injectable? {
        inContext { () -> Injectable? in container.load(for: injectID) }
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

/// A container with the override scopes a factory ran under.
private final class OverriddenContext: Sendable {
    let container: Container
    let overrides: OverrideScope

    init(container: Container, overrides: OverrideScope) {
        self.container = container
        self.overrides = overrides
    }
}
