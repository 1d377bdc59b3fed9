/// What an ``Injected`` property has loaded, shared by the copies of one wrapper.
///
/// `@unchecked Sendable`: `state` is only read and written under the object's
/// ``LockStripes`` lock. Services may be of any type, as everywhere in the container, which
/// hands the same service to every thread that loads it; this cache hands out nothing the
/// container would not.
final class InjectedCache<Service>: @unchecked Sendable {
    private enum State {
        case empty
        case loading(thread: ObjectIdentifier)
        case loaded(Service)
    }

    /// Guarded by the stripe lock; a lock of its own per wrapper would make creating a view
    /// that declares an `@Injected` property several times slower.
    private var state = State.empty

    /// The stored service, or the one `load` returns, stored if not `nil`.
    ///
    /// While one thread loads, others wait for it. A read from inside that load, on the same
    /// thread (a factory that reads the property it is creating the service for), is a cycle
    /// and yields `nil` instead of waiting for itself.
    func value(_ load: () -> Service?) -> Service? {
        let lock = LockStripes.lock(for: self)
        let me = ObjectIdentifier(ThreadState.current)
        let loadDone = { (_: inout UInt8) -> Bool in
            if case .loading(let thread) = self.state { return thread == me }
            return true
        }
        let decision = lock.withLock(waitingUntil: loadDone) { _ -> Decision in
            switch state {
            case .loaded(let service):
                return .use(service)
            case .loading:
                return .use(nil)
            case .empty:
                state = .loading(thread: me)
                return .load
            }
        }
        switch decision {
        case .use(let service):
            return service
        case .load:
            let service = load()
            lock.withLock { _ in state = service.map(State.loaded) ?? .empty }
            lock.wakeWaiters()
            return service
        }
    }

    private enum Decision {
        case use(Service?)
        case load
    }
}
