import DependencyContainer
import Testing

@Suite("Container: registering")
struct ContainerTests {
    @Test("An empty container loads nil")
    func emptyLoadsNil() {
        #expect(Container().load(.toast) == nil)
    }

    @Test("A registered factory is loaded by its ID")
    func registerAndLoad() {
        let container = Container()
        let outcome = container.register(.toast) { _ in RecordingToast() }
        #expect(outcome.isRegistered)
        if case .added = outcome {} else { Issue.record("expected .added, got \(outcome)") }
        #expect(container.load(.toast) is RecordingToast)
        #expect(container.load(.player) == nil)
    }

    @Test("A factory without a resolver parameter registers too")
    func parameterlessFactory() {
        let container = Container()
        container.register(.player) { StubPlayer(title: "Plain") }
        #expect(container.load(.player)?.title == "Plain")
    }

    @Test("Re-registering replaces the earlier registration and reports it")
    func replacement() {
        let container = Container()
        let log = EventLog()
        container.setDiagnosticsHandler(log.handler)
        container.register(.player) { _ in StubPlayer(title: "first") }
        let outcome = container.register(.player) { _ in StubPlayer(title: "second") }
        guard case .replaced(let previous) = outcome else {
            Issue.record("expected .replaced, got \(outcome)")
            return
        }
        #expect(previous.id == "PlayerInjectID")
        #expect(container.load(.player)?.title == "second")
        #expect(log.descriptions.contains { $0.hasPrefix("replaced: 'PlayerInjectID'") })
    }

    @Test("Registering one ID never disturbs another")
    func independentIDs() {
        let container = Container()
        container.register(.player) { _ in StubPlayer() }
        for index in 0..<1_000 {
            container.register(InjectID<Int>("number-\(index)")) { _ in index }
        }
        #expect(container.load(.player) != nil)
        #expect(container.load(InjectID<Int>("number-999")) == 999)
        #expect(container.registrations.count == 1_001)
    }

    @Test("Unregistering removes only that ID", arguments: [true, false])
    func unregister(typed: Bool) {
        let container = Container()
        container.register(.player) { _ in StubPlayer() }
        container.register(.toast) { _ in RecordingToast() }
        let removed = typed ? container.unregister(.player) : container.unregister(id: "PlayerInjectID")
        #expect(removed)
        #expect(!container.unregister(.player))
        #expect(container.load(.player) == nil)
        #expect(container.load(.toast) != nil)
    }

    @Test("removeAll empties the container but not its parent")
    func removeAll() {
        let parent = Container()
        parent.register(.player) { _ in StubPlayer() }
        let child = Container(parent: parent)
        child.register(.toast) { _ in RecordingToast() }
        child.removeAll()
        #expect(child.load(.toast) == nil)
        #expect(child.load(.player) != nil)
    }

    @Test(
        "Invalid IDs are rejected, named, and leave the container unchanged", arguments: ["", "   ", "\n\t"])
    func invalidIDs(name: String) {
        let container = Container()
        let log = EventLog()
        container.setDiagnosticsHandler(log.handler)
        container.register(.player) { _ in StubPlayer() }
        let outcome = container.register(InjectID<Int>(name)) { _ in 1 }
        guard case .rejected(let error) = outcome else {
            Issue.record("expected .rejected, got \(outcome)")
            return
        }
        #expect(error.description.contains("Invalid ID"))
        #expect(container.registrations.map(\.id) == ["PlayerInjectID"])
        #expect(container.load(InjectID<Int>(name)) == nil)
        #expect(log.descriptions.contains { $0.hasPrefix("rejected: Invalid ID") })
    }

    @Test("A megabyte-long ID is rejected with an abbreviated name")
    func hugeID() {
        let container = Container()
        let name = String(repeating: "x", count: 1 << 20)
        let outcome = container.register(InjectID<Int>(name)) { _ in 1 }
        guard case .rejected(let error) = outcome else {
            Issue.record("expected .rejected, got \(outcome)")
            return
        }
        #expect(error.description.contains("1048576 UTF-8 bytes"))
        #expect(error.description.count < 300)
        #expect(container.load(InjectID<Int>(name)) == nil)
    }

