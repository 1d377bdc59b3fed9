/// Serializes the creation of ``Scope/singleton`` and ``Scope/weak`` services, so that a
/// factory runs once however many threads race on the first load, and turns a cross-thread
/// creation cycle into an error instead of a deadlock.
///
/// Threads that find a service being created wait on the lock's condition. Before waiting,
/// a thread follows the chain "service → thread creating it → service that thread waits for";
/// if the chain comes back to itself, waiting would never end, and it reports a cycle.
final class CreationMonitor: Sendable {
    static let shared = CreationMonitor()

    enum Outcome {
        case acquired
        case deadlock(path: [String])
    }

    /// Who creates what, and who waits for what.
    fileprivate struct State: Sendable {
        /// Which thread creates each registration's service.
        var creators: [ObjectIdentifier: ObjectIdentifier] = [:]
        /// Which registration each waiting thread waits for, and the thread's resolution
        /// stack when it began to wait.
        var waits: [ObjectIdentifier: (registration: Registration, frames: [Registration])] = [:]
    }

    private let state = LockedValue(State())

    private init() {}

    /// Makes the calling thread the creator of `registration`'s service, waiting while
    /// another thread creates it.
    func acquire(_ registration: Registration, thread: ThreadState) -> Outcome {
        let me = ObjectIdentifier(thread)
        let key = ObjectIdentifier(registration)
        var deadlock: [String]?
        let mayCreate = { (state: inout State) -> Bool in
            state.waits[me] = nil
            guard let creator = state.creators[key] else { return true }
            if let path = state.cyclePath(from: registration, creator: creator, back: me) {
                deadlock = thread.frames.map(\.id) + path
                return true
            }
            state.waits[me] = (registration, thread.frames)
            return false
        }
        state.withLock(waitingUntil: mayCreate) { state in
            if deadlock == nil { state.creators[key] = me }
        }
        return deadlock.map { .deadlock(path: $0) } ?? .acquired
    }

    /// Ends the calling thread's creation of `registration`'s service and wakes waiters.
    func release(_ registration: Registration) {
        state.withLock { $0.creators[ObjectIdentifier(registration)] = nil }
        state.wakeWaiters()
    }
}

extension CreationMonitor.State {
    /// The IDs along the wait chain from `registration` back to thread `me`, or `nil` if the
    /// chain ends elsewhere.
    ///
    /// Each thread on the chain contributes the registrations it loaded after the one it
    /// creates, up to the one it waits for, so the path names every link of the cycle.
    fileprivate func cyclePath(
        from registration: Registration, creator: ObjectIdentifier, back me: ObjectIdentifier
    ) -> [String]? {
        #if DC_INTERLEAVING
            if InterleavingHooks.has(.noCrossThreadCycleCheck) { return nil }
        #endif
        var path = [registration.id]
        var created = registration
        var thread = creator
        // Each thread waits for at most one registration, so the chain has no branches;
        // the bound guards against a chain that loops without reaching `me`.
        for _ in 0...waits.count {
            if thread == me { return path }
            guard let wait = waits[thread], let next = creators[ObjectIdentifier(wait.registration)] else {
                return nil
            }
            if let start = wait.frames.lastIndex(where: { $0 === created }) {
                path += wait.frames[(start + 1)...].map(\.id)
            }
            path.append(wait.registration.id)
            created = wait.registration
            thread = next
        }
        return nil
    }
}
