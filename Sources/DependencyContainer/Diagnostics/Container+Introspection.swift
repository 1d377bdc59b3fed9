extension Container {
    /// Every registration this container's loads can reach, sorted by ID.
    ///
    /// Registrations inherited from ancestors are included unless this container overrides
    /// them, and are marked ``RegistrationInfo/isInherited``. Test overrides are not listed.
    ///
    /// ```swift
    /// for info in container.registrations {
    ///     print(info)  // ToastInjectID: any ToastInject [singleton] from …ToastProvider
    /// }
    /// ```
    ///
    /// - Complexity: O(*n* log *n*) in the number of registrations.
    public var registrations: [RegistrationInfo] {
        var result: [RegistrationInfo] = []
        forEachReachableRegistration { registration, isInherited in
            let info = registration.info
            result.append(
                RegistrationInfo(
                    id: info.id, serviceType: info.serviceType, provider: info.provider, scope: info.scope,
                    isolation: info.isolation, isInherited: isInherited))
        }
        return result.sorted { $0.id < $1.id }
    }

    /// Calls `body` for every registration this container's loads can reach, test overrides
    /// aside, in lookup order, skipping those a nearer container shadows.
    ///
    /// - Parameter body: Receives each registration and whether an ancestor holds it.
    private func forEachReachableRegistration(_ body: (Registration, _ isInherited: Bool) -> Void) {
        // A root container, the common case, shadows nothing: no set of seen IDs.
        var seen: Set<String>? = parent == nil ? nil : []
        _ = walkLookupOrder(overrides: nil) { place in
            let isInherited = place.container !== self
            let entries = place.store.read { Array($0.values) }
            for registration in entries where seen?.insert(registration.id).inserted ?? true {
                body(registration, isInherited)
            }
            return .absent
        }
    }

    /// Whether a load of `id` would find a registration, without creating a service.
    ///
    /// - Parameter id: The ID to look for.
    /// - Returns: `true` if this container, a test override or an ancestor registers `id`.
    public func contains<Service>(_ id: InjectID<Service>) -> Bool {
        findRegistration(named: id.name, thread: ThreadState.current) != nil
    }

    /// Installs the function that receives this container's diagnostic events, replacing
    /// any earlier one; `nil` removes it.
    ///
    /// Events of a child container without a handler go to its nearest ancestor's handler.
    /// The handler runs on the thread that caused the event, with no lock held, so it may use
    /// the container.
    ///
    /// ```swift
    /// container.setDiagnosticsHandler { event in
    ///     if case .missing(let id, _) = event { print("feature \(id) absent") }
    /// }
    /// ```
    ///
    /// - Parameter handler: The function to call for each event.
    public func setDiagnosticsHandler(_ handler: (@Sendable (DiagnosticEvent) -> Void)?) {
        diagnosticsHandler.withLock { current in
            current = handler
            hasDiagnosticsHandler.store(handler != nil ? 1 : 0)
        }
    }

    /// Sends `event` to the handler of this container or its nearest ancestor that has one
    /// (``ContainerReference/report(_:)``).
    @inline(__always)
    func report(_ event: @autoclosure () -> DiagnosticEvent) {
        reference.report(event())
    }

    /// Reports the failure of a load that returns `nil` or leaves an element out, unless a
    /// load it is nested in reports it instead: the one rule for every such load.
    ///
    /// A nested load's cycle, and a synchronous one's too-deep chain, fail the top-level
    /// load, which reports them once; a synchronous nested load's captive dependency was
    /// reported as captive already, and its holder's load reports the failure.
    ///
    /// - Parameters:
    ///   - error: Why the load failed.
    ///   - nested: Whether the load runs inside a factory: the thread has frames, or, for an
    ///     async load, the task has an ``AsyncFrame``.
    ///   - async: Whether the load is an async one, whose frames do not share the thread's
    ///     whole-load failure.
    @inline(never)  // The failure path; inlined into `loadAsync`, it crashes Swift 6.3's optimizer.
    func reportFailure(_ error: ContainerError, nested: Bool, async: Bool = false) {
        if nested {
            switch error {
            case .cycle: return
            case .resolutionTooDeep, .captiveDependency: if !async { return }
            default: break
            }
        }
        report(.failed(error))
    }

    /// Reports a load that found nothing.
    @inline(__always)
    func reportMissing<Service>(_ id: String, _: Service.Type) {
        // Absent features are normal, so a miss on a root container without a handler, the
        // common case, returns at once.
        guard parent != nil || hasDiagnosticsHandler.load() != 0 else { return }
        report(.missing(id: id, requestedType: typeName(Service.self)))
    }

    /// The IDs a ``ContainerError/notRegistered(id:requestedType:registeredIDs:)`` for `id`
    /// names: a few, the count of the rest, and a near miss of `id`.
    ///
    /// - Complexity: O(*n*) in the reachable registrations; nothing is sorted.
    func registeredIDsForMessage(missing id: String) -> RegisteredIDs {
        var collector = RegisteredIDs.Collector(requested: id)
        forEachReachableRegistration { registration, _ in collector.add(registration.id) }
        return collector.summary
    }
}
