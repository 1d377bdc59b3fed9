extension Container {
    // MARK: What a cached service's factory met of plugins
    //
    // A plugin that leaves must name the host's cached services that hold its services: they
    // were made with them, and keep them. A plugin that comes back must name the ones made
    // while it was away: they looked up its IDs and got nothing, or loaded an extension point
    // without its contributions. The engine knows at creation: a load inside a factory that
    // reaches an owned registration (or a cached service made with one), misses an ID, or
    // loads an extension point is noted for every shared service being made on the thread
    // (transient and graph services in between are held by it), and the notes go with the
    // service when it is kept (``Registration/keep(_:madeWith:)``). An async factory's frame
    // is task-local (``AsyncFrame``): its loads note there, and its service is kept with
    // what it noted. Until the first owned registration is adopted, a load pays one relaxed
    // atomic read for this.

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
        Self.note(on: thread, asyncFrame) { $0.add(owners: owners) }
    }

    /// Notes that the async factory running in this task uses `registration`'s service, which
    /// an async load received without running the synchronous engine: published, or made or
    /// joined by an async creation.
    func noteAsyncUse(of registration: Registration) {
        // The thread after the last suspension: no synchronous factory runs on it here.
        guard GlobalAtomicWord.ownedRegistrations.loadRelaxed() != 0 else { return }
        noteOwnedUse(of: registration, thread: ThreadState.current)
    }

    /// Notes that the factories running here looked up `name` without a provider: an ID
    /// nothing registers, or an extension point, whose contributions a plugin may change.
    ///
    /// - Parameters:
    ///   - name: The ID or extension point name.
    ///   - thread: The thread's state, when the caller has it at hand.
    @inline(__always)
    func noteLookupWithoutProvider(of name: String, thread: ThreadState? = nil) {
        guard GlobalAtomicWord.ownedRegistrations.loadRelaxed() != 0 else { return }
        noteOwnedLookup(of: name, thread: thread ?? ThreadState.current)
    }

    @inline(never)
    private func noteOwnedLookup(of name: String, thread: ThreadState) {
        let asyncFrame = AsyncFrame.current
        guard !thread.frames.isEmpty || asyncFrame != nil else { return }
        Self.note(on: thread, asyncFrame) { $0.add(lookedUp: name) }
    }

    /// Applies `change` to the notes of every shared service being made on `thread`, and
    /// of the async factory frames from `asyncFrame` outwards.
    private static func note(
        on thread: ThreadState, _ asyncFrame: AsyncFrame?, _ change: (inout CreationNotes) -> Void
    ) {
        asyncFrame?.note(change)
        for frame in thread.frames where frame.isShared {
            change(&thread.notesInCreation[ObjectIdentifier(frame), default: CreationNotes()])
        }
    }

    /// What `registration`'s factory, which just ran on this thread, met; forgets it.
    @inline(__always)
    func takeNotes(creating registration: Registration, thread: ThreadState) -> CreationNotes {
        guard !thread.notesInCreation.isEmpty else { return CreationNotes() }
        return thread.notesInCreation.removeValue(forKey: ObjectIdentifier(registration)) ?? CreationNotes()
    }

    /// Marks the process as having owned registrations, so that loads inside factories note
    /// what they meet from now on.
    static func noteOwnedRegistrationsExist() {
        if GlobalAtomicWord.ownedRegistrations.loadRelaxed() == 0 {
            GlobalAtomicWord.ownedRegistrations.store(1)
        }
    }
}
