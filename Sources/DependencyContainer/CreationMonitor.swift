#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Serializes the creation of ``Scope/singleton`` and ``Scope/weak`` services, so that a
/// factory runs once however many threads race on the first load, and turns a cross-thread
/// creation cycle into an error instead of a deadlock.
///
/// Threads that find a service being created wait on a condition variable. Before waiting,
/// a thread follows the chain "service → thread creating it → service that thread waits for";
/// if the chain comes back to itself, waiting would never end, and it reports a cycle.
///
/// `@unchecked Sendable`: all mutable state is read and written only with `mutex` held.
/// A pthread mutex and condition variable are used because `Synchronization.Mutex` has no
/// way to wait; both are heap-allocated so their addresses never move.
final class CreationMonitor: @unchecked Sendable {
    static let shared = CreationMonitor()

    enum Outcome {
        case acquired
        case deadlock(path: [String])
    }

    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    /// Which thread creates each registration's service.
    private var creators: [ObjectIdentifier: ObjectIdentifier] = [:]
    /// Which registration each waiting thread waits for, and the thread's resolution stack
    /// when it began to wait.
    private var waits: [ObjectIdentifier: (registration: Registration, frames: [Registration])] = [:]

    private init() {
        mutex.initialize(to: pthread_mutex_t())
        condition.initialize(to: pthread_cond_t())
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Makes the calling thread the creator of `registration`'s service, waiting while
    /// another thread creates it.
    func acquire(_ registration: Registration, thread: ThreadState) -> Outcome {
        let me = ObjectIdentifier(thread)
        let key = ObjectIdentifier(registration)
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while let creator = creators[key] {
            if let path = cyclePath(from: registration, creator: creator, back: me) {
                return .deadlock(path: thread.frames.map(\.id) + path)
            }
            waits[me] = (registration, thread.frames)
            pthread_cond_wait(condition, mutex)
            waits[me] = nil
        }
        creators[key] = me
        return .acquired
    }

    /// Ends the calling thread's creation of `registration`'s service and wakes waiters.
    func release(_ registration: Registration) {
        pthread_mutex_lock(mutex)
        creators[ObjectIdentifier(registration)] = nil
        pthread_cond_broadcast(condition)
        pthread_mutex_unlock(mutex)
    }

    /// The IDs along the wait chain from `registration` back to thread `me`, or `nil` if the
    /// chain ends elsewhere.
    ///
    /// Each thread on the chain contributes the registrations it loaded after the one it
    /// creates, up to the one it waits for, so the path names every link of the cycle.
    private func cyclePath(
        from registration: Registration, creator: ObjectIdentifier, back me: ObjectIdentifier
    ) -> [String]? {
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
