import DependencyContainer
import Testing

/// Verifies `container`'s composition and records each error and warning as a test issue.
///
/// One line in an app's test target checks the composition root, without running any
/// factory (see `Container.verify()`):
///
/// ```swift
/// @Test func compositionRootIsComplete() {
///     let container = Container()
///     AppComposition.register(into: container)
///     expectVerified(container)
/// }
/// ```
///
/// Each issue's comment is the problem as `inject-lint` prints it, starting with the file and
/// line that registered the faulty registration; the issue itself is recorded at the call.
/// Notes (absent optional dependencies) and unchecked registrations record nothing.
///
/// - Parameters:
///   - container: The container to verify, in the current task's override scopes.
///   - sourceLocation: Where the issues are recorded; the call, unless stated.
/// - Returns: The report, for further expectations.
/// - Complexity: O(*n* · *d*) in the registrations and the dependencies each declares.
@discardableResult
public func expectVerified(
    _ container: Container, sourceLocation: SourceLocation = #_sourceLocation
) -> VerificationReport {
    let report = container.verify()
    for problem in report.problems where problem.severity != .note {
        Issue.record(Comment(rawValue: "\(problem)"), sourceLocation: sourceLocation)
    }
    return report
}
