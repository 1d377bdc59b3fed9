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
/// The promise (the Guarantees article): the services a write removes are disposed of and
/// released before it returns, whatever other threads cached and whatever loads and factories
/// run meanwhile, in this test or in the tests running beside it.
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
    perform()
    expectReleased(
        after: write, sourceLocation: sourceLocation, "\(released.count) of \(count) old services released"
    ) { released.count == count }
}

/// Expects `isReleased` as soon as the write named `write` returned.
///
/// - Parameters:
///   - write: Names the write, for the failure message.
///   - state: Describes what is still alive, for the failure message.
///   - isReleased: Whether the old services are gone.
func expectReleased(
    after write: String, sourceLocation: SourceLocation = #_sourceLocation,
    _ state: @autoclosure () -> String = "", _ isReleased: () -> Bool
) {
    #expect(isReleased(), "when \(write) returned: \(state())", sourceLocation: sourceLocation)
}
