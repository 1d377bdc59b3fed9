extension Container {
    /// Every registration this container's loads can reach, sorted by ID.
    ///
    /// Registrations inherited from ancestors are included unless this container overrides
    /// them, and are marked ``RegistrationInfo/isInherited``. Test overrides are not listed. Of
    /// an ID with registrations for contexts, only the one that answers is listed, and its
    /// ``RegistrationInfo/context`` says which context that is.
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
                    isolation: info.isolation, isInherited: isInherited, dependencies: info.dependencies,
                    context: info.context, creationHookCount: info.creationHookCount,
                    hasDisposeHook: info.hasDisposeHook, isEager: info.isEager, timeToLive: info.timeToLive))
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
    /// It looks where a load looks: the current task's test overrides, this container, then
    /// each ancestor; a parent never sees its children's registrations. To ask about this
    /// container's own registrations only, compare with its parent's answer, or read
    /// ``RegistrationInfo/isInherited`` in ``registrations``.
    ///
    /// ```swift
    /// let child = Container(parent: container)
    /// container.register(.analytics) { ConsoleAnalytics() }
    /// let inherited = child.contains(.analytics)  // true
    /// ```
    ///
    /// - Parameter id: The ID to look for.
    /// - Returns: `true` if this container, a test override or an ancestor registers `id`.
    public func contains<Service>(_ id: InjectID<Service>) -> Bool {
        findRegistration(named: id.name, thread: ThreadState.current) != nil
    }

    /// Whether the registration a load of `id` would use keeps a service now, which the load
    /// would return without running the factory: a singleton or named scope's service made
    /// already, or a weak one still held elsewhere, within its time to live.
    ///
    /// The registration is found as ``contains(_:)`` finds it, so a child answers for the
    /// parent's registration it inherits. Transient and graph registrations never keep one.
    ///
    /// ```swift
    /// container.register(.analytics, scope: .singleton) { ConsoleAnalytics() }
    /// let cached = container.hasCachedService(for: .analytics)  // false: not loaded yet
    /// ```
    ///
    /// - Parameter id: The ID to look for.
    /// - Returns: Whether a service is cached for `id`; `false` when it is not registered.
    public func hasCachedService<Service>(for id: InjectID<Service>) -> Bool {
        findCurrentRegistration(named: id.name, thread: ThreadState.current)?.hasCachedService ?? false
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
        reference.setDiagnosticsHandler(handler)
    }

    /// Sends `event` to the handler of this container or its nearest ancestor that has one
    /// (``ContainerReference/report(_:)``).
    @inline(__always)
    func report(_ event: @autoclosure () -> DiagnosticEvent) {
        reference.report(event())
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

extension Container {
    /// What this container does when a cached service's factory loads a shorter-lived one.
    ///
    /// Unless set, a container uses its parent's policy, and a root container
    /// ``CaptiveDependencyPolicy/report``.
    ///
    /// ```swift
    /// container.captiveDependencyPolicy = .fail
    /// ```
    public var captiveDependencyPolicy: CaptiveDependencyPolicy {
        get {
            var container: Container? = self
            while let current = container {
                if let policy = current.captivePolicySetting.withLock({ $0 }) {
                    return policy
                }
                container = current.parent
            }
            return .report
        }
        set {
            captivePolicySetting.withLock { $0 = newValue }
        }
    }
}
