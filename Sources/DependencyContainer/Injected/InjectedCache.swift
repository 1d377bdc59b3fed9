/// What a handle or an ``Injected`` property has loaded, shared by the copies of one wrapper;
/// held weakly for ``WeakInjected``.
///
/// `@unchecked Sendable`: its fields are only used under the object's ``LockStripes`` lock, and
/// it hands out nothing the container would not.
final class InjectedCache<Service>: @unchecked Sendable {
    /// A lock of its own per wrapper would make creating a view with an `@Injected` slower.
    private var service: Service?
    /// Counts the assignments and resets: a load that started before one keeps nothing.
    private var generation: UInt64 = 0
    /// The service, when held weakly.
    private weak var object: AnyObject?
    /// Whether a weakly held service was stored since the last reset: one gone reads as `nil`.
    private var hasHeld = false
    let holdsWeakly: Bool

    init(holdsWeakly: Bool = false) {
        self.holdsWeakly = holdsWeakly
    }

    /// What is stored, under the stripe lock; `isGone` is set when a weakly held one is gone
    /// (not a tuple result: an app's unspecialized code would look up its metadata every read).
    @inline(__always)
    private func storedLocked(isGone: inout Bool) -> Service? {
        guard holdsWeakly else { return service }
        // A dynamic cast only: no code of the app runs under the lock.
        if let object { return object as? Service }
        isGone = hasHeld
        return nil
    }

    /// Stores `service`, or forgets what is stored when `nil`; under the stripe lock.
    @inline(__always)
    private func storeLocked(_ service: Service?) {
        guard holdsWeakly else {
            self.service = service
            return
        }
        // A value has no lifetime to follow: nothing is held, the next read loads.
        let held = service.flatMap { type(of: $0 as Any) is AnyClass ? $0 as AnyObject : nil }
        object = held
        hasHeld = held != nil
    }

    /// The stored service, or the one `load` returns, stored if not `nil`.
    ///
    /// One thread loads at a time, under the ``CreationMonitor``, so that a wait that would
    /// close a cycle is a cycle, failing the top-level load, instead of a deadlock.
    func value(loading id: String, reportingTo reference: ContainerReference, _ load: () -> Service?)
        -> Service?
    {
        let lock = LockStripes.lock(for: self)
        var isGone = false
        let found = lock.withLock { _ in self.storedLocked(isGone: &isGone) }
        if found != nil || isGone { return found }
        let thread = ThreadState.current
        let monitor = CreationMonitor.shared
        let key = ObjectIdentifier(self)
        if let path = monitor.acquire(key, named: id, thread: thread) {
            if thread.frames.isEmpty {
                // No top-level load to fail (a diagnostics handler, an async factory).
                reference.report(.failed(.cycle(path: path)))
            } else if thread.loadFailure == nil {
                // Reported once, by the top-level load it fails.
                thread.loadFailure = .cycle(path: path)
            }
            return nil
        }
        defer { monitor.release(key) }
        // Another thread may have loaded it while this one waited.
        var generation: UInt64 = 0
        let stored = lock.withLock { _ in
            generation = self.generation
            return self.storedLocked(isGone: &isGone)
        }
        if stored != nil || isGone { return stored }
        // No lock held across the load: it runs factories.
        let loaded = load()
        // A service built while a cycle was broken may hold nils; never keep it.
        guard loaded != nil, thread.loadFailure == nil else { return loaded }
        // Assigned or reset meanwhile: what was assigned wins, and a reset keeps nothing.
        let assigned = lock.withLock { _ in
            guard self.generation == generation else { return self.storedLocked(isGone: &isGone) }
            self.storeLocked(loaded)
            return nil
        }
        return assigned ?? loaded
    }

    /// Stores `service` in place of what was loaded or assigned, or forgets it when `nil`,
    /// so that the next read loads again.
    func store(_ service: Service?) {
        // Released outside the lock: a service's deinit may read the property.
        let previous = LockStripes.lock(for: self).withLock { _ -> Service? in
            let previous = self.service
            self.storeLocked(service)
            self.generation &+= 1
            return previous
        }
        withExtendedLifetime(previous) {}
    }

    /// Whether a service is stored now: loaded or assigned, and alive if held weakly.
    var hasService: Bool {
        var isGone = false
        return LockStripes.lock(for: self).withLock { _ in self.storedLocked(isGone: &isGone) != nil }
    }
}
