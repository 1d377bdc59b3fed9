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
    /// What waiters wait on unless they bring a condition of their own.
    @usableFromInline
    let waiters = ConditionVariable()
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
        try withLock(waitingUntil: isReady, wakingOn: waiters, body)
    }

    /// ``withLock(waitingUntil:_:)`` on `wakeup`, for waiters that only ``wakeWaiters(_:)`` of
    /// their own condition should wake.
    @inlinable
    package func withLock<Result>(
        waitingUntil isReady: (inout Value) -> Bool, wakingOn wakeup: ConditionVariable,
        _ body: (inout Value) throws -> Result
    ) rethrows -> Result {
        let condition = wakeup.condition
        return try withExtendedLifetime(wakeup) {
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
    }

    /// Wakes every thread waiting in ``withLock(waitingUntil:wakingOn:_:)`` on `wakeup` (by
    /// default the lock's own condition) to check its condition again.
    @inlinable
    package func wakeWaiters(_ wakeup: ConditionVariable? = nil) {
        // The pointer, not the object: `?? waiters` would retain and release it.
        let condition = wakeup?.condition ?? waiters.condition
        withExtendedLifetime(wakeup) {
            #if DC_INTERLEAVING
                InterleavingHooks.broadcast(on: condition)
            #endif
            check(pthread_cond_broadcast(condition), "pthread_cond_broadcast")
        }
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
    let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    package init() {
        condition.initialize(to: pthread_cond_t())
        check(pthread_cond_init(condition, nil), "pthread_cond_init")
    }

    deinit {
        check(pthread_cond_destroy(condition), "pthread_cond_destroy")
        condition.deallocate()
    }
}

/// Stops the process when a pthread call fails: that means a corrupted lock or a lock taken
/// twice by one thread, and going on would break every guarantee the lock gives.
@inlinable @inline(__always)
func check(_ status: Int32, _ function: StaticString) {
    precondition(status == 0, "\(function) failed with error \(status)")
}
