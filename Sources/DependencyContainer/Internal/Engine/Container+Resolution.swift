import DependencyContainerKernel
import DependencyContainerSystem

// The resolution engine: every load of a service, whatever its kind, goes through these steps
// (the Architecture article's engine table names every file each calls into):

extension Container {
    // MARK: Entry points of synchronous loads

    /// Loads the service registered under `id` for ``load(_:)->Service?``: `nil` when it is
    /// absent or fails, the failure reported.
    @inline(__always)
    func loadService<Service>(_ id: InjectID<Service>) -> Service? {
        // The thread keeps its state alive until it exits.
        let thread = ThreadState.currentBorrowed
        // The lookup reads only registrations, which the thread's cached snapshot (or the
        // reference the general path takes) keeps alive; services are read after it.
        let lookup = thread.withObject { thread in
            borrowedRegistration(named: id.name, thread: thread)
        }
        switch lookup {
        case .found(let borrowed):
            // Transient and graph services are never read in place, so their loads need no
            // read of their own; the loads their factories make announce themselves.
            guard borrowed.isShared else {
                // The thread found above, retained: a second lookup of the current thread
                // would cost every transient load one.
                return resolveReportingFailure(
                    borrowed.retained, named: id.name, as: Service.self, thread: thread.retained)
            }
            // A read section for the in-place read of a published singleton and its hand-over
            // only: a write that retires it meanwhile waits for the section, not for factories.
            thread.withObject { $0.beginRead(borrowed.readKey) }
            if let service = borrowed.publishedSingleton(as: Service.self) {
                // Inside a factory, an existing named-scope service may still be captive, and
                // a plugin's service is noted (possibly an async factory's, with no frame here).
                guard thread.withObject({ $0.frames.isEmpty }),
                    GlobalAtomicWord.tracedAsyncFactories.loadRelaxed() == 0
                else {
                    thread.withObject { $0.endRead() }
                    return checkedPublished(service, borrowed.retained, thread: ThreadState.current)
                }
                thread.withObject { $0.endRead() }
                return service
            }
            thread.withObject { $0.endRead() }
            // Anything else may run a factory that loads: it needs its own reference, and runs
            // outside any read section.
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
            // The lookup's reference may be the last one (a write removed the registration):
            // it must outlive the in-place read. No closure returning `Service?` here: through
            // a generic function, it would cost every load a metadata lookup for `Service?`.
            thread.beginRead(ReadKey(registration))
            if let published = registration.publishedSingleton(as: Service.self) {
                thread.endRead()
                withExtendedLifetime(registration) {}
                return checkedPublished(published, registration, thread: thread)
            }
            thread.endRead()
            return resolveReportingFailure(registration, named: id.name, as: Service.self, thread: thread)
        }
    }

    /// Loads the service registered under `name` for ``require(_:)->Service``: the slow path
    /// of ``loadService(_:)``, throwing instead of reporting.
    func requireService<Service>(named name: String, as _: Service.Type) throws(ContainerError) -> Service {
        let thread = ThreadState.current
        let registration = try requiredRegistration(named: name, as: Service.self, thread: thread)
        // No read section around it: the engine opens one where it hands a kept service over
        // (`provide`), and never around a factory.
        return try resolve(registration, as: Service.self, thread: thread)
    }

    /// `service`, the published singleton of `registration`, unless loading it from the
    /// factory running on this thread makes it captive under the `fail` policy.
    private func checkedPublished<Service>(
        _ service: Service, _ registration: Registration, thread: ThreadState
    ) -> Service? {
        noteUse(of: registration, thread: thread)
        do {
            try checkNotCaptive(registration, thread: thread)
            return service
        } catch {
            // Reported as captive already; the holder's load reports the failure.
            return nil
        }
    }

