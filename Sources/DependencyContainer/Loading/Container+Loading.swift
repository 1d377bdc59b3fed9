import DependencyContainerSystem

extension Container {
    /// Loads the service registered under `id`, or `nil` if there is none.
    ///
    /// `nil` means the feature is absent, or its registration failed (a type mismatch, a
    /// cycle, a factory that threw); the reason goes to the diagnostics handler. Callers fall
    /// back gracefully:
    ///
    /// ```swift
    /// guard let toast = container.load(.toast) else { return }  // toast feature absent
    /// toast.show("Saved")
    /// ```
    ///
    /// - Parameter id: The ID to load.
    /// - Returns: The service, created or reused according to the registration's scope.
    /// - Complexity: O(1) on average; a singleton that exists costs one hash lookup.
    @inline(__always)
    public func load<Service>(_ id: InjectID<Service>) -> Service? {
        // The thread keeps its state alive until it exits.
        let thread = ThreadState.currentUnretained
        // The lookup reads only registrations, which the thread's cached snapshot (or the
        // reference the general path takes) keeps alive; services are read after it.
        let lookup = thread._withUnsafeGuaranteedRef { thread in
            borrowedRegistration(named: id.name, thread: thread)
        }
        switch lookup {
        case .found(let borrowed):
            // Transient and graph services are never read in place, so their loads need no
            // read of their own; the loads their factories make announce themselves.
            guard borrowed.isShared else {
                return resolveReportingFailure(
                    borrowed.retained, named: id.name, as: Service.self, thread: ThreadState.current)
            }
            // The rest of the load is one read: a published singleton is read in place, and a
            // service that a write retires meanwhile is freed only after this read ends.
            thread._withUnsafeGuaranteedRef { $0.beginRead() }
            defer { thread._withUnsafeGuaranteedRef { $0.endRead() } }
            // A published singleton is read in place; anything else may run a factory that
            // loads, so it needs its own reference to the registration.
            if let service = borrowed.publishedSingleton(as: Service.self) {
                // Inside a factory, an existing named-scope service may still be captive.
                guard thread._withUnsafeGuaranteedRef({ $0.frames.isEmpty }) else {
                    return checkedPublished(service, borrowed.retained, thread: ThreadState.current)
                }
                return service
            }
            return resolveReportingFailure(
                borrowed.retained, named: id.name, as: Service.self, thread: ThreadState.current)
        case .absent:
            // No read: a miss touches no service.
            reportMissing(id.name, Service.self)
            return nil
        case .unknown, .foundAndHeld:
            let thread = ThreadState.current
            guard let registration = findRegistration(named: id.name, thread: thread) else {
                reportMissing(id.name, Service.self)
                return nil
            }
            guard registration.isShared else {
                return resolveReportingFailure(registration, named: id.name, as: Service.self, thread: thread)
            }
            thread.beginRead()
            defer { thread.endRead() }
            // The lookup's reference may be the last one (a write removed the registration):
            // it must outlive the in-place read. No closure returning `Service?` here: through
            // a generic function, it would cost every load a metadata lookup for `Service?`.
            if let published = registration.publishedSingleton(as: Service.self) {
                withExtendedLifetime(registration) {}
                return checkedPublished(published, registration, thread: thread)
            }
            return resolveReportingFailure(registration, named: id.name, as: Service.self, thread: thread)
        }
    }

    /// `service`, the published singleton of `registration`, unless loading it from the
    /// factory running on this thread makes it captive under the `fail` policy.
    private func checkedPublished<Service>(
        _ service: Service, _ registration: Registration, thread: ThreadState
    ) -> Service? {
        do {
            try checkNotCaptive(registration, thread: thread)
            return service
        } catch {
            // Reported as captive already; the holder's load reports the failure.
            return nil
        }
    }

