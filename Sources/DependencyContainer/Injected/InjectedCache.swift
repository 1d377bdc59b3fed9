/// What an ``Injected`` property has loaded, shared by the copies of one wrapper.
///
/// `@unchecked Sendable`: `service` is only read and written under the object's
/// ``LockStripes`` lock. Services may be of any type, as everywhere in the container, which
/// hands the same service to every thread that loads it; this cache hands out nothing the
/// container would not.
final class InjectedCache<Service>: @unchecked Sendable {
    /// Guarded by the stripe lock; a lock of its own per wrapper would make creating a view
    /// that declares an `@Injected` property several times slower.
    private var service: Service?

    /// The stored service, or the one `load` returns, stored if not `nil`.
    ///
    /// One thread loads at a time, under the ``CreationMonitor`` like a singleton's creation,
    /// so that a wait that would close a cycle (a factory reading the property it is loading
    /// for, on this thread or on threads that wait for each other) is a cycle instead of a
    /// deadlock: that read yields `nil`, and the cycle fails the top-level load it happens in
    /// as a container cycle does, so nothing built meanwhile is kept.
    ///
    /// - Parameters:
    ///   - id: The loaded ID, which names the property in a cycle path.
    ///   - reference: The container where a cycle found outside any factory is reported,
    ///     whether or not it is still alive.
    ///   - load: Loads the service.
    /// - Returns: The service, or `nil` when `load` found none or the read closed a cycle.
    /// - Complexity: O(1) once loaded: one striped lock.
    func value(loading id: String, reportingTo reference: ContainerReference, _ load: () -> Service?)
        -> Service?
    {
        let lock = LockStripes.lock(for: self)
        if let service = lock.withLock({ _ in self.service }) {
            return service
        }
        let thread = ThreadState.current
        let monitor = CreationMonitor.shared
        let key = ObjectIdentifier(self)
        switch monitor.acquire(key, named: id, thread: thread) {
        case .deadlock(let path):
            if thread.frames.isEmpty {
                // No top-level load to fail (a diagnostics handler, an async factory).
                reference.report(.failed(.cycle(path: path)))
            } else if thread.loadFailure == nil {
                // Reported once, by the top-level load it fails.
                thread.loadFailure = .cycle(path: path)
            }
            return nil
        case .acquired:
            break
        }
        defer { monitor.release(key) }
        // Another thread may have loaded it while this one waited.
        if let service = lock.withLock({ _ in self.service }) {
            return service
        }
        let loaded = load()
        // A service built while a cycle was broken may hold nils; never keep it.
        if let loaded, thread.loadFailure == nil {
            lock.withLock { _ in self.service = loaded }
        }
        return loaded
    }
}
