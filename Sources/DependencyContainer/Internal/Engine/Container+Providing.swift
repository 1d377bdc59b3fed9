import DependencyContainerKernel

extension Container {
    // MARK: Step 4: produce or reuse, as the scope says; step 5: keep

    /// Hands out `registration`'s service as `Service`, reusing one its scope keeps or running
    /// its factory: the step every synchronous load of a service goes through.
    func provide<Service>(_ registration: Registration, as _: Service.Type, thread: ThreadState)
        throws(ContainerError) -> Service
    {
        noteUse(of: registration, thread: thread)
        // Before the cycle check: a graph service whose creation hook is running is on the
        // stack, and the loads its hook makes get it (Swinject's `initCompleted`).
        if registration.scope == .graph, let cached = thread.graphInstances[ObjectIdentifier(registration)] {
            return try cast(cached.value, from: registration, to: Service.self)
        }
        try checkNoCycle(registration, thread: thread)
        try checkNotCaptive(registration, thread: thread)
        guard mayRunFactoryHere(registration) else {
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
        case .singleton:
            return try provideSharedOrReplacement(registration, as: Service.self, thread: thread)
        case .weak:
            // A read section for the hand-over: a write that takes the object out waits for it
            // before running its dispose hook.
            thread.beginRead(ReadKey(registration))
            if let object = registration.weakObject {
                defer { thread.endRead() }
                return try cast(object, from: registration, to: Service.self)
            }
            thread.endRead()
            return try provideSharedOrReplacement(registration, as: Service.self, thread: thread)
        }
    }

    /// `provideShared`, or, when a write (an expiry) retired `registration` before its creation
    /// began, the load of what replaced it: no creation builds on a retired registration.
    @inline(__always)
    private func provideSharedOrReplacement<Service>(
        _ registration: Registration, as _: Service.Type, thread: ThreadState
    ) throws(ContainerError) -> Service {
        if let service = try provideShared(registration, as: Service.self, thread: thread) {
            return service
        }
        guard let current = findCurrentRegistration(named: registration.id, thread: thread),
            current !== registration
        else {
            // Removed for good: made as before, and disposed of, as nothing keeps it.
            return try provideShared(
                registration, as: Service.self, thread: thread, followsReplacement: false)!
        }
        return try provide(current, as: Service.self, thread: thread)
    }

    /// Makes a ``Scope/graph`` service and caches it for the rest of the top-level load.
    private func provideGraph<Service>(_ registration: Registration, as _: Service.Type, thread: ThreadState)
        throws(ContainerError) -> Service
    {
        let key = ObjectIdentifier(registration)
        let value: Service
        do {
            value = try makeNew(registration, as: Service.self, thread: thread, runningCreationHook: false)
        } catch {
            // The hooks waiting for this factory belong to services its failed load made.
            if !thread.deferredCreationHooks.isEmpty, !defersCreationHooks(thread) {
                thread.deferredCreationHooks = []
            }
            throw error
        }
        // Cached first, so that the loads its creation hooks make get this service.
        thread.graphInstances[key] = (registration, value)
        let runsHooks = runsCreationHooks(registration)
        if runsHooks || !thread.deferredCreationHooks.isEmpty {
            try deferOrRunCreationHooks(
                of: registration, on: value, runsOwnHooks: runsHooks, thread: thread)
        }
        return value
    }

