import DependencyContainer
import Testing

@Suite("Observer lifetimes", .tags(.lifetime))
struct ObservingLifetimeTests {
    @Test("Dropping the container ends its sequence, which does not keep it alive", .timeLimit(.minutes(1)))
    func droppingEndsSequence() async {
        var container: Container? = Container()
        let changes = container!.changes(of: .toast)
        container!.register(.toast) { RecordingToast() }
        // Assigned apart from its declaration: `weak let` needs Swift 6.3, above the floor.
        weak var released: Container?
        released = container
        container = nil
        #expect(released == nil, "the sequence kept the container alive")
        var kinds: [String] = []
        // Finishes only because the container's going ended the sequence.
        for await change in changes {
            kinds.append(change.kind)
        }
        #expect(kinds == ["current(nil)", "added"])
    }

    @Test("Dropping the container ends an extension point's sequence too", .timeLimit(.minutes(1)))
    func droppingEndsContributionSequence() async {
        var container: Container? = Container()
        let changes = container!.changes(of: .observedMenu)
        container!.contribute(to: .observedMenu, named: "share") { ObservedMenuEntry(title: "Share") }
        container = nil
        var received: [String] = []
        for await change in changes {
            received.append(change.description)
        }
        #expect(received == ["current: []", "added: share"])
    }

    @Test("A token does not keep its container alive, and ends with it")
    func tokenDoesNotRetain() {
        var container: Container? = Container()
        let log = ChangeLog<RegistrationChange>()
        let token = container!.observe(.toast) { log.append($0) }
        // Assigned apart from its declaration: `weak let` needs Swift 6.3, above the floor.
        weak var released: Container?
        released = container
        #expect(!token.isCancelled)
        container = nil
        #expect(released == nil, "the token kept the container alive")
        #expect(token.isCancelled)
        #expect(log.all == [.current(nil)])
    }

    @Test("A child that goes leaves its parent's store: the parent's changes no longer call its handler")
    func childGoesParentStays() {
        let parent = Container()
        var child: Container? = Container(parent: parent)
        let log = ChangeLog<RegistrationChange>()
        let token = child!.observe(.toast) { log.append($0) }
        parent.register(.toast) { RecordingToast() }
        child = nil
        #expect(token.isCancelled)
        parent.unregister(.toast)
        #expect(log.all.map(\.kind) == ["current(nil)", "added"])
    }

    @Test("A handler's captures are released when the token goes")
    func handlerReleased() {
        let container = Container()
        final class Capture: Sendable {}
        var capture: Capture? = Capture()
        // Assigned apart from its declaration: `weak let` needs Swift 6.3, above the floor.
        weak var released: Capture?
        released = capture
        var token: ObservationToken? = container.observe(.toast) { [capture] _ in _ = capture }
        capture = nil
        #expect(released != nil)
        token = nil
        #expect(released == nil, "the store kept the observer's handler")
        #expect(token == nil)
    }
}