    /// Resolves `registration` for ``load(_:)->Service?``, reporting a failure.
    private func resolveReportingFailure<Service>(
        _ registration: Registration, named name: String, as _: Service.Type, thread: ThreadState
    ) -> Service? {
        // Not rebound through `current(_:named:thread:)`: a new reference costs every load a
        // retain and a release.
        if registration.isRetired {
            return resolveReplacement(of: registration, named: name, as: Service.self, thread: thread)
        }
        return resolveCatching(registration, as: Service.self, thread: thread)
    }

    /// Resolves `registration`, reporting a failure and returning `nil` for it.
    @inline(__always)
    private func resolveCatching<Service>(
        _ registration: Registration, as _: Service.Type, thread: ThreadState
    )
        -> Service?
    {
        do {
            return try resolve(registration, as: Service.self, thread: thread)
        } catch {
            reportFailure(error, nested: !thread.frames.isEmpty)
            return nil
        }
    }

    /// Resolves what replaced `registration`, which a write retired after the lookup.
    @inline(never)
    private func resolveReplacement<Service>(
        of registration: Registration, named name: String, as _: Service.Type, thread: ThreadState
    ) -> Service? {
        guard let replacement = findRegistration(named: name, thread: thread) else {
            reportMissing(name, Service.self)
            return nil
        }
        // Retired again meanwhile, it still makes a service: it only keeps none.
        return resolveCatching(replacement, as: Service.self, thread: thread)
    }

    /// `registration`, or what replaced it when a write retired it after the lookup, so that
    /// a load racing a replacement or a reset gets the old or the new service, not a third.
    @inline(__always)
    func current(_ registration: Registration, named name: String, thread: ThreadState) -> Registration? {
        guard registration.isRetired else { return registration }
        return findRegistration(named: name, thread: thread)
    }

    /// Loads the service registered under `id`, or returns `defaultValue` if there is none.
    ///
    /// ```swift
    /// let analytics = container.load(.analytics, default: NullAnalytics())
    /// ```
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

    /// Loads the service registered under `id`, throwing an error that explains why when
    /// it cannot.
    ///
    /// Use it where a missing service is a configuration mistake to be surfaced. Unlike
    /// ``load(_:)->Service?``, it reports nothing to the diagnostics handler: the error is the
    /// caller's to handle.
    ///
    /// ```swift
    /// do {
    ///     let player = try container.require(.player)
    ///     player.play("Intro")
    /// } catch {
    ///     print(error)  // No registration for ID 'PlayerInjectID' …
    /// }
    /// ```
    ///
    /// - Parameter id: The ID to load.
    /// - Returns: The service, created or reused according to the registration's scope.
    /// - Throws: ``ContainerError/notRegistered(id:requestedType:registeredIDs:)`` when the ID
    ///   has no registration, ``ContainerError/typeMismatch(id:requestedType:actualType:)``,
    ///   ``ContainerError/cycle(path:)`` or ``ContainerError/factoryFailed(id:underlying:)``.
    public func require<Service>(_ id: InjectID<Service>) throws(ContainerError) -> Service {
        let thread = ThreadState.current
        guard let found = findRegistration(named: id.name, thread: thread),
            let registration = current(found, named: id.name, thread: thread)
        else {
            throw .notRegistered(
                id: id.name, requestedType: typeName(Service.self),
                registeredIDs: registeredIDsForMessage(missing: id.name))
        }
        return try resolve(registration, as: Service.self, thread: thread)
    }

    // MARK: Resolution

    /// Produces `registration`'s service as `Service`; fails the whole load when it is the
    /// top-level one and a cycle was found anywhere inside it.
    func resolve<Service>(_ registration: Registration, as _: Service.Type, thread: ThreadState)
        throws(ContainerError) -> Service
    {
        guard thread.frames.isEmpty else {
            return try produce(registration, as: Service.self, thread: thread)
        }
        // No `Result<Service, _>`: this code runs unspecialized for callers in other modules,
        // where each generic enum costs a metadata lookup.
        let service: Service
        do {
            service = try produce(registration, as: Service.self, thread: thread)
        } catch {
            throw endTopLevelLoad(thread) ?? error
        }
        if let failure = endTopLevelLoad(thread) {
            throw failure
        }
        return service
    }