    /// Queues `registration`'s creation hooks on `value`, a graph service just cached, and runs
    /// the queue unless an outer graph factory is still running.
    @inline(never)
    private func deferOrRunCreationHooks(
        of registration: Registration, on value: Any, runsOwnHooks: Bool, thread: ThreadState
    ) throws(ContainerError) {
        if runsOwnHooks {
            thread.deferredCreationHooks.append(
                DeferredCreationHook(
                    registration: registration, value: value,
                    resolver: Resolver(
                        container: self, overrides: OverrideScope.current, running: registration)))
        }
        guard !defersCreationHooks(thread) else { return }
        do {
            try runDeferredCreationHooks(thread: thread)
        } catch {
            thread.graphInstances[ObjectIdentifier(registration)] = nil
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
        // The store that holds it, on this load's lookup order.
        var owner: RegistrationStore?
        _ = walkLookupOrder(overrides: OverrideScope.current) { place in
            guard place.store.holds(registration) else { return .absent }
            owner = place.store
            return .foundAndHeld
        }
        _ = owner?.modify { entries in entries.resetServices(of: registration) }
        guard let current = findCurrentRegistration(named: registration.id, thread: thread),
            current !== registration
        else { return nil }
        return current
    }

    /// Returns the singleton or weak service, creating it if no thread has yet: one thread
    /// creates, in the registration's own context, while the others wait for it.
    private func provideShared<Service>(
        _ registration: Registration, as _: Service.Type, thread: ThreadState, followsReplacement: Bool = true
    ) throws(ContainerError) -> Service? {
        let monitor = CreationMonitor.shared
        switch monitor.acquire(registration, thread: thread) {
        case .deadlock(let path):
            throw thread.recordWholeLoadFailure(.cycle(path: path))
        case .acquired:
            break
        }
        // The hand-over of a kept service is a read section, up to the end of this creation:
        // a write that retires the service meanwhile waits for it before disposing of it. The
        // monitor is released inside it, and no code of the app runs in it.
        var isHandingOver = false
        defer {
            monitor.release(registration)
            if isHandingOver { thread.endRead() }
        }
        // Another thread may have created it while this one waited, with services it notes now.
        // A singleton's empty cell, the common case of a first load, needs no read section.
        if registration.scope != .singleton || registration.hasSingleton {
            thread.beginRead(ReadKey(registration))
            isHandingOver = true
            if let existing = registration.existingSharedService, CreationGate.takesPublished() {
                noteReuse(of: registration, thread: thread)
                return try cast(existing, from: registration, to: Service.self)
            }
            isHandingOver = false
            thread.endRead()
        }
        if followsReplacement, registration.isRetired { return nil }
        // A queue of creation hooks of its own: what this factory makes has had its hooks run
        // before the service is kept (``DeferredCreationHook``).
        var waitingHooks: [DeferredCreationHook]?
        if !thread.deferredCreationHooks.isEmpty {
            waitingHooks = thread.deferredCreationHooks
            thread.deferredCreationHooks = []
        }
        defer { if let waitingHooks { thread.deferredCreationHooks = waitingHooks } }
        // Step 2: a cached service never captures a narrower context's service.
        let box: InstanceBoxBase
        let decorating = decoratesCreations.load()
        let runsHooks = registration.hasCreationHook || decorating
        do {
            box = try runInOwnContext(registration, thread: thread) { resolver throws in
                let box = try registration.factory.makeBox(resolver)
                // Before it is kept: no load receives the service until its hooks have run.
                if runsHooks {
                    try Self.runCreationHooks(
                        of: registration, on: box.anyValue, resolver: resolver, decorating: decorating)
                }
                return box
            }
        } catch {
            _ = takeNotes(creating: registration, thread: thread)
            throw error
        }
        let notes = takeNotes(creating: registration, thread: thread)
        try checkNoCaptiveFailure(creating: registration, thread: thread)
        // Step 5. A service built while a cycle was broken may hold nils; never keep it.
        guard thread.loadFailure == nil else {
            return try unbox(box, from: registration, as: Service.self)
        }
        guard !registration.isRetired else {
            Self.disposeUnkept(box, of: registration)
            return try unbox(box, from: registration, as: Service.self)
        }
        Self.traceKept(registration)
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
    private func makeNew<Service>(
        _ registration: Registration, as _: Service.Type, thread: ThreadState,
        runningCreationHook: Bool = true
    ) throws(ContainerError) -> Service {
        // Out of line: a transient load without hooks, the common case, stays as it was.
        if runningCreationHook && runsCreationHooks(registration) {
            return try makeNewRunningCreationHook(registration, as: Service.self, thread: thread)
        }
        if let factory = registration.typedFactory(producing: Service.self) {
            return try runFactory(registration, thread: thread) { resolver throws in
                try factory.make(resolver)
            }
        }
        let value = try runFactory(registration, thread: thread) { resolver throws in
            try registration.factory.makeValue(resolver)
        }
        return try cast(value, from: registration, to: Service.self)
    }

    /// `makeNew` for a registration with creation hooks, which run on the new service inside
    /// the factory's run, before the load receives it; inside a graph factory's run, they wait
    /// for it instead (``DeferredCreationHook``).
    @inline(never)
    private func makeNewRunningCreationHook<Service>(
        _ registration: Registration, as _: Service.Type, thread: ThreadState
    ) throws(ContainerError) -> Service {
        let defers = defersCreationHooks(thread)
        let decorating = decoratesCreations.load()
        let value = try runFactory(registration, thread: thread) { resolver throws in
            let value = try registration.factory.makeValue(resolver)
            if defers {
                thread.deferredCreationHooks.append(
                    DeferredCreationHook(registration: registration, value: value, resolver: resolver))
            } else {
                try Self.runCreationHooks(
                    of: registration, on: value, resolver: resolver, decorating: decorating)
            }
            return value
        }
        return try cast(value, from: registration, to: Service.self)
    }

    /// Runs the argument factory for a new service: without a cast when the registration
    /// takes exactly `Argument` and makes exactly `Service`, else through checked casts.
    func makeNew<Argument, Service>(
        _ registration: Registration, argument: Argument, as _: Service.Type, thread: ThreadState
    ) throws(ContainerError) -> Service {
        noteUse(of: registration, thread: thread)
        try checkNoCycle(registration, thread: thread)
        guard let factory = registration.argumentFactory else {
            throw .argumentMismatch(
                id: registration.id, requestedArgument: typeName(Argument.self), registeredArgument: nil)
        }
        if factory.takes(Argument.self, making: Service.self) {
            // Sound: the factory is exactly an `ArgumentFactory<Argument, Service>`.
            let typed = unsafeDowncast(factory, to: ArgumentFactory<Argument, Service>.self)
            return try runFactory(registration, thread: thread) { resolver throws in
                try typed.make(resolver, argument)
            }
        }
        let value = try runFactory(registration, thread: thread) { resolver throws -> Any? in
            try factory.makeValue(resolver, argument: argument)
        }
        guard let value else {
            throw .argumentMismatch(
                id: registration.id, requestedArgument: typeName(Argument.self),
                registeredArgument: factory.argumentTypeName)
        }
        return try cast(value, from: registration, to: Service.self)
    }

    /// Runs `body`, a factory of `registration`, with the registration on the thread's
    /// resolution stack and the resolver of the factory's context, wrapping what it throws:
    /// the one place a synchronous factory runs.
    func runFactory<Result>(
        _ registration: Registration, thread: ThreadState, _ body: (Resolver) throws -> Result
    ) throws(ContainerError) -> Result {
        try checkDepth(registration, thread: thread)
        // One relaxed read: the timed run is out of line, so that this one stays as it was.
        if Self.tracesFactories {
            return try runTracedFactory(registration, thread: thread, body)
        }
        return try runCheckedFactory(registration, thread: thread, body)
    }

    /// `runFactory` once the depth is checked.
    @inline(__always)
    private func runCheckedFactory<Result>(
        _ registration: Registration, thread: ThreadState, _ body: (Resolver) throws -> Result
    ) throws(ContainerError) -> Result {
        thread.frames.push(registration)
        defer { thread.frames.pop() }
        do {
            // The task's override scopes are the ones this factory runs under (`runInOwnContext`
            // bound its owner's): the resolver keeps them for loads made later. Two calls:
            // one resolver built either way would cost every run a retain and a release.
            if let overrides = OverrideScope.current {
                return try body(Resolver(container: self, overrides: overrides, running: registration))
            }
            // The reference is a constant of this container, which the caller keeps alive: a
            // guaranteed reference spares every run a retain and a release.
            return try withBorrowed(reference) { reference in
                try body(Resolver(reference: reference))
            }
        } catch {
            throw ContainerError(error, thrownBy: registration.id, passing: \.failsWholeLoad)
        }
    }

    /// `runFactory` while a ``ContainerTrace`` records: the run, timed for the trace.
    @inline(never)
    private func runTracedFactory<Result>(
        _ registration: Registration, thread: ThreadState, _ body: (Resolver) throws -> Result
    ) throws(ContainerError) -> Result {
        // Before the push: the trace reads the depth of the load that runs the factory.
        let start = Self.traceFactoryStart(of: registration, thread: thread)
        do {
            let result = try runCheckedFactory(registration, thread: thread, body)
            if start != 0 {
                Self.traceFactoryEnd(of: registration, startedAt: start, failed: false, thread: thread)
            }
            return result
        } catch {
            if start != 0 {
                Self.traceFactoryEnd(of: registration, startedAt: start, failed: true, thread: thread)
            }
            throw error
        }
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
}
