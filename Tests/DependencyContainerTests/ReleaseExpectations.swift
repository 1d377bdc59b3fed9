import DependencyContainer
import Dispatch
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Expects `released` to have reached `count` when the write returned.
///
/// The container frees old services before a write returns unless a load is in progress on
/// some thread; then the last of those loads frees them when it ends. Other tests running in
/// parallel have loads in progress, so by default the check waits briefly for them (they are
/// loads, not idle threads, which never hold anything back). With `DC_STRICT_RELEASE=1`, for
/// a run of one serialized suite alone, the services must be gone when the write returns.
func expectReleased(
    _ released: Counter, _ count: Int, after write: String, sourceLocation: SourceLocation = #_sourceLocation
) {
    waitForLoadsInProgress { released.count >= count }
    #expect(
        released.count == count,
        """
        after \(write): \(released.count) of \(count) old services released, \
        \(Container.pendingReclamationBatches) batches of retired services waiting
        """,
        sourceLocation: sourceLocation)
}

/// Waits up to 10 seconds for `isDone`, unless `DC_STRICT_RELEASE=1`: long enough for loads
/// that other tests have in progress to end and free what a write retired.
func waitForLoadsInProgress(until isDone: () -> Bool) {
    guard environmentInteger("DC_STRICT_RELEASE") != 1 else { return }
    let deadline = DispatchTime.now() + 10
    while !isDone(), DispatchTime.now() < deadline {
        sched_yield()
    }
}