    /// Resets the thread's resolution state after a top-level load and returns the failure
    /// that fails it whole, if any (``ContainerError/failsWholeLoad``).
    @inline(__always)
    func endTopLevelLoad(_ thread: ThreadState) -> ContainerError? {
        // The common case, inline: nothing failed, nothing cached for the graph, nothing retired.
        if thread.loadFailure == nil, thread.captiveFailure == nil, thread.graphInstances.isEmpty,
            !InstanceReclaimer.hasPending
        {
            return nil
        }
        return endTopLevelLoadSlowly(thread)
    }

    @inline(never)
    private func endTopLevelLoadSlowly(_ thread: ThreadState) -> ContainerError? {
        let failure = thread.loadFailure
        thread.loadFailure = nil
        // Checked first: clearing it unconditionally would release an optional error on every load.
        if thread.captiveFailure != nil { thread.captiveFailure = nil }
        if !thread.graphInstances.isEmpty {
            let graph = thread.graphInstances
            thread.graphInstances = [:]
            // Released after the reset, so a deinit that loads starts a fresh graph.
            withExtendedLifetime(graph) {}
        }
        // A read that ended while a factory ran left retired services to the top-level load.
        if InstanceReclaimer.hasPending, thread.readDepth == 0 {
            InstanceReclaimer.shared.reclaim()
        }
        return failure
    }

    private func produce<Service>(_ registration: Registration, as _: Service.Type, thread: ThreadState)
        throws(ContainerError) -> Service
    {
        try checkNotBeingMade(registration, thread: thread)
        try checkNotCaptive(registration, thread: thread)
        if let isolated = registration.isolated,
            isolated.isolation == .asynchronous || !MainThread.isCurrent
        {
            // Never run an isolated factory here, and never wait for one: hand out only what exists.
            return try existingService(registration, as: Service.self)
        }
        switch registration.scope {
        case .transient:
            return try make(registration, as: Service.self, thread: thread)
        case .graph:
            let key = ObjectIdentifier(registration)
            if let cached = thread.graphInstances[key] {
                return try cast(cached.value, from: registration, to: Service.self)
            }
            let value = try make(registration, as: Service.self, thread: thread)
            thread.graphInstances[key] = (registration, value)
            return value
        case .singleton:
            return try shared(registration, as: Service.self, thread: thread)
        case .weak:
            if let object = registration.weakObject {
                return try cast(object, from: registration, to: Service.self)
            }
            return try shared(registration, as: Service.self, thread: thread)
        }
    }

    /// Throws the cycle when `registration`'s factory is already running on this thread.
    @inline(__always)
    func checkNotBeingMade(_ registration: Registration, thread: ThreadState) throws(ContainerError) {
        // A top-level load has nothing on the stack: no call for it.
        if !thread.frames.isEmpty, thread.frames.contains(where: { $0 === registration }) {
            let path = thread.frames.map(\.id) + [registration.id]
            if thread.loadFailure == nil { thread.loadFailure = .cycle(path: path) }
            throw .cycle(path: path)
        }
    }

    /// Returns the singleton or weak service, creating it if no thread has yet.
    private func shared<Service>(_ registration: Registration, as _: Service.Type, thread: ThreadState)
        throws(ContainerError) -> Service
    {
        let monitor = CreationMonitor.shared
        switch monitor.acquire(registration, thread: thread) {
        case .deadlock(let path):
            if thread.loadFailure == nil { thread.loadFailure = .cycle(path: path) }
            throw .cycle(path: path)
        case .acquired:
            break
        }
        defer { monitor.release(registration) }
        // Another thread may have finished creating it while this one waited.
        if registration.scope == .singleton, let value = registration.singletonValue {
            #if DC_INTERLEAVING
                // The seeded defect acts only where the recheck finds a singleton.
                let recheck = !InterleavingHooks.has(.creationWithoutRecheck)
            #else
                let recheck = true
            #endif
            if recheck { return try cast(value, from: registration, to: Service.self) }
        }
        if registration.scope == .weak, let object = registration.weakObject {
            return try cast(object, from: registration, to: Service.self)
        }
        // Rule: a cached service never captures a narrower context's service.
        let box = try runInOwnContext(registration, thread: thread) { resolver throws in
            try registration.factory.makeBox(resolver)
        }
        try checkNoCaptiveFailure(creating: registration, thread: thread)
        // A service built while a cycle was broken may hold nils; never keep it.
        if thread.loadFailure == nil {
            registration.keep(box)
        }
        return try unbox(box, from: registration, as: Service.self)
    }