    /// Resolves `registration`, or what replaced it when a write retired it after the lookup,
    /// reporting a failure and returning `nil` for it.
    private func resolveReportingFailure<Service>(
        _ registration: Registration, named name: String, as _: Service.Type, thread: ThreadState
    ) -> Service? {
        // Not looked up again through `findCurrentRegistration`: a new reference costs every
        // load a retain and a release.
        if registration.isRetired {
            return resolveReplacementReportingFailure(
                of: registration, named: name, as: Service.self, thread: thread)
        }
        return reportingFailure(thread: thread) { () throws(ContainerError) -> Service in
            try resolve(registration, as: Service.self, thread: thread)
        }
    }

    /// The rare half of `resolveReportingFailure`: the registration was retired.
    @inline(never)
    private func resolveReplacementReportingFailure<Service>(
        of registration: Registration, named name: String, as _: Service.Type, thread: ThreadState
    ) -> Service? {
        guard let replacement = registrationReportingMiss(named: name, as: Service.self, thread: thread)
        else {
            return nil
        }
        // Retired again meanwhile, it still makes a service: it only keeps none.
        return reportingFailure(thread: thread) { () throws(ContainerError) -> Service in
            try resolve(replacement, as: Service.self, thread: thread)
        }
    }

    // MARK: The pipeline

    /// Produces `registration`'s service as `Service`: step 4 (with the checks of step 3) and,
    /// for a top-level load, step 6's ending.
    func resolve<Service>(_ registration: Registration, as _: Service.Type, thread: ThreadState)
        throws(ContainerError) -> Service
    {
        try asOneLoad(thread) { () throws(ContainerError) -> Service in
            try provide(registration, as: Service.self, thread: thread)
        }
    }

    /// Makes `registration`'s service from `argument`: the entry point of argument loads.
    func resolve<Argument, Service>(
        _ registration: Registration, argument: Argument, as _: Service.Type, thread: ThreadState
    ) throws(ContainerError) -> Service {
        try asOneLoad(thread) { () throws(ContainerError) -> Service in
            try makeNew(registration, argument: argument, as: Service.self, thread: thread)
        }
    }

    /// Runs `produce` as one load: nested in a factory, as part of that factory's load; at
    /// the top level, ending the load, whose failure anywhere inside (a cycle, too deep a
    /// chain) fails it whole.
    @inline(__always)
    private func asOneLoad<Service>(
        _ thread: ThreadState, _ produce: () throws(ContainerError) -> Service
    ) throws(ContainerError) -> Service {
        guard thread.frames.isEmpty else {
            return try produce()
        }
        // No `Result<Service, _>`: this code runs unspecialized for callers in other modules,
        // where each generic enum costs a metadata lookup.
        let service: Service
        do {
            service = try produce()
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
        // The common case, inline: nothing failed, nothing cached for the graph.
        if thread.loadFailure == nil, thread.captiveFailure == nil, thread.graphInstances.isEmpty {
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
            // Released after the reset, so that a deinit that loads starts a fresh graph.
            withExtendedLifetime(graph) {}
        }
        return failure
    }
}

extension Container {
    // MARK: Step 6: report

    /// Reports the failure of a load that returns `nil` or leaves an element out, unless a
    /// load it is nested in reports it instead: the one rule for every such load.
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
        // A service made now, without it, is a dependent of a plugin that provides it later.
        noteLookupWithoutProvider(of: id)
        // Absent features are normal, so a miss on a root container without a handler, the
        // common case, returns at once.
        guard parent != nil || reference.hasDiagnosticsHandler.load() else { return }
        report(.missing(id: id, requestedType: typeName(Service.self)))
    }

    /// Runs `load`, a load that returns `nil` or leaves an element out when it fails, and
    /// reports its failure by the rule of ``reportFailure(_:nested:async:)``.
    @inline(__always)
    func reportingFailure<Service>(thread: ThreadState, _ load: () throws(ContainerError) -> Service)
        -> Service?
    {
        do {
            return try load()
        } catch {
            reportFailure(error, nested: !thread.frames.isEmpty)
            return nil
        }
    }
}
