extension Container {
    // MARK: Which services were made with an owner's services
    //
    // A plugin that leaves must name the host's cached services that hold its services: they
    // were made with them, and keep them. The engine knows at creation: a load inside a
    // factory that reaches an owned registration, or a cached service made with one, is
    // noted for every shared service being made on the thread (transient and graph services
    // in between are held by it), and the owners go with the service when it is kept
    // (``Registration/keep(_:madeWith:)``). An async factory's frame is task-local
    // (``AsyncFrame``): its loads note there, and its service is kept with what it noted.
    // Until the first owned registration is adopted, a load pays one relaxed atomic read for this.

    /// Notes that the factories running on this thread, or the async factory running in this
    /// task, use `registration`'s service.
    ///
    /// - Complexity: O(1) until owned registrations exist; then a task-local read, and
    ///   O(*d*) in the factories running when the service is an owner's or was made with one.
    @inline(__always)
    func noteUse(of registration: Registration, thread: ThreadState) {
        guard GlobalAtomicWord.ownedRegistrations.loadRelaxed() != 0 else { return }
        noteOwnedUse(of: registration, thread: thread)
    }

    @inline(never)
    private func noteOwnedUse(of registration: Registration, thread: ThreadState) {
        // An async factory's loads run with no frame of it on the thread: its frame is the task's.
        let asyncFrame = AsyncFrame.current
        guard !thread.frames.isEmpty || asyncFrame != nil else { return }
        let owners = registration.ownersInUse
        guard !owners.isEmpty else { return }
        asyncFrame?.noteOwners(owners)
        for frame in thread.frames where frame.isShared {
            let key = ObjectIdentifier(frame)
            var noted = thread.ownersUsedInCreation[key] ?? []
            for owner in owners where !noted.contains(owner) { noted.append(owner) }
            thread.ownersUsedInCreation[key] = noted
        }
    }

    /// Notes that the async factory running in this task uses `registration`'s service, which
    /// an async load received without running the synchronous engine: published, or made or
    /// joined by an async creation.
    func noteAsyncUse(of registration: Registration) {
        guard GlobalAtomicWord.ownedRegistrations.loadRelaxed() != 0, let frame = AsyncFrame.current else {
            return
        }
        let owners = registration.ownersInUse
        if !owners.isEmpty { frame.noteOwners(owners) }
    }

    /// The owners whose services `registration`'s factory, which just ran on this thread,
    /// used; forgets them.
    @inline(__always)
    func takeOwnersUsed(creating registration: Registration, thread: ThreadState) -> [RegistrationOwner] {
        guard !thread.ownersUsedInCreation.isEmpty else { return [] }
        return thread.ownersUsedInCreation.removeValue(forKey: ObjectIdentifier(registration)) ?? []
    }

    /// Marks the process as having owned registrations, so that loads inside factories note
    /// their use from now on.
    static func noteOwnedRegistrationsExist() {
        if GlobalAtomicWord.ownedRegistrations.loadRelaxed() == 0 {
            GlobalAtomicWord.ownedRegistrations.store(1)
        }
    }
}