    /// Runs the factory for a new service of type `Service`.
    private func make<Service>(_ registration: Registration, as _: Service.Type, thread: ThreadState)
        throws(ContainerError) -> Service
    {
        if let factory = registration.typedFactory(producing: Service.self) {
            return try run(registration, thread: thread) { resolver throws in try factory.make(resolver) }
        }
        let value = try run(registration, thread: thread) { resolver throws in
            try registration.factory.makeValue(resolver)
        }
        return try cast(value, from: registration, to: Service.self)
    }

    /// Runs `body` with `registration` on the thread's resolution stack, wrapping the errors
    /// a factory throws.
    func run<Result>(
        _ registration: Registration, thread: ThreadState, _ body: (Resolver) throws -> Result
    ) throws(ContainerError) -> Result {
        // Checked before each factory, not each load: only factories nest.
        if dependency_container_stack_position() < thread.stackLimit {
            let error = ContainerError.resolutionTooDeep(
                id: thread.frames.first?.id ?? registration.id, depth: thread.frames.count + 1,
                innermostID: registration.id)
            if thread.loadFailure == nil { thread.loadFailure = error }
            throw error
        }
        thread.frames.append(registration)
        defer { thread.frames.removeLast() }
        do {
            // The task's override scopes are the ones this factory runs under (`runInOwnContext`
            // bound its owner's): the resolver keeps them for loads made later. Two calls:
            // one resolver built either way would cost every run a retain and a release.
            if let overrides = OverrideScope.current {
                return try body(Resolver(container: self, overrides: overrides, running: registration))
            }
            // The reference is a constant of this container, which the caller keeps alive: a
            // guaranteed reference spares every run a retain and a release.
            return try Unmanaged.passUnretained(reference)._withUnsafeGuaranteedRef { reference in
                try body(Resolver(reference: reference))
            }
        } catch {
            throw ContainerError(error, thrownBy: registration.id, passing: \.failsWholeLoad)
        }
    }

    /// The singleton or live weak service of an isolated registration, which a synchronous
    /// load may hand out without running its factory.
    func existingService<Service>(_ registration: Registration, as _: Service.Type)
        throws(ContainerError) -> Service
    {
        if let value = registration.existingSharedService {
            return try cast(value, from: registration, to: Service.self)
        }
        throw .unavailableSynchronously(id: registration.id, isolation: registration.isolation)
    }

    /// The service in `box`, which `registration`'s factory made: read without a dynamic cast
    /// when it is exactly a `Service`.
    func unbox<Service>(_ box: InstanceBoxBase, from registration: Registration, as _: Service.Type)
        throws(ContainerError) -> Service
    {
        if let box = box as? InstanceBox<Service> {
            return box.value
        }
        return try cast(box.anyValue, from: registration, to: Service.self)
    }

    func cast<Service>(_ value: Any, from registration: Registration, to _: Service.Type)
        throws(ContainerError) -> Service
    {
        // An argument factory's value is the function that makes its services, whatever
        // type the load asks for.
        if value is ArgumentFactoryBase, let factoryType = registration.argumentFactoryType {
            throw .argumentMismatch(
                id: registration.id, requestedArgument: nil, registeredArgument: factoryType.argumentTypeName)
        }
        guard let service = value as? Service else {
            throw .typeMismatch(
                id: registration.id, requestedType: typeName(Service.self),
                actualType: typeName(type(of: value)))
        }
        return service
    }
}
