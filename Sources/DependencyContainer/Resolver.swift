import DependencyContainerKernel

/// The context a factory runs in: the container view its loads use.
///
/// For a cached service, the container that owns the registration; for a transient or graph
/// service, the container and override scopes of the load that runs it. It holds its container
/// weakly: once it is gone, loads report ``ContainerError/containerReleased(id:requestedType:)``.
/// See <doc:ServiceLifetimes>.
public struct Resolver: ServiceLoading {
    /// The container's reference, or an ``OverriddenContext``: one reference, which a factory
    /// run passes without a retain (an enum of the two costs every run a retain and a release).
    private var context: AnyObject & Sendable

    /// A resolver without override scopes: what every factory run outside overrides gets.
    @inline(__always)
    init(reference: ContainerReference) {
        context = reference
    }

    /// A resolver with the override scopes `overrides`, which it keeps alive unless the
    /// innermost one caches `registration`'s service: that service must not hold the scope back.
    init(container: Container, overrides: OverrideScope?, running registration: Registration? = nil) {
        self.init(
            container.reference, overrides,
            holdingScopes: registration.map { overrides?.caches($0) != true } ?? true)
    }

    private init(_ reference: ContainerReference, _ overrides: OverrideScope?, holdingScopes: Bool) {
        guard let overrides else {
            context = reference
            return
        }
        context = OverriddenContext(reference: reference, overrides: overrides, holdingScopes: holdingScopes)
    }

    /// This resolver, holding its override scopes weakly: what a ``Lazy`` or
    /// ``ServiceProvider`` handle keeps, which loads nothing once its scopes have ended.
    var holdingScopesWeakly: Resolver {
        guard let overridden = exactCast(context, to: OverriddenContext.self), overridden.holdsScopes else {
            return self
        }
        return Resolver(overridden.reference, overridden.overrides, holdingScopes: false)
    }

    /// The container whose view the factory's loads use; a new, empty one once it is gone.
    public var container: Container {
        if let live = liveContext { return live.container }
        let detached = Container(parent: nil, autoRegisters: false)
        detached.setDiagnosticsHandler(reference.diagnosticsHandler.withLock { $0 })
        return detached
    }

    /// The reference to the container, which outlives it.
    var reference: ContainerReference {
        exactCast(context, to: ContainerReference.self) ?? overridden.reference
    }

    /// The context of a resolver made under override scopes: the only other kind.
    @inline(__always)
    private var overridden: OverriddenContext { exactCast(context, to: OverriddenContext.self)! }

    /// The container and override scopes the loads use, retained, or `nil` once either is gone.
    @inline(__always)
    var liveContext: LiveContext? {
        if let reference = exactCast(context, to: ContainerReference.self) {
            return reference.container.map { LiveContext(container: $0, overrides: nil) }
        }
        let scoped = overridden
        guard let overrides = scoped.overrides, let container = scoped.reference.container else { return nil }
        return LiveContext(container: container, overrides: overrides)
    }

    /// Loads the service registered under `id`, or `nil` if there is none; a fast path of its
    /// own, budgeted as the kept-resolver probe.
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

    /// The resolver itself: its verbs load in its context.
    public var _loadTarget: _LoadTarget { .resolver(self) }

    /// `_LoadTarget`'s resolver path, out of line, off a container's own paths: once the context
    /// is gone, `released` gets the error, reported first for a `load` (`reporting`).
    @usableFromInline @inline(never)
    func loading<Result, Requested, Failure: Error>(
        _ name: String, as _: Requested.Type, reporting: Bool, _ load: (Container) throws(Failure) -> Result,
        orIfReleased released: (ContainerError) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        guard let live = liveContext else {
            return try released(
                reporting
                    ? reference.reportReleased(name, as: Requested.self) : .released(name, as: Requested.self)
            )
        }
        return try live.run(load)
    }
}

/// A container's reference with the override scopes a factory ran under, held strongly (a
/// kept resolver sees them after they ended) or weakly (a handle, or a service they cache).
///
/// `@unchecked Sendable`: `weakOverrides` is written once, in `init`; weak loads are atomic.
private final class OverriddenContext: @unchecked Sendable {
    let reference: ContainerReference
    private let strongOverrides: OverrideScope?
    private weak var weakOverrides: OverrideScope?

    init(reference: ContainerReference, overrides: OverrideScope, holdingScopes: Bool) {
        self.reference = reference
        strongOverrides = holdingScopes ? overrides : nil
        weakOverrides = overrides
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

    /// Runs `body` on the container with the override scopes as the task's.
    @inline(__always)
    func run<Result, Failure: Error>(_ body: (Container) throws(Failure) -> Result) throws(Failure) -> Result
    {
        if OverrideScope.current === overrides { return try body(container) }
        return try rebound { () throws(Failure) -> Result in try body(container) }.get()
    }

    /// Runs `body` with the override scopes as the task's.
    @inline(never)
    func rebound<Result, Failure: Error>(_ body: () throws(Failure) -> Result)
        -> Swift.Result<Result, Failure>
    {
        Swift.Result { () throws(Failure) -> Result in try OverrideScope.binding(overrides, body) }
    }
}
