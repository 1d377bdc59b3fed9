import DependencyContainer
import Foundation
import Testing

/// Guards for issue 39's single registration model: a contribution to an extension point is
/// a registration like any other, so the container tracks its disposal as it tracks a
/// service's, and reports a hook that throws.
@Suite("Contributions released by reset(scope:) are disposed and reported as services are", .tags(.lifetime))
struct ContributionDisposalTests {
    struct CloseFailed: Error {}

    /// The IDs of the `disposeFailed` events `events` holds whose error is a `CloseFailed`.
    private func disposeFailures(_ events: EventLog) -> [String] {
        events.all.compactMap { event -> String? in
            guard case .failed(.disposeFailed(let id, let underlying)) = event, underlying is CloseFailed
            else {
                return nil
            }
            return id
        }
    }

    @Test("A contribution whose dispose hook throws, released by reset(scope:), is reported as disposeFailed")
    func throwingHookOnReset() async throws {
        let container = Container()
        let events = EventLog()
        container.setDiagnosticsHandler(events.handler)
        let log = DisposalLog()
        let point = ExtensionPoint<Connection>("ContributionDisposalMenu-\(UUID().uuidString)")
        container.contribute(
            to: point, named: "failing", scope: .lifecycleSession, onDispose: { _ in throw CloseFailed() }
        ) {
            Connection("failing")
        }
        container.contribute(to: point, named: "closing", scope: .lifecycleSession, onDispose: log.record) {
            Connection("closing")
        }
        let first = container.load(point)
        #expect(first.map(\.name).sorted() == ["closing", "failing"])
        #expect(disposeFailures(events).isEmpty, "nothing is released yet")

        #expect(container.reset(scope: .lifecycleSession) == 2)
        await container.waitForDisposals()
        #expect(disposeFailures(events) == ["\(point.name)[failing]"], "\(events.descriptions)")
        #expect(log.all == ["closing"], "the release goes on after the hook that threw")

        // The next load makes new contributions; a second reset reports the new one once more.
        let second = container.load(point)
        #expect(second.count == 2)
        #expect(!second.contains { element in first.contains { $0 === element } })
        container.reset(scope: .lifecycleSession)
        await container.waitForDisposals()
        #expect(disposeFailures(events) == ["\(point.name)[failing]", "\(point.name)[failing]"])
        #expect(log.all == ["closing", "closing"])
    }

    @Test("A child container's contribution released by its reset(scope:) is reported to the child's handler")
    func throwingHookInChild() async throws {
        let parent = Container()
        let child = Container(parent: parent)
        let events = EventLog()
        child.setDiagnosticsHandler(events.handler)
        let point = ExtensionPoint<Connection>("ContributionDisposalMenu-\(UUID().uuidString)")
        parent.contribute(to: point, named: "parent") { Connection("parent") }
        child.contribute(
            to: point, named: "child", scope: .lifecycleSession, onDispose: { _ in throw CloseFailed() }
        ) {
            Connection("child")
        }
        #expect(child.load(point).map(\.name).sorted() == ["child", "parent"])
        #expect(child.reset(scope: .lifecycleSession) == 1)
        await child.waitForDisposals()
        #expect(disposeFailures(events) == ["\(point.name)[child]"], "\(events.descriptions)")
    }
}
