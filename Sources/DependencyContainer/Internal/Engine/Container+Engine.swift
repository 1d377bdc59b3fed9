import DependencyContainerKernel
import DependencyContainerSystem

// The engine: every load goes lookup, plan and checks (`Container+Lookup.swift`), then one
// create and one finish (this file); the events a load emits are in `Container+CreationTrace.swift`.

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
                    reference.tracedLoads.loadRelaxed() == 0
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
            // The lookup's reference, used below, outlives the in-place read. No closure returning
            // `Service?` here: through a generic function, it would cost every load a metadata
            // lookup for `Service?`.
            thread.beginRead(ReadKey(registration))
            if let published = registration.publishedSingleton(as: Service.self) {
                thread.endRead()
                return checkedPublished(published, registration, thread: thread)
            }
            thread.endRead()
            return resolveReportingFailure(registration, named: id.name, as: Service.self, thread: thread)
        }
    }

    /// Loads the service registered under `name` for ``require(_:)->Service``: the slow path
    /// of ``loadService(_:)``, throwing instead of reporting.
    @usableFromInline
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
        emit(.used(registration, isLoad: true), thread: thread)
        // Captive: reported already; the holder's load reports the failure.
        guard (try? checkNotCaptive(registration, thread: thread)) != nil else { return nil }
        return service
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
        // Retired again meanwhile, it still makes a service: it only keeps none.
        registrationReportingMiss(named: name, as: Service.self, thread: thread).flatMap { replacement in
            reportingFailure(thread: thread) { () throws(ContainerError) -> Service in
                try resolve(replacement, as: Service.self, thread: thread)
            }
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

    /// Runs `produce` as one load: nested in a factory, as part of that factory's load; at
    /// the top level, ending the load, whose failure anywhere inside (a cycle, too deep a
    /// chain) fails it whole.
    @inline(__always)
    private func asOneLoad<Service>(
        _ thread: ThreadState, _ produce: () throws(ContainerError) -> Service
    ) throws(ContainerError) -> Service {
        guard thread.frames.isEmpty else { return try produce() }
        // No `Result<Service, _>`: this code runs unspecialized for callers in other modules,
        // where each generic enum costs a metadata lookup.
        let service: Service
        do {
            service = try produce()
        } catch {
            throw endTopLevelLoad(thread) ?? error
        }
        if let failure = endTopLevelLoad(thread) { throw failure }
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
        let graph = thread.graphInstances
        if !graph.isEmpty { thread.graphInstances = [:] }
        // Released after the reset, so that a deinit that loads starts a fresh graph.
        withExtendedLifetime(graph) {}
        return failure
    }

    // MARK: Step 6: report

    /// Reports the failure of a load that returns `nil` or leaves an element out, unless a
    /// load it is nested in reports it instead: the one rule for every such load.
    @inline(never)  // The failure path; inlined into `loadAsync`, it crashes Swift 6.3's optimizer.
    func reportFailure(_ error: ContainerError, nested: Bool, async: Bool = false) {
        switch error {
        case .cycle where nested: return
        case .resolutionTooDeep where nested && !async, .captiveDependency where nested && !async: return
        default: report(.failed(error))
        }
    }

    /// Reports a load that found nothing.
    @inline(__always)
    func reportMissing<Service>(_ id: String, _: Service.Type) {
        // A service made now, without it, is a dependent of a plugin that provides it later.
        emit(.missed(id, isExtensionPoint: false))
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

    // MARK: Step 4: produce or reuse, as the scope says; step 5: keep

    /// Hands out `registration`'s service as `Service`, reusing one its scope keeps or running
    /// its factory: the step every synchronous load of a service goes through.
    func provide<Service>(_ registration: Registration, as _: Service.Type, thread: ThreadState)
        throws(ContainerError) -> Service
    {
        emit(.used(registration, isLoad: true), thread: thread)
        // Before the cycle check: a graph service whose creation hook is running is on the
        // stack, and the loads its hook makes get it (Swinject's `initCompleted`).
        if registration.scope == .graph, let cached = thread.graphInstances[ObjectIdentifier(registration)] {
            return try cast(cached.value, from: registration, to: Service.self)
        }
        try checkNoCycle(registration, thread: thread)
        try checkNotCaptive(registration, thread: thread)
        // ``LoadPlan/mayRunFactory`` here; a load that may not hands out only an existing
        // service, and never waits for one.
        if let isolated = registration.isolated,
            !Self.mayRunSynchronously(isolated.isolation, onMainThread: MainThread.isCurrent)
        {
            return try existingService(registration, as: Service.self)
        }
        // A kept service past its time to live: the load goes on with the registration's
        // replacement, which has none yet.
        if registration.hasTimeToLive, let replacement = replacingExpired(registration, thread: thread) {
            return try provide(replacement, as: Service.self, thread: thread)
        }
        switch registration.scope {
        case .transient:
            return try makeNew(registration, as: Service.self, thread: thread)
        case .graph:
            return try provideGraph(registration, as: Service.self, thread: thread)
        case .weak:
            if let object = keptService(of: registration, thread: thread) {
                return try cast(object, from: registration, to: Service.self)
            }
            fallthrough
        case .singleton:
            return try provideShared(registration, as: Service.self, thread: thread)
        }
    }

    /// Makes a ``Scope/graph`` service and caches it for the rest of the top-level load.
    private func provideGraph<Service>(_ registration: Registration, as _: Service.Type, thread: ThreadState)
        throws(ContainerError) -> Service
    {
        let key = ObjectIdentifier(registration)
        do {
            // Its own hooks wait in the queue (`finish`), run once it is cached: the loads its
            // creation hooks make get this service.
            let value = try makeNew(registration, as: Service.self, thread: thread)
            thread.graphInstances[key] = (registration, value)
            if !thread.deferredCreationHooks.isEmpty, !defersCreationHooks(thread) {
                try runDeferredCreationHooks(thread: thread)
            }
            return value
        } catch {
            // The hooks waiting for this factory belong to services its failed load made.
            thread.graphInstances[key] = nil
            if !defersCreationHooks(thread) { thread.deferredCreationHooks = [] }
            throw error
        }
    }

    /// Resets `registration`'s services if the one it keeps has outlived its time to live,
    /// as ``resetCaches()`` would, and returns the registration that replaced it: `nil` when
    /// nothing expired, or no replacement can be found (a write removed the registration).
    @inline(never)
    func replacingExpired(_ registration: Registration, thread: ThreadState) -> Registration? {
        guard registration.hasCachedServiceIgnoringExpiry, registration.keptServiceHasExpired else {
            return nil
        }
        _ = place(holding: registration, overrides: OverrideScope.current)?.store.modify {
            $0.resetServices(of: registration)
        }
        return replacement(of: registration, thread: thread)
    }

    /// Returns the singleton or weak service, creating it if no thread has yet: one thread
    /// creates, in the registration's own context, while the others wait for it.
    private func provideShared<Service>(_ registration: Registration, as _: Service.Type, thread: ThreadState)
        throws(ContainerError) -> Service
    {
        let monitor = CreationMonitor.shared
        let key = ObjectIdentifier(registration)
        if let path = monitor.acquire(key, named: registration.id, thread: thread) {
            throw thread.recordWholeLoadFailure(.cycle(path: path))
        }
        // The hand-over of a kept service is a read section, up to the end of this creation:
        // a write that retires the service meanwhile waits for it before disposing of it. The
        // monitor is released inside it, and no code of the app runs in it.
        var isHandingOver = false
        var isReleased = false
        defer {
            if !isReleased { monitor.release(key) }
            if isHandingOver { thread.endRead() }
        }
        // Another thread may have created it while this one waited, with services it notes now.
        // A singleton's empty cell, the common case of a first load, needs no read section.
        if registration.scope != .singleton || registration.hasSingleton {
            thread.beginRead(ReadKey(registration))
            isHandingOver = true
            if let existing = registration.existingSharedService, CreationGate.takesPublished() {
                emit(.used(registration, isLoad: false), thread: thread)
                return try cast(existing, from: registration, to: Service.self)
            }
            isHandingOver = false
            thread.endRead()
        }
        // Retired by a write (an expiry) before its creation began: no creation builds on a
        // retired registration; removed for good, it is made as before, and handed out.
        let wasRetired = registration.isRetired
        if wasRetired, let current = replacement(of: registration, thread: thread) {
            monitor.release(key)
            isReleased = true
            return try provide(current, as: Service.self, thread: thread)
        }
        // A queue of creation hooks of its own: what this factory makes has had its hooks run
        // before the service is kept (``DeferredCreationHook``).
        var waitingHooks: [DeferredCreationHook]?
        if !thread.deferredCreationHooks.isEmpty {
            waitingHooks = thread.deferredCreationHooks
            thread.deferredCreationHooks = []
        }
        defer { if let waitingHooks { thread.deferredCreationHooks = waitingHooks } }
        // Step 2: a cached service never captures a narrower context's service. Its hooks run
        // before it is kept: no load receives the service until they have.
        let box: InstanceBoxBase
        do {
            box = try runInOwnContext(registration, thread: thread) { resolver throws in
                try registration.makeBox(resolver)
            }
        } catch {
            _ = takeNotes(creating: registration, thread: thread)
            throw error
        }
        let notes = takeNotes(creating: registration, thread: thread)
        // A dependency its factory loaded was captive under the `fail` policy, even if the
        // factory went on without it.
        if let failure = thread.captiveFailure, failure.holder == key {
            thread.captiveFailure = nil
            throw failure.error
        }
        // Step 5. A service built while a cycle was broken may hold nils; never keep it.
        guard thread.loadFailure == nil else { return try unbox(box, from: registration, as: Service.self) }
        // Retired while it was made: disposed of unseen, and the load takes the replacement, so no
        // load gets a disposed service; removed for good, it is handed out as nothing keeps it.
        if registration.isRetired {
            guard !wasRetired, let current = replacement(of: registration, thread: thread) else {
                return try unbox(box, from: registration, as: Service.self)
            }
            Self.disposeUnkept(box, of: registration)
            monitor.release(key)
            isReleased = true
            return try provide(current, as: Service.self, thread: thread)
        }
        emit(.kept(registration), thread: thread)
        // Nothing is freed in the hand-over: this load holds the box.
        thread.beginRead(ReadKey(registration))
        isHandingOver = true
        registration.keep(box, madeWith: notes)
        return try unbox(box, from: registration, as: Service.self)
    }

    /// Runs the dispose hook of a shared service that a write retired its registration before
    /// it was kept: every service made is kept or disposed.
    static func disposeUnkept(_ box: InstanceBoxBase, of registration: Registration) {
        guard let hook = registration.lifecycle?.onDispose else { return }
        PendingDisposal.run(in: [
            RetiredBox(
                box: box,
                disposal: PendingDisposal(id: registration.id, hook: hook, order: 0, ledger: nil, value: nil),
                readKey: ReadKey(registration))
        ])
    }

    /// Runs the factory for a new service of type `Service`: without a cast when it makes
    /// exactly `Service`.
    private func makeNew<Service>(_ registration: Registration, as _: Service.Type, thread: ThreadState)
        throws(ContainerError) -> Service
    {
        if let factory = registration.typedFactory(producing: Service.self) {
            return try runFactory(registration, thread: thread) { resolver throws in
                try factory.make(resolver)
            }
        }
        let value = try runFactory(registration, thread: thread) { resolver throws in
            try registration.makeValue(resolver)
        }
        return try cast(value, from: registration, to: Service.self)
    }

    /// Makes `registration`'s service from `argument`, the one entry point of argument loads:
    /// without a cast when the registration takes exactly `Argument` and makes exactly `Service`.
    func resolve<Argument, Service>(
        _ registration: Registration, argument: Argument, as _: Service.Type, thread: ThreadState
    ) throws(ContainerError) -> Service {
        try asOneLoad(thread) { () throws(ContainerError) -> Service in
            emit(.used(registration, isLoad: true), thread: thread)
            try checkNoCycle(registration, thread: thread)
            let factory = registration.argumentFactory
            if let factory, factory.takes(Argument.self, making: Service.self) {
                // Sound: the factory is exactly an `ArgumentFactory<Argument, Service>`.
                let typed = unsafeDowncast(factory, to: ArgumentFactory<Argument, Service>.self)
                return try runFactory(registration, thread: thread) { resolver throws in
                    try typed.make(resolver, argument)
                }
            }
            guard let factory, Self.isValue(argument, of: factory.argumentType) else {
                throw .argumentMismatch(
                    id: registration.id, requestedArgument: typeName(Argument.self),
                    registeredArgument: factory?.argumentTypeName)
            }
            let value = try runFactory(registration, thread: thread) { resolver throws -> Any in
                // Checked above: the factory takes it.
                try factory.makeValue(resolver, argument: argument)!
            }
            return try cast(value, from: registration, to: Service.self)
        }
    }

    /// Whether `value` is of `type` (the cast an argument factory makes).
    private static func isValue<Value>(_ value: Value, of type: Any.Type) -> Bool {
        func isValue<Type>(of _: Type.Type) -> Bool { value is Type }
        return isValue(of: type)
    }

    /// The one finish of every synchronous creation: the creation hooks on `made` (a service,
    /// or the box a shared one is kept in), which wait in the thread's queue when the nearest
    /// running factory that is not a transient one is a graph's (``DeferredCreationHook``).
    @inline(never)
    private func finish(_ registration: Registration, on made: Any, resolver: Resolver, thread: ThreadState)
        throws
    {
        let value = (made as? InstanceBoxBase)?.anyValue ?? made
        guard defersCreationHooks(thread) else {
            return try Self.runCreationHooks(of: registration, on: value, resolver: resolver)
        }
        thread.deferredCreationHooks.append((registration, value, resolver))
    }

    /// The one create of every synchronous load: runs `body`, a factory of `registration`, with
    /// the registration on the thread's resolution stack and the resolver of the factory's
    /// context, wrapping what it throws; then, when `finishes`, the one finish on what it made.
    func runFactory<Result>(
        _ registration: Registration, thread: ThreadState, finishes: Bool = true,
        _ body: (Resolver) throws -> Result
    ) throws(ContainerError) -> Result {
        // Another nested factory must leave enough stack; checked before each factory, as only
        // factories nest.
        if dependency_container_stack_position() < thread.stackLimit {
            throw thread.recordWholeLoadFailure(
                .resolutionTooDeep(
                    id: thread.frames.first?.id ?? registration.id, depth: thread.frames.count + 1,
                    innermostID: registration.id))
        }
        // One relaxed read: the timed run is out of line, so that this one stays as it was.
        if thread.trace != nil {
            return try runTracedFactory(registration, thread: thread, finishes: finishes, body)
        }
        return try runCheckedFactory(registration, thread: thread, finishes: finishes, body)
    }

    /// `runFactory` once the depth is checked.
    @inline(__always)
    private func runCheckedFactory<Result>(
        _ registration: Registration, thread: ThreadState, finishes: Bool,
        _ body: (Resolver) throws -> Result
    ) throws(ContainerError) -> Result {
        // Not without hooks (its own, or this container's or an ancestor's decorators), the
        // common case; one branch.
        let finishes = finishes && (registration.hasCreationHook || decoratesCreations)
        thread.frames.push(registration)
        defer { thread.frames.pop() }
        do {
            // The task's override scopes are the ones this factory runs under (`runInOwnContext`
            // bound its owner's): the resolver keeps them for loads made later. Two calls:
            // one resolver built either way would cost every run a retain and a release.
            if let overrides = OverrideScope.current {
                let resolver = Resolver(container: self, overrides: overrides, running: registration)
                let value = try body(resolver)
                if finishes { try finish(registration, on: value, resolver: resolver, thread: thread) }
                return value
            }
            // The reference is a constant of this container, which the caller keeps alive: a
            // guaranteed reference spares every run a retain and a release. The finish gets a
            // resolver of its own: one shared with the factory would cost every run a copy.
            return try withBorrowed(reference) { reference throws -> Result in
                let value = try body(Resolver(reference: reference))
                if finishes {
                    try finish(
                        registration, on: value, resolver: Resolver(reference: reference), thread: thread)
                }
                return value
            }
        } catch {
            throw ContainerError(error, thrownBy: registration.id, passing: \.failsWholeLoad)
        }
    }

    /// `runFactory` while a ``ContainerTrace`` records: the run, timed for the trace.
    @inline(never)
    private func runTracedFactory<Result>(
        _ registration: Registration, thread: ThreadState, finishes: Bool,
        _ body: (Resolver) throws -> Result
    ) throws(ContainerError) -> Result {
        // A trace that ended: this thread forgets it.
        if !CreationTraceReaders.current.records(.containerTrace) { thread.trace = nil }
        // Before the push: the trace reads the depth of the load that runs the factory.
        let start = thread.trace?.factoryStarts(thread) ?? 0
        var failed = true
        defer { if start != 0 { thread.trace?.factoryEnded(startedAt: start, failed: failed, thread) } }
        let result = try runCheckedFactory(registration, thread: thread, finishes: finishes, body)
        failed = false
        return result
    }

    /// The service in `box`, which `registration`'s factory made: read without a dynamic cast
    /// when it is exactly a `Service`.
    func unbox<Service>(_ box: InstanceBoxBase, from registration: Registration, as _: Service.Type)
        throws(ContainerError) -> Service
    {
        if let box = box as? InstanceBox<Service> { return box.value }
        return try cast(box.anyValue, from: registration, to: Service.self)
    }

    /// `value`, which `registration`'s factory made, as the `Service` a load asked for.
    func cast<Service>(_ value: Any, from registration: Registration, to _: Service.Type)
        throws(ContainerError) -> Service
    {
        // An argument factory's value is the function that makes its services, whatever
        // type the load asks for.
        if value is ArgumentFactoryBase, let factory = registration.argumentFactory {
            throw .argumentMismatch(
                id: registration.id, requestedArgument: nil, registeredArgument: factory.argumentTypeName)
        }
        guard let service = value as? Service else {
            throw .typeMismatch(
                id: registration.id, requestedType: typeName(Service.self),
                actualType: typeName(type(of: value)))
        }
        return service
    }

    // MARK: Entry points of async loads

    /// Loads the service registered under `name` for ``loadAsync(_:)``: `nil` when it is
    /// absent or fails, the failure reported.
    @inline(__always)
    func loadServiceAsync<Service>(named name: String, as _: Service.Type) async -> Service? {
        if let published = publishedSingleton(named: name, as: Service.self) { return published }
        guard let registration = registrationReportingMiss(named: name, as: Service.self, thread: .current)
        else { return nil }
        do {
            return try await resolveAsync(registration, as: Service.self)
        } catch {
            reportFailure(error, nested: AsyncFrame.current != nil, async: true)
            return nil
        }
    }

    /// Loads the service registered under `name` for ``requireAsync(_:)``.
    @inline(__always)
    func requireServiceAsync<Service>(named name: String, as _: Service.Type) async throws(ContainerError)
        -> Service
    {
        if let published = publishedSingleton(named: name, as: Service.self) { return published }
        let registration = try requiredRegistration(named: name, as: Service.self, thread: .current)
        return try await resolveAsync(registration, as: Service.self)
    }

    /// An existing singleton, read as the synchronous fast path reads it (no override active), when
    /// the `.used` event of `resolveAsync` would note nothing (no trace, no factory on this thread).
    @inline(__always)
    private func publishedSingleton<Service>(named name: String, as _: Service.Type) -> Service? {
        guard reference.tracedLoads.loadRelaxed() == 0 else { return nil }
        let thread = ThreadState.currentBorrowed
        let lookup = thread.withObject { borrowedRegistration(named: name, thread: $0) }
        // In an async factory, a named scope's service may be captive: `resolveAsync` checks it.
        guard case .found(let borrowed) = lookup, borrowed.isShared, thread.withObject({ $0.frames.isEmpty }),
            !borrowed.hasNamedScope || AsyncFrame.current == nil
        else { return nil }
        thread.withObject { $0.beginRead(borrowed.readKey) }
        defer { thread.withObject { $0.endRead() } }
        return borrowed.publishedSingleton(as: Service.self)
    }

    /// Produces `registration`'s service where its factory must run; `attempt` counts the
    /// registrations retired under this load.
    func resolveAsync<Service>(_ registration: Registration, as _: Service.Type, attempt: Int = 0)
        async throws(ContainerError) -> Service
    {
        let thread = ThreadState.current
        // Past its time to live, a kept service is replaced here too: the isolated paths
        // below hand out what a registration keeps.
        let registration =
            registration.hasTimeToLive
            ? replacingExpired(registration, thread: thread) ?? registration : registration
        if registration.scopeName != nil, let holder = AsyncFrame.current?.holder {
            try checkNotCaptive(registration, heldBy: holder)
        }
        // A read of its own: no suspension point may fall inside one.
        thread.beginRead(ReadKey(registration))
        let published = registration.publishedSingleton(as: Service.self)
        thread.endRead()
        if let published {
            emit(.used(registration, isLoad: false))
            return published
        }
        switch registration.isolation {
        case .nonisolated:
            return try resolve(registration, as: Service.self, thread: ThreadState.current)
        case .mainActor:
            // The synchronous load, on the main actor, where it may run a main-actor factory.
            do {
                return try await MainActor.run {
                    ServiceTransfer(value: try self.resolve(registration, as: Service.self, thread: .current))
                }.value
            } catch {
                throw ContainerError(error, thrownBy: registration.id)
            }
        case .asynchronous:
            // A write that retired the registration while this load waited disposes of the service
            // it got: the load takes what replaced it, at most 4 times, against writes that never stop.
            let (service, isCurrent) = try await provideAsync(registration, as: Service.self)
            guard !isCurrent, attempt < 4 else {
                // After it is kept: what it was made with, for a creation another task started.
                emit(.used(registration, isLoad: false))
                return service
            }
            let replacement = try requiredRegistration(
                named: registration.id, as: Service.self, thread: .current)
            return try await resolveAsync(replacement, as: Service.self, attempt: attempt + 1)
        }
    }

    /// Produces the service of an ``FactoryIsolation/asynchronous`` registration, and whether
    /// it is still the registration's when handed over: `false` when a write retired the
    /// registration while this load waited, and so disposes of or has disposed of the service.
    private func provideAsync<Service>(_ registration: Registration, as _: Service.Type)
        async throws(ContainerError) -> (service: Service, isCurrent: Bool)
    {
        guard let factory = registration.asyncFactory else {
            // Unreachable: only `registerAsync` makes an asynchronous registration.
            return (try existingService(registration, as: Service.self), true)
        }
        let frame = AsyncFrame.current
        try frame?.checkNoCycle(loading: registration)
        guard let creation = registration.asyncCreation else {
            let box = try await runFactoryAsync(registration, factory).box
            return (try unbox(box, from: registration, as: Service.self), true)
        }
        // The service made already, or what the creation in progress (started here if none
        // runs) makes.
        var value: Any = ()
        let task = creation.withLock { task -> AsyncCreationTask? in
            if task != nil { return task }
            if let existing = registration.existingSharedService {
                value = existing
                return nil
            }
            // An unstructured task: cancelling a waiter, even the first, cancels no creation.
            task = Task {
                defer { creation.withLock { $0 = nil } }
                // Made where its registration lives, as a synchronous shared service is.
                let owner = self.placedContext(of: registration, overrides: OverrideScope.current)
                let made = try await OverrideScope.binding(owner.overrides) {
                    () async throws(ContainerError) in
                    try await owner.container.runFactoryAsync(registration, factory)
                }
                if registration.isRetired {
                    Self.disposeUnkept(made.box, of: registration)
                } else {
                    registration.keep(made.box, madeWith: self.notes(made.notes))
                    self.emit(.kept(registration))
                }
                return ServiceTransfer(value: made.box)
            }
            return task
        }
        if let task {
            let token = try AsyncWaitGraph.shared.beginWait(from: frame, for: registration)
            defer { AsyncWaitGraph.shared.endWait(token, for: registration) }
            do {
                value = try await task.value.value.anyValue
            } catch {
                throw ContainerError(error, thrownBy: registration.id)
            }
        }
        // The hand-over, in a read section: a write that retires the registration after the
        // check waits for it before disposing of the service. Nothing here suspends.
        let thread = ThreadState.current
        thread.beginRead(ReadKey(registration))
        defer { thread.endRead() }
        return (try cast(value, from: registration, to: Service.self), !registration.isRetired)
    }

    /// Runs an async factory with its frame on the task-local stack, wrapping the errors it
    /// throws; a service built while a cycle was broken is never returned.
    private func runFactoryAsync(_ registration: Registration, _ factory: AsyncServiceFactory)
        async throws(ContainerError) -> (box: InstanceBoxBase, notes: CreationNotes)
    {
        let frame = AsyncFrame(registration: registration, parent: AsyncFrame.current)
        // Counted while it runs, so that its loads, published services included, are traced.
        let isCounted = tracesCreations.load()
        if isCounted { reference.tracedLoads.add(1) }
        defer { if isCounted { reference.tracedLoads.add(UInt64.max) } }
        let box: InstanceBoxBase
        do {
            box = try await AsyncFrame.$current.withValue(frame) {
                let resolver = Resolver(
                    container: self, overrides: OverrideScope.current, running: registration)
                let box = try await factory(resolver)
                // Before anything keeps it: no load receives the service until its hooks have run.
                // The async hook, then the one finish every creation runs.
                if let hook = registration.lifecycle?.onCreateAsync { try await hook(box.anyValue, resolver) }
                try Self.runCreationHooks(of: registration, on: box.anyValue, resolver: resolver)
                return box
            }
        } catch {
            throw ContainerError(error, thrownBy: registration.id) {
                if case .cycle = $0 { true } else { false }
            }
        }
        if let cycle = frame.cycle.withLock({ $0 }) { throw .cycle(path: cycle) }
        return (box, frame.notes.withLock { $0 })
    }

    // MARK: Entry points of argument loads

    /// Makes the service registered under `name` from `argument`, for
    /// ``load(_:argument:)``: `nil` when it is absent or fails, the failure reported.
    @usableFromInline
    func loadService<Argument, Service>(named name: String, argument: Argument, as _: Service.Type)
        -> Service?
    {
        let thread = ThreadState.current
        guard let registration = registrationReportingMiss(named: name, as: Service.self, thread: thread)
        else { return nil }
        return reportingFailure(thread: thread) { () throws(ContainerError) -> Service in
            try resolve(registration, argument: argument, as: Service.self, thread: thread)
        }
    }

    /// Makes the service registered under `name` from `argument`, for
    /// ``require(_:argument:)``.
    @usableFromInline
    func requireService<Argument, Service>(named name: String, argument: Argument, as _: Service.Type)
        throws(ContainerError) -> Service
    {
        let thread = ThreadState.current
        let registration = try requiredRegistration(named: name, as: Service.self, thread: thread)
        return try resolve(registration, argument: argument, as: Service.self, thread: thread)
    }

    // MARK: Entry points of extension-point loads

    /// Loads every contribution to `point` for ``load(_:)->[Element]``: a contribution that
    /// fails is left out, its failure reported.
    @usableFromInline
    func loadElements<Element>(of point: ExtensionPoint<Element>) -> [Element] {
        // Reporting, it throws nothing.
        (try? elements(of: point, reporting: true)) ?? []
    }

    /// Loads every contribution to `point` for ``require(_:)->[Element]``, throwing the first
    /// failure.
    @usableFromInline
    func requireElements<Element>(of point: ExtensionPoint<Element>) throws(ContainerError) -> [Element] {
        try elements(of: point, reporting: false)
    }

    /// The contributions to `point`, once its plugin placeholders ran, each loaded as a load of
    /// its own; `reporting`, a failure is reported and its element left out, else thrown.
    private func elements<Element>(of point: ExtensionPoint<Element>, reporting: Bool)
        throws(ContainerError) -> [Element]
    {
        let thread = ThreadState.current
        let marker = ExtensionPointMarker<Element>.self
        var current = contributionEntries(
            pointNamed: point.name, marker: marker, elementType: Element.self, thread: thread)
        // The list a service made now holds changes when a plugin contributes or leaves.
        emit(.missed(point.name, isExtensionPoint: true), thread: thread)
        // Held, so that a registration freed meanwhile cannot pass for a new one.
        var ran: [Registration] = []
        while let placeholder = current.entries.first(where: { entry in
            entry.registration.isPlaceholderContribution && !ran.contains { $0 === entry.registration }
        }) {
            ran.append(placeholder.registration)
            _ = reportingFailure(thread: thread) { () throws(ContainerError) -> PlaceholderContribution in
                try resolve(placeholder.registration, as: PlaceholderContribution.self, thread: thread)
            }
            current = contributionEntries(
                pointNamed: point.name, marker: marker, elementType: Element.self, thread: thread)
        }
        if !ran.isEmpty { current.entries.removeAll { $0.registration.isPlaceholderContribution } }
        if let mismatch = current.mismatch {
            guard reporting else { throw mismatch }
            report(.failed(mismatch))
        }
        // Each element is a load of its own. A loop, not `compactMap`: unspecialized (a client's
        // load), that looks up the metadata of `[Element]` and its storage for every element.
        var elements: [Element] = []
        elements.reserveCapacity(current.entries.count)
        for entry in current.entries {
            // Loaded, a published element is read in place, in a read section of its own, as a
            // single load's is (the full path's monitor costs a list of singletons 3x).
            if reporting, entry.registration.hasPublished(Element.self) {
                thread.beginRead(ReadKey(entry.registration))
                if let published = entry.registration.publishedSingleton(as: Element.self) {
                    thread.endRead()
                    if let element = checkedPublished(published, entry.registration, thread: thread) {
                        elements.append(element)
                    }
                    continue
                }
                thread.endRead()
            }
            do {
                elements.append(try resolve(entry.registration, as: Element.self, thread: thread))
            } catch  where reporting {
                reportFailure(error, nested: !thread.frames.isEmpty)
            }
        }
        return elements
    }

    // MARK: Entry points of the original API

    /// The item ``load(for:)`` returns for the string ID `injectID`, or `nil` after reporting
    /// why there is none.
    @usableFromInline
    func originalAPIItem(for injectID: String) -> Injectable? {
        guard
            let registration = registrationReportingMiss(
                named: injectID, as: Injectable.self, thread: .current)
        else { return nil }
        if let itemType = registration.seedItemType { return itemType.init() }
        // Resolving an argument factory would hand out the factory itself, not a service.
        guard let factory = registration.argumentFactory else {
            return RegisteredItem(registration: registration, reference: reference)
        }
        let registered = factory.argumentTypeName
        report(
            .failed(.argumentMismatch(id: injectID, requestedArgument: nil, registeredArgument: registered)))
        return nil
    }

    /// Resolves a typed registration for an original-API item's `resolve()`, as an object:
    /// an ``UnavailableService`` when it fails, the failure reported.
    func resolveObject(_ registration: Registration) -> AnyObject {
        do {
            return try resolve(registration, as: Any.self, thread: ThreadState.current) as AnyObject
        } catch {
            report(.failed(error))
            return UnavailableService(error: error)
        }
    }

    // MARK: Running creation hooks

    /// Whether this container or an ancestor has decorators, which run on what it makes: one
    /// relaxed read per container up the chain.
    @inline(__always)
    var decoratesCreations: Bool {
        !creationDecorators.isEmpty || parent?.ancestorDecorates == true
    }

    /// `decoratesCreations` of a parent: recursion over the `let` links borrows each one, where
    /// a walk with a variable retains each container, slowly (its weak reference's side table).
    private var ancestorDecorates: Bool {
        !creationDecorators.isEmpty || parent?.ancestorDecorates == true
    }

    /// The one finish of every creation (sync, async, main-actor, deferred).
    ///
    /// `registration`'s creation hooks on `value`, then the hooks of the container that made it
    /// (the resolver's) and of its ancestors. Static: a factory's closure calling it captures
    /// no container.
    static func runCreationHooks(of registration: Registration, on value: Any, resolver: Resolver) throws {
        try registration.lifecycle?.runCreationHook(on: value, resolver: resolver)
        guard resolver.container.decoratesCreations else { return }
        // Nearest first, each list copied out of its lock before any runs, each decorator
        // skipped once cancelled.
        var created: CreatedService?
        for container in sequence(first: resolver.container, next: \.parent) {
            for entry in container.creationDecorators.current where !entry.isCancelled.load() {
                let service = created ?? CreatedService(service: value, registration: registration)
                created = service
                entry.decorator(service)
            }
        }
    }

    // MARK: Hooks that wait for a graph

    /// Whether the creation hooks of a service that belongs to one load, made now, wait: the
    /// nearest factory running on this thread that is not a transient one is a graph's
    /// (``DeferredCreationHook``).
    func defersCreationHooks(_ thread: ThreadState) -> Bool {
        thread.frames.last { $0.scope != .transient }?.scope == .graph
    }

    /// Runs the creation hooks waiting on this thread, in the order their services were made.
    func runDeferredCreationHooks(thread: ThreadState) throws(ContainerError) {
        while !thread.deferredCreationHooks.isEmpty {
            let next = thread.deferredCreationHooks.removeFirst()
            do {
                try runFactory(next.registration, thread: thread, finishes: false) { _ throws in
                    try Self.runCreationHooks(of: next.registration, on: next.value, resolver: next.resolver)
                }
            } catch {
                for entry in [next] + thread.deferredCreationHooks where entry.registration.scope == .graph {
                    thread.graphInstances[ObjectIdentifier(entry.registration)] = nil
                }
                thread.deferredCreationHooks = []
                throw error
            }
        }
    }
}

/// The creation hooks of a service made inside a ``Scope/graph`` factory's run, waiting for
/// that outermost graph factory to return (Swinject's delayed `initCompleted`): the service, its
/// registration, and the resolver its factory had, which the hooks get, and whose container's
/// decorators run after them.
typealias DeferredCreationHook = (registration: Registration, value: Any, resolver: Resolver)
