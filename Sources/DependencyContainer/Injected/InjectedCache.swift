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
    /// Whether the service is held weakly.
    let holdsWeakly: Bool

    init(holdsWeakly: Bool = false) {
        self.holdsWeakly = holdsWeakly
    }

    /// What is stored, and whether a weakly held service is gone; under the stripe lock.
    @inline(__always)
    private func storedLocked() -> (service: Service?, isGone: Bool) {
        guard holdsWeakly else { return (service, false) }
        // A dynamic cast only: no code of the app runs under the lock.
        if let object { return (object as? Service, false) }
        return (nil, hasHeld)
    }

    /// Stores `service`; under the stripe lock.
    @inline(__always)
    private func storeLocked(_ service: Service?) {
        guard holdsWeakly else {
            self.service = service
            return
        }
        guard let service, type(of: service as Any) is AnyClass else {
            // A value has no lifetime to follow: nothing is held, the next read loads.
            object = nil
            hasHeld = false
            return
        }
        object = service as AnyObject
        hasHeld = true
    }

    /// The stored service, or the one `load` returns, stored if not `nil`.
    ///
    /// One thread loads at a time, under the ``CreationMonitor``, so that a wait that would
    /// close a cycle is a cycle, failing the top-level load, instead of a deadlock.
    ///
    /// - Complexity: O(1) once loaded: one striped lock.
    func value(loading id: String, reportingTo reference: ContainerReference, _ load: () -> Service?)
        -> Service?
    {
        let lock = LockStripes.lock(for: self)
        let found = lock.withLock { _ in self.storedLocked() }
        if found.service != nil || found.isGone { return found.service }
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
        let started = lock.withLock { _ in (stored: self.storedLocked(), generation: self.generation) }
        if started.stored.service != nil || started.stored.isGone { return started.stored.service }
        // No lock held across the load: it runs factories.
        let loaded = load()
        // A service built while a cycle was broken may hold nils; never keep it.
        guard let loaded, thread.loadFailure == nil else { return loaded }
        return lock.withLock { _ -> Service in
            // Assigned or reset meanwhile: what was assigned wins, and a reset keeps nothing.
            guard self.generation == started.generation else { return self.storedLocked().service ?? loaded }
            self.storeLocked(loaded)
            return loaded
        }
    }

    /// Stores `service` in place of what was loaded or assigned, or forgets it when `nil`,
    /// so that the next read loads again.
    ///
    /// - Complexity: O(1): one striped lock.
    func store(_ service: Service?) {
        // Released outside the lock: a service's deinit may read the property.
        let previous = LockStripes.lock(for: self).withLock { _ -> Service? in
            let previous = self.service
            self.storeLocked(service)
            if service == nil { self.hasHeld = false }
            self.generation &+= 1
            return previous
        }
        withExtendedLifetime(previous) {}
    }

    /// Whether a service is stored now: loaded or assigned, and alive if held weakly.
    ///
    /// - Complexity: O(1): one striped lock.
    var hasService: Bool {
        LockStripes.lock(for: self).withLock { _ in self.storedLocked().service != nil }
    }
}
