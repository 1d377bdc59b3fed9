import DependencyContainer
import Dispatch
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs `write` and expects `released` to reach `count` when it returns.
///
/// The promise (the Guarantees article): the services a write removes are released before
/// it returns, whatever other threads cached. Only a load that began before the write and is
/// still in progress on another thread can hold them back, and then the last such load
/// releases them when it returns. Tests in other suites run in parallel and may have loads in
/// progress, so the write runs under ``Container/probingReleases(_:)``: when it freed
/// everything it retired, the count must be right at once. Only when a load in progress held
/// a batch back, or such a load ended on another thread and freed the batch first, does the
/// check wait for those loads (``expectReleasedOnceLoadsEnd``). A batch the write neither
/// freed, nor saw held back, nor saw freed by another thread fails the check at once.
///
/// - Parameters:
///   - released: Counts the services released.
///   - count: What `released` must show after the write.
///   - write: Names the write, for the failure message.
///   - perform: The write.
func expectReleased(
    _ released: Counter, _ count: Int, after write: String, sourceLocation: SourceLocation = #_sourceLocation,
    by perform: () -> Void
) {
    let probe = Container.probingReleases(perform)
    expectReleased(
        after: write, probe, sourceLocation: sourceLocation,
        "\(released.count) of \(count) old services released"
    ) { released.count == count }
}

/// Expects `isReleased` when the writes and loads that `probe` and `others` watched
/// returned, unless a load in progress elsewhere held back something they retired, or freed
/// it first; then within 10 seconds (``expectReleasedOnceLoadsEnd``).
///
/// - Parameters:
///   - write: Names the write, for the failure message.
///   - probe: What the thread that wrote saw (``Container/probingReleases(_:)``).
///   - others: Probes of the threads whose loads were in progress during the write.
///   - state: Describes what is still alive, for the failure message.
///   - isReleased: Whether the old services are gone.
func expectReleased(
    after write: String, _ probe: ReleaseProbe, with others: [ReleaseProbe] = [],
    sourceLocation: SourceLocation = #_sourceLocation, _ state: @autoclosure () -> String = "",
    _ isReleased: () -> Bool
) {
    let unaccounted = probe.unaccounted(with: others)
    #expect(
        unaccounted.isEmpty,
        "\(write): batches \(unaccounted) neither freed, nor held back by a load, nor freed elsewhere",
        sourceLocation: sourceLocation)
    if probe.freedEverythingRetired(with: others) {
        #expect(
            isReleased(), "when \(write) returned: \(state()); it freed everything it retired",
            sourceLocation: sourceLocation)
    } else {
        expectReleasedOnceLoadsEnd(after: write, sourceLocation: sourceLocation, state(), isReleased)
    }
}

/// The eventual form, for a write whose services a load in progress on another thread held
/// back: that load, or the last of several, releases them when it returns (the one case in
/// which the promise is not "when the write returns").
///
/// Such loads belong to tests running in parallel, whose duration this suite does not know,
/// so the check waits up to 10 seconds for them: long for a load, short enough to report a
/// service that is never released.
func expectReleasedOnceLoadsEnd(
    after write: String, sourceLocation: SourceLocation = #_sourceLocation,
    _ state: @autoclosure () -> String,
    _ isReleased: () -> Bool
) {
    let deadline = DispatchTime.now() + 10
    while !isReleased(), DispatchTime.now() < deadline {
        sched_yield()
    }
    #expect(
        isReleased(),
        """
        10 s after \(write), held back by loads in progress elsewhere: \(state()); \
        \(Container.pendingReclamationBatches) batches of retired services waiting
        """,
        sourceLocation: sourceLocation)
}
