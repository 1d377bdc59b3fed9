#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A pthread condition variable that threads wait on with one ``LockedValue``'s lock held,
/// so that a change wakes only the threads it concerns instead of every waiter of the lock.
///
/// `@unchecked Sendable`: the condition is only used through pthread calls, which are
/// thread-safe; its address never moves.
final class ConditionVariable: @unchecked Sendable {
    let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    init() {
        condition.initialize(to: pthread_cond_t())
        let status = pthread_cond_init(condition, nil)
        precondition(status == 0, "pthread_cond_init failed with error \(status)")
    }

    deinit {
        let status = pthread_cond_destroy(condition)
        precondition(status == 0, "pthread_cond_destroy failed with error \(status)")
        condition.deallocate()
    }
}
