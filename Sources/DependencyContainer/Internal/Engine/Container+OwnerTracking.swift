extension Container {
    // MARK: Which services were made with an owner's services
    //
    // A plugin that leaves must name the host's cached services that hold its services: they
    // were made with them, and keep them. The engine knows at creation: a load inside a
    // factory that reaches an owned registration, or a cached service made with one, is
    // noted for every shared service being made on the thread (transient and graph services
    // in between are held by it), and the owners go with the service when it is kept
    // (``Registration/keep(_:madeWith:)``). Until the first owned registration is adopted,
    // a load pays one relaxed atomic read for this, and only inside a factory.

    /// Notes that the factories running on this thread use `registration`'s service.
    ///
    /// - Complexity: O(1) until owned registrations exist; then O(*d*) in the factories
    ///   running on the thread when the service is an owner's or was made with one.
    @inline(__always)
    func noteUse(of registration: Registration, thread: ThreadState) {
        guard !thread.frames.isEmpty, GlobalAtomicWord.ownedRegistrations.loadRelaxed() != 0 else { return }
        noteOwnedUse(of: registration, thread: thread)
    }

    @inline(never)
    private func noteOwnedUse(of registration: Registration, thread: ThreadState) {
        let owners = registration.ownersInUse
        guard !owners.isEmpty else { return }
        for frame in thread.frames where frame.isShared {
            let key = ObjectIdentifier(frame)
            var noted = thread.ownersUsedInCreation[key] ?? []
            for owner in owners where !noted.contains(owner) { noted.append(owner) }
            thread.ownersUsedInCreation[key] = noted
        }
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
