#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A value guarded by a pthread mutex, used like `Synchronization.Mutex`.
///
/// `Synchronization.Mutex` would be the natural choice, but on Linux it locks with futexes in
/// code that ThreadSanitizer does not instrument, so every access it guards is reported as a
/// race and the sanitizer can no longer prove this package race-free. ThreadSanitizer
/// intercepts pthread mutexes. The mutex is heap-allocated because its address must not move.
///
/// `@unchecked Sendable`: `value` is only read or written inside `withLock`, with the mutex
/// held.
package final class LockedValue<Value>: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var value: Value

    /// Creates a lock guarding `value`.
    package init(_ value: Value) {
        self.value = value
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with exclusive access to the value.
    @inline(__always)
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