    @Test("A huge ID that is one character with a million combining marks is abbreviated too")
    func hugeSingleCharacterID() {
        let container = Container()
        let name = "a" + String(repeating: "\u{301}", count: 500_000)
        #expect(name.count == 1)
        let outcome = container.register(InjectID<Int>(name)) { _ in 1 }
        guard case .rejected(let error) = outcome else {
            Issue.record("expected .rejected, got \(outcome)")
            return
        }
        #expect(error.description.utf8.count < 400)
        #expect(error.description.contains("1000001 bytes"))
        let missing = #expect(throws: ContainerError.self) { try container.require(InjectID<Int>(name)) }
        #expect((missing?.description.utf8.count ?? .max) < 400)
    }

    @Test("An ID of exactly the maximum length is accepted")
    func maximumLengthID() {
        let container = Container()
        let name = String(repeating: "y", count: InjectID<Int>.maximumNameLength)
        #expect(container.register(InjectID<Int>(name)) { _ in 7 }.isRegistered)
        #expect(container.load(InjectID<Int>(name)) == 7)
    }

    @Test("Canonically equivalent IDs share one registration")
    func canonicalEquivalence() {
        let container = Container()
        container.register(InjectID<Int>("caf\u{E9}")) { _ in 1 }
        #expect(container.load(InjectID<Int>("cafe\u{301}")) == 1)
        let outcome = container.register(InjectID<Int>("cafe\u{301}")) { _ in 2 }
        if case .replaced = outcome {} else { Issue.record("expected .replaced, got \(outcome)") }
        #expect(container.load(InjectID<Int>("caf\u{E9}")) == 2)
    }
}

@Suite("Container: parents and children")
struct ContainerHierarchyTests {
    @Test("A child sees its parent's registrations")
    func childSeesParent() {
        let parent = Container()
        parent.register(.player) { _ in StubPlayer(title: "parent") }
        let child = Container(parent: parent)
        #expect(child.load(.player)?.title == "parent")
        #expect(child.parent === parent)
    }

    @Test("A child's registration overrides its parent's, and nothing leaks upward")
    func childOverrides() {
        let parent = Container()
        parent.register(.player) { _ in StubPlayer(title: "parent") }
        let child = Container(parent: parent)
        child.register(.player) { _ in StubPlayer(title: "child") }
        child.register(.toast) { _ in RecordingToast() }
        #expect(child.load(.player)?.title == "child")
        #expect(parent.load(.player)?.title == "parent")
        #expect(parent.load(.toast) == nil)
    }

    @Test("Factories registered in the parent resolve dependencies from the child")
    func dependenciesFromChild() {
        let parent = Container()
        parent.register(.toast) { resolver in RecordingToast(player: resolver.load(.player)) }
        parent.register(.player) { _ in StubPlayer(title: "parent") }
        let child = Container(parent: parent)
        child.register(.player) { _ in StubPlayer(title: "child") }
        let toast = child.load(.toast) as? RecordingToast
        #expect(toast?.player?.title == "child")
    }

    @Test("A parent's singleton is shared with its children")
    func sharedSingleton() {
        let parent = Container()
        parent.register(.player, scope: .singleton) { _ in StubPlayer() }
        let child = Container(parent: parent)
        #expect(child.load(.player) === parent.load(.player))
    }

    @Test("A child keeps a parent alive whose other owners are gone")
    func parentOutlivesItsOwner() {
        weak var weakParent: Container?
        let child: Container = {
            let parent = Container()
            parent.register(.player) { _ in StubPlayer(title: "kept") }
            weakParent = parent
            return Container(parent: parent)
        }()
        #expect(weakParent != nil)
        #expect(child.load(.player)?.title == "kept")
    }
}
