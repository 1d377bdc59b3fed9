#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A value guarded by a pthread mutex, used like `Synchronization.Mutex`, with a condition
/// variable for the few places that must wait for another thread.
///
/// `@unchecked Sendable`: `value` is only read or written inside `withLock`, with the mutex held,
/// and `Value: Sendable` means nothing it hands out can be raced on outside the lock.
@usableFromInline
package final class LockedValue<Value: Sendable>: @unchecked Sendable {
    @usableFromInline
    let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    @usableFromInline
    let condition = UnsafeMutablePointer<pthread_cond_t>.makeCondition()
    /// Unchecked: the mutex makes each access exclusive, so the runtime's dynamic check (a
    /// call on every lock, as costly as the lock itself) would only repeat it.
    @usableFromInline
    @exclusivity(unchecked) var value: Value

    package init(_ value: Value) {
        self.value = value
        mutex.initialize(to: pthread_mutex_t())
        var attributes = pthread_mutexattr_t()
        check(pthread_mutexattr_init(&attributes), "pthread_mutexattr_init")
        #if DEBUG
            check(
                pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ERRORCHECK)),
                "pthread_mutexattr_settype")
        #endif
        check(pthread_mutex_init(mutex, &attributes), "pthread_mutex_init")
        check(pthread_mutexattr_destroy(&attributes), "pthread_mutexattr_destroy")
    }

    deinit {
        condition.destroyCondition()
        check(pthread_mutex_destroy(mutex), "pthread_mutex_destroy")
        mutex.deallocate()
    }

    /// Runs `body` with exclusive access to the value.
    @inlinable @inline(__always)
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body(&value)
    }

    /// Waits until `isReady` accepts the value, then runs `body` without unlocking in between.
    @inlinable
    package func withLock<Result>(
        waitingUntil isReady: (inout Value) -> Bool, _ body: (inout Value) throws -> Result
    ) rethrows -> Result {
        try withLock(waitingUntil: isReady, on: condition, body)
    }

    /// Waits on `wakeup` until `isReady` accepts the value, then runs `body` without
    /// unlocking in between: for waiters that only ``wake(_:)`` of their own condition
    /// should wake.
    @inlinable
    package func withLock<Result>(
        waitingUntil isReady: (inout Value) -> Bool, wakingOn wakeup: ConditionVariable,
        _ body: (inout Value) throws -> Result
    ) rethrows -> Result {
        try withExtendedLifetime(wakeup) { try withLock(waitingUntil: isReady, on: wakeup.condition, body) }
    }

    @inlinable
    func withLock<Result>(
        waitingUntil isReady: (inout Value) -> Bool, on condition: UnsafeMutablePointer<pthread_cond_t>,
        _ body: (inout Value) throws -> Result
    ) rethrows -> Result {
        lock()
        defer { unlock() }
        while !isReady(&value) {
            #if DC_INTERLEAVING
                // A checked thread waits in the scheduler's model: a real wait would block
                // the only thread that runs.
                let modeled = InterleavingHooks.waitForBroadcast(
                    on: condition, lock: mutex,
                    unlock: { check(pthread_mutex_unlock(mutex), "pthread_mutex_unlock") },
                    relock: { check(pthread_mutex_lock(mutex), "pthread_mutex_lock") })
                if modeled { continue }
            #endif
            check(pthread_cond_wait(condition, mutex), "pthread_cond_wait")
        }
        return try body(&value)
    }

    /// Wakes every thread waiting in ``withLock(waitingUntil:_:)`` to check its condition again.
    @inlinable
    package func wakeWaiters() {
        broadcast(condition)
    }

    /// Wakes the threads waiting on `wakeup` in ``withLock(waitingUntil:wakingOn:_:)``.
    @inlinable
    package func wake(_ wakeup: ConditionVariable) {
        withExtendedLifetime(wakeup) { broadcast(wakeup.condition) }
    }

    @inlinable
    func broadcast(_ condition: UnsafeMutablePointer<pthread_cond_t>) {
        #if DC_INTERLEAVING
            InterleavingHooks.broadcast(on: condition)
        #endif
        check(pthread_cond_broadcast(condition), "pthread_cond_broadcast")
    }

    /// Locks the mutex; in the interleaving checker's build, only once the scheduler knows
    /// that it will not block.
    @inlinable @inline(__always)
    func lock() {
        #if DC_INTERLEAVING
            InterleavingHooks.willLock(mutex)
        #endif
        check(pthread_mutex_lock(mutex), "pthread_mutex_lock")
    }

    @inlinable @inline(__always)
    func unlock() {
        check(pthread_mutex_unlock(mutex), "pthread_mutex_unlock")
        #if DC_INTERLEAVING
            InterleavingHooks.didUnlock(mutex)
        #endif
    }
}

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
        check(pthread_cond_init(condition, nil), "pthread_cond_init")
        return condition
    }

    /// Destroys and frees a condition that ``makeCondition()`` made.
    func destroyCondition() {
        check(pthread_cond_destroy(self), "pthread_cond_destroy")
        deallocate()
    }
}

/// Stops the process when a pthread call fails: that means a corrupted lock or a lock taken
/// twice by one thread, and going on would break every guarantee the lock gives.
@inlinable @inline(__always)
func check(_ status: Int32, _ function: StaticString) {
    precondition(status == 0, "\(function) failed with error \(status)")
}
