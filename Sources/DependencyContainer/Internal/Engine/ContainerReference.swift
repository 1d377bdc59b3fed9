/// A container's weak reference to itself, shared by everything the container hands out.
///
/// `@unchecked Sendable`: `container` is written once, in `Container.init`, before the reference is
/// shared, then only read; the runtime's weak loads are atomic with respect to the container's
/// deinitialization.
final class ContainerReference: @unchecked Sendable {
    /// The container, or `nil` once its last strong reference has gone; set once, by
    /// `Container.init`.
    weak var container: Container?
    /// The container's diagnostics handler: kept here, not in the container, so that it
    /// outlives the container for the loads that find it gone.
    let diagnosticsHandler = LockedValue<DiagnosticsHandler?>(nil)
    /// Whether `diagnosticsHandler` holds a handler, checked before building an event.
    let hasDiagnosticsHandler = AtomicFlag()
    /// The parent container's reference, for reporting to an ancestor's handler.
    let parent: ContainerReference?
    /// ``Container/defaultScope`` as set on this container; `nil` to use the parent's.
    let defaultScopeSetting = LockedValue<Scope?>(nil)
    /// The sinks that want every load on this container, published singletons included: the
    /// traces recording it and its async factories that note; the fast path reads it.
    let tracedLoads = AtomicCounter(0)

    /// Whether a trace records this container's loads: its own count or an ancestor's, for a
    /// child made after the trace started.
    var isTraced: Bool {
        nearest { $0.tracedLoads.loadRelaxed() != 0 ? true : nil } ?? false
    }

    /// What `value` answers for this reference or its nearest ancestor it answers for.
    private func nearest<Value>(_ value: (ContainerReference) -> Value?) -> Value? {
        for reference in sequence(first: self, next: \.parent) {
            if let found = value(reference) { return found }
        }
        return nil
    }

    init(parent: ContainerReference?) { self.parent = parent }

    /// The scope of a registration that states none: the one set on the nearest container
    /// of the chain that has one, else ``Scope/transient``.
    var defaultScope: Scope {
        // The common case, no container has ever set one: no walk, which retains each link.
        guard Self.someDefaultScopeIsSet.load() else { return .transient }
        return nearest { $0.defaultScopeSetting.withLock { $0 } } ?? .transient
    }

    /// Whether any container of the process has set a default scope; set once, never cleared.
    static let someDefaultScopeIsSet = AtomicFlag()

    /// Sets the default scope of this container.
    func setDefaultScope(_ scope: Scope) {
        defaultScopeSetting.withLock { $0 = scope }
        Self.someDefaultScopeIsSet.store(true)
    }

    /// Sets the diagnostics handler, or removes it.
    func setDiagnosticsHandler(_ handler: DiagnosticsHandler?) {
        diagnosticsHandler.withLock { current in
            current = handler
            hasDiagnosticsHandler.store(handler != nil)
        }
    }

    /// Sends `event` to the handler of this container or its nearest ancestor that has one,
    /// whether or not the containers are still alive.
    func report(_ event: @autoclosure () -> DiagnosticEvent) {
        let handler = nearest {
            $0.hasDiagnosticsHandler.load() ? $0.diagnosticsHandler.withLock { $0 } : nil
        }
        guard let handler else { return }
        // Checked only now: most containers have no handler, and misses should be cheap.
        let thread = ThreadState.current
        guard !thread.isReporting else { return }
        thread.isReporting = true
        defer { thread.isReporting = false }
        handler(event())
    }

    /// Reports that a load of `id` found its container gone, and returns the error.
    @inline(never)
    @discardableResult
    func reportReleased<Service>(_ id: String, as _: Service.Type) -> ContainerError {
        let error = ContainerError.released(id, as: Service.self)
        report(.failed(error))
        return error
    }
}

/// A diagnostics handler, as ``Container/setDiagnosticsHandler(_:)`` takes it.
typealias DiagnosticsHandler = @Sendable (DiagnosticEvent) -> Void
