/// A handle that loads a service on first use, once, as the container it came from sees it.
///
/// Take one where two features need each other: the toast center pauses the player, and the
/// player shows toasts. Loading each other in their factories would be a cycle; with a lazy
/// player, both can be created eagerly, and the player is loaded when a toast first needs it.
///
/// ```swift
/// container.register(.toast, scope: .singleton) { resolver in
///     ToastCenter(log: resolver.load(.appLog, default: PrintLog()), player: resolver.lazy(.player))
/// }
/// container.register(.player, scope: .singleton) { resolver in
///     Player(toast: resolver.load(.toast))
/// }
/// let toast = container.load(.toast)  // loads no player yet
/// ```
///
/// - The first use loads through the context of the resolver the handle came from (see
///   ``Resolver``), whatever the calling task's overrides; ``Container/lazy(_:)`` takes the
///   container and the calling task's overrides.
/// - Threads that race on the first use load once: one loads, the others wait for it. A
///   load that yields `nil` is not kept, so a later use tries again (a plugin may register
///   the feature meanwhile).
/// - A first use inside the factory of the service it points to is a cycle: it yields `nil`,
///   and the top-level load fails with ``ContainerError/cycle(path:)``, reported to the
///   diagnostics handler, never a hang.
/// - The handle holds its container and override scope weakly, so a cached service that
///   keeps one does not keep its container alive; once either is gone, a handle that has not
///   loaded yet yields `nil` and reports ``ContainerError/containerReleased(id:requestedType:)``.
///   A loaded service stays with the handle.
/// - A handle that a cached service's factory takes is kept by that service, and so is what
///   it loads: a first use that loads a named-scope service is reported as a
///   ``DiagnosticEvent/captiveDependency(_:)``, and under ``CaptiveDependencyPolicy/fail``
///   yields `nil` (``require()`` throws). Take a ``ServiceProvider`` there instead.
/// - Like ``Container/load(_:)->Service?``, ``value`` reports failures to the diagnostics
///   handler; ``require()`` throws them instead and reports nothing.
///
/// For an ``ArgumentInjectID``, ``Resolver/lazy(_:argument:)`` makes an ``ArgumentLazy``,
/// which makes its service from the argument it was given, on first use, once.
public struct Lazy<Service>: Sendable {
    /// The ID the handle loads.
    public let id: InjectID<Service>
    /// Holds its container and override scope weakly, as every resolver does.
    private let context: Resolver
    /// Shared by the handle's copies, so that they load once between them.
    private let cache = InjectedCache<Service>()
    /// The cached service whose factory took the handle, which keeps what it loads; weak,
    /// because that service holds the handle.
    private weak var holder: Registration?

    init(_ id: InjectID<Service>, context: Resolver) {
        self.id = id
        self.context = context.holdingScopesWeakly
        let thread = ThreadState.current
        holder = thread.frames.isEmpty ? nil : Container.captiveHolder(thread: thread)
    }

    /// Loads the service with `body`, unless a cached service took the handle and would keep
    /// a named-scope service captive under the `fail` policy.
    private func load<Result>(_ body: () throws(ContainerError) -> Result) throws(ContainerError) -> Result {
        if let holder, let live = context.liveContext,
            let dependency = live.run({ $0.findRegistration(named: id.name, thread: ThreadState.current) })
        {
            try live.container.checkNotCaptive(dependency, heldBy: holder)
        }
        return try body()
    }

    /// The service, loaded on first use; `nil` when it is absent, like
    /// ``Container/load(_:)->Service?``.
    ///
    /// ```swift
    /// lazyPlayer.value?.play("Intro")
    /// ```
    public var value: Service? {
        // The cache checks for a stored service first.
        cache.value(loading: id.name, reportingTo: context.reference) { () -> Service? in
            // Reported already when captive; `load` reports a context that is gone.
            try? load { () -> Service? in context.load(id) }
        }
    }

    /// The service, loaded on first use, or an error that explains why it cannot be loaded.
    ///
    /// It reports no failure to the diagnostics handler, like every `require`.
    ///
    /// ```swift
    /// let player = try lazyPlayer.require()
    /// ```
    ///
    /// - Returns: The service.
    /// - Throws: What ``Resolver/require(_:)->Service`` throws;
    ///   ``ContainerError/containerReleased(id:requestedType:)`` when the container the handle
    ///   came from is gone; ``ContainerError/cycle(path:)`` when the use closes a
    ///   cycle.
    public func require() throws(ContainerError) -> Service {
        var failure: ContainerError?
        let service = cache.value(loading: id.name, reportingTo: context.reference) { () -> Service? in
            do throws(ContainerError) {
                return try load { () throws(ContainerError) -> Service in try context.require(id) }
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
