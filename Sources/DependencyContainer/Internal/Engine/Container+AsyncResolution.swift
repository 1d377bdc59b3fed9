import DependencyContainerKernel

extension Container {
    // MARK: Entry points of async loads

    /// Loads the service registered under `name` for ``loadAsync(_:)``: `nil` when it is
    /// absent or fails, the failure reported.
    @inline(__always)
    func loadServiceAsync<Service>(named name: String, as _: Service.Type) async -> Service? {
        guard let registration = registrationReportingMiss(named: name, as: Service.self, thread: .current)
        else {
            return nil
        }
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
        let registration = try requiredRegistration(named: name, as: Service.self, thread: .current)
        return try await resolveAsync(registration, as: Service.self)
    }

    /// Produces `registration`'s service where its factory must run.
    func resolveAsync<Service>(_ registration: Registration, as _: Service.Type) async throws(ContainerError)
        -> Service
    {
        let thread = ThreadState.current
        // Past its time to live, a kept service is replaced here too: the isolated paths
        // below hand out what a registration keeps.
        var registration = registration
        if registration.hasTimeToLive, let replacement = replacingExpired(registration, thread: thread) {
            registration = replacement
        }
        // A read of its own: no suspension point may fall inside one.
        thread.beginRead(ReadKey(registration))
        let published = registration.publishedSingleton(as: Service.self)
        thread.endRead()
        if let published {
            noteAsyncUse(of: registration)
            return published
        }
        switch registration.isolation {
        case .nonisolated:
            return try resolve(registration, as: Service.self, thread: ThreadState.current)
        case .mainActor:
            return try await resolveOnMainActor(registration, as: Service.self)
        case .asynchronous:
            return try await resolveAsynchronous(registration, as: Service.self)
        }
    }

    /// How many times an async load takes what replaced a registration that a write retired
    /// while it waited, before it returns what it got: a bound against writes that never stop.
    private static let retiredRetries = 4

    /// Produces the service of an ``FactoryIsolation/asynchronous`` registration; if a write
    /// retired the registration while this load waited for its creation, loads what replaced
    /// it, so that no load returns a service that a write has disposed of.
    private func resolveAsynchronous<Service>(_ registration: Registration, as _: Service.Type)
        async throws(ContainerError) -> Service
    {
        var current = registration
        for attempt in 0...Self.retiredRetries {
            let (service, isCurrent) = try await provideAsync(current, as: Service.self)
            guard !isCurrent, attempt < Self.retiredRetries else {
                // After it is kept: what it was made with, for a creation another task started.
                noteAsyncUse(of: current)
                return service
            }
            current = try requiredRegistration(named: current.id, as: Service.self, thread: .current)
        }
        // Unreachable: the last attempt returns.
        throw .unavailableSynchronously(id: registration.id, isolation: .asynchronous)
    }

    /// Runs the synchronous load on the main actor, where it may run a main-actor factory.
    private func resolveOnMainActor<Service>(_ registration: Registration, as _: Service.Type)
        async throws(ContainerError) -> Service
    {
        do {
            return try await MainActor.run {
                ServiceTransfer(
                    value: try self.resolve(registration, as: Service.self, thread: ThreadState.current))
            }.value
        } catch {
            throw ContainerError(error, thrownBy: registration.id)
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
        if let frame, let path = frame.cyclePath(loading: registration) {
            frame.recordCycle(path)
            throw .cycle(path: path)
        }
        guard let creation = registration.asyncCreation else {
            let made = try await runFactoryAsync(
                registration, factory, parent: frame, createsSharedService: false)
            return (try unbox(made.box, from: registration, as: Service.self), true)
        }
        let start = { () -> AsyncCreation.CreationTask in
            // An unstructured task: cancelling a waiter, even the first, cancels no creation.
            Task {
                do {
                    // Made where its registration lives, as a synchronous shared service is.
                    let made = try await self.runInOwnContextAsync(registration) {
                        owner throws(ContainerError) in
                        try await owner.runFactoryAsync(
                            registration, factory, parent: frame, createsSharedService: true)
                    }
                    let box = made.box
                    if registration.isRetired {
                        Self.disposeUnkept(box, of: registration)
                    } else {
                        registration.keep(box, madeWith: self.notes(made.notes))
                        Self.traceKept(registration)
                    }
                    creation.finish()
                    return ServiceTransfer(value: box)
                } catch {
                    creation.finish()
                    throw error
                }
            }
        }
        let value: Any
        switch creation.join(existing: { registration.existingSharedService }, start: start) {
        case .existing(let existing):
            value = existing
        case .inProgress(let task):
            value = try await wait(for: task, of: registration, from: frame).anyValue
        }
        // The hand-over, in a read section: a write that retires the registration after the
        // check waits for it before disposing of the service. Nothing here suspends.
        let thread = ThreadState.current
        thread.beginRead(ReadKey(registration))
        defer { thread.endRead() }
        return (try cast(value, from: registration, to: Service.self), !registration.isRetired)
    }

    /// Waits for another task's creation of `registration`'s service, unless waiting would
    /// close a cycle.
    private func wait(
        for task: AsyncCreation.CreationTask, of registration: Registration, from frame: AsyncFrame?
    )
        async throws(ContainerError) -> InstanceBoxBase
    {
        let token: ObjectIdentifier?
        switch AsyncWaitGraph.shared.beginWait(from: frame, for: registration) {
        case .cycle(let path):
            frame?.recordCycle(path)
            throw .cycle(path: path)
        case .recorded(let recorded):
            token = recorded
        }
        defer { AsyncWaitGraph.shared.endWait(token, for: registration) }
        do {
            // Not cancelled with the waiter: the creation is an unstructured task.
            return try await task.value.value
        } catch {
            throw ContainerError(error, thrownBy: registration.id)
        }
    }

    /// Runs an async factory with its frame on the task-local stack, wrapping the errors it
    /// throws; a service built while a cycle was broken is never returned.
    private func runFactoryAsync(
        _ registration: Registration, _ factory: AsyncServiceFactory, parent: AsyncFrame?,
        createsSharedService: Bool
    ) async throws(ContainerError) -> (box: InstanceBoxBase, notes: CreationNotes) {
        let frame = AsyncFrame(
            registration: registration, parent: parent, createsSharedService: createsSharedService)
        // Counted while it runs, so that its loads, published services included, are traced.
        let isCounted = tracesCreations.load()
        if isCounted { GlobalAtomicWord.tracedAsyncFactories.add(1) }
        defer { if isCounted { GlobalAtomicWord.tracedAsyncFactories.add(UInt64.max) } }
        let box: InstanceBoxBase
        do {
            box = try await AsyncFrame.$current.withValue(frame) {
                let resolver = Resolver(
                    container: self, overrides: OverrideScope.current, running: registration)
                let box = try await factory.makeBox(resolver)
                // Before anything keeps it: no load receives the service until its hooks have run.
                try await registration.lifecycle?.awaitCreationHook(on: box.anyValue, resolver: resolver)
                if decoratesCreations.load() {
                    runDecorators(on: box.anyValue, of: registration)
                }
                return box
            }
        } catch {
            throw ContainerError(error, thrownBy: registration.id) {
                if case .cycle = $0 { true } else { false }
            }
        }
        if let cycle = frame.brokenCycle {
            throw .cycle(path: cycle)
        }
        return (box, frame.notesTaken)
    }
}
