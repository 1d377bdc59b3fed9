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
/// `@unchecked Sendable`: the condition is only used through pthread calls, which are thread-safe;
/// its address never moves.
@usableFromInline
package final class ConditionVariable: @unchecked Sendable {
    @usableFromInline
    let condition = UnsafeMutablePointer<pthread_cond_t>.makeCondition()

    package init() {}

    deinit {
        condition.destroyCondition()
    }
}

extension UnsafeMutablePointer<pthread_cond_t> {
    /// A heap-allocated, initialized condition variable, whose address never moves; the
    /// one place conditions are made, for ``ConditionVariable`` and ``LockedValue``.
    static func makeCondition() -> Self {
        let condition = allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        let status = pthread_cond_init(condition, nil)
        precondition(status == 0, "pthread_cond_init failed with error \(status)")
        return condition
    }

    /// Destroys and frees a condition that ``makeCondition()`` made.
    func destroyCondition() {
        let status = pthread_cond_destroy(self)
        precondition(status == 0, "pthread_cond_destroy failed with error \(status)")
        deallocate()
    }
}
