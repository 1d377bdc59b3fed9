/// What an ``Injected`` property has loaded, shared by the copies of one wrapper.
///
/// `@unchecked Sendable`: the service is only stored and read under the lock. Services may
/// be of any type, as everywhere in the container, which hands the same service to every
/// thread that loads it; this cache hands out nothing the container would not.
final class InjectedCache<Service>: @unchecked Sendable {
    private enum State: @unchecked Sendable {
        case empty
        case loading(thread: ObjectIdentifier)
        case loaded(Service)
    }

    private let state = LockedValue(State.empty)

    /// The stored service, or the one `load` returns, stored if not `nil`.
    ///
    /// While one thread loads, others wait for it. A read from inside that load, on the same
    /// thread (a factory that reads the property it is creating the service for), is a cycle
    /// and yields `nil` instead of waiting for itself.
    func value(_ load: () -> Service?) -> Service? {
        let me = ObjectIdentifier(ThreadState.current)
        let loadDone = { (state: inout State) -> Bool in
            if case .loading(let thread) = state { return thread == me }
            return true
        }
        let decision = state.withLock(waitingUntil: loadDone) { state -> Decision in
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
            state.withLock { $0 = service.map(State.loaded) ?? .empty }
            state.wakeWaiters()
            return service
        }
    }

    private enum Decision {
        case use(Service?)
        case load
    }
}
