/// The two points where a thread that finds a shared service being created decides what to
/// do, named so that the interleaving checker can inject the faults that break creation
/// once: skipping the wait graph's cycle check before waiting, and skipping the recheck
/// for a service the previous creator published.
@usableFromInline
package enum CreationGate {
    /// The cycle that waiting for another thread's creation would close, found by `follow`,
    /// which walks the wait chain; checked before every wait.
    @inlinable @inline(__always)
    package static func cycleBeforeWaiting(_ follow: () -> [String]?) -> [String]? {
        #if DC_INTERLEAVING
            // The fault waits without looking, however the chain runs.
            if InterleavingHooks.injectsFault(at: .waitCycleCheck) { return nil }
        #endif
        return follow()
    }

    /// Whether a thread that just became a service's creator, and found the service
    /// published by the creator it may have waited for, hands that one out instead of
    /// creating the service again; asked only once one is found.
    @inlinable @inline(__always)
    package static func takesPublished() -> Bool {
        #if DC_INTERLEAVING
            return !InterleavingHooks.injectsFault(at: .creationRecheck)
        #else
            return true
        #endif
    }
}
