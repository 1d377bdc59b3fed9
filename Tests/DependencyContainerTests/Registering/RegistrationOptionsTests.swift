import DependencyContainer
import Testing

/// A class service whose instances the tests tell apart by identity.
private final class Widget: Sendable {
    let label: String
    init(_ label: String = "") {
        self.label = label
    }
}

@Suite("Default scope")
struct DefaultScopeTests {
    @Test("A registration that states no scope gets the container's default scope")
    func unstatedScopeTakesDefault() throws {
        let container = Container(defaultScope: .singleton)
        let id = uniqueID(Widget.self)
        container.register(id) { Widget() }
        #expect(container.load(id) === container.load(id))
        let info = try #require(container.registrations.first { $0.id == id.name })
        #expect(info.scope == .singleton)
        #expect(container.defaultScope == .singleton)
    }

    @Test("A stated scope wins over the default, .transient included")
    func statedScopeWins() {
        let container = Container(defaultScope: .singleton)
        let id = uniqueID(Widget.self)
        container.register(id, scope: .transient) { Widget() }
        #expect(container.load(id) !== container.load(id))
    }

    @Test("Without a default scope a registration is transient")
    func transientByDefault() {
        let container = Container()
        let id = uniqueID(Widget.self)
        container.register(id) { _ in Widget() }
        #expect(container.defaultScope == .transient)
        #expect(container.load(id) !== container.load(id))
    }

    @Test("A child inherits its parent's default scope unless it sets its own")
    func childInherits() {
        let parent = Container(defaultScope: .singleton)
        let child = Container(parent: parent)
        let own = Container(parent: parent, defaultScope: .transient)
        #expect(child.defaultScope == .singleton)
        #expect(own.defaultScope == .transient)
        parent.defaultScope = .weak
        #expect(child.defaultScope == .weak)
        let id = uniqueID(Widget.self)
        child.register(id) { Widget() }
        let held = child.load(id)
        #expect(child.load(id) === held)
    }

    @Test("Setting the default scope changes no existing registration")
    func settingLeavesExisting() {
        let container = Container()
        let id = uniqueID(Widget.self)
        container.register(id) { Widget() }
        container.defaultScope = .singleton
        #expect(container.load(id) !== container.load(id))
    }

    @Test("Options without a scope get the default, and read .transient")
    func optionsWithoutScope() {
        let container = Container(defaultScope: .singleton)
        let id = uniqueID(Widget.self)
        let options = RegistrationOptions<Widget>()
        #expect(options.scope == .transient)
        #expect(options.statedScope == nil)
        container.register(id, options: options) { _ in Widget() }
        #expect(container.load(id) === container.load(id))
    }

    @Test("A .graph default shares a service within one load, as Swinject's default does")
    func graphDefault() throws {
        let container = Container(defaultScope: .graph)
        let leaf = uniqueID(Widget.self)
        let pair = uniqueID((Widget, Widget).self)
        container.register(leaf) { Widget() }
        container.register(pair) { resolver in (try resolver.require(leaf), try resolver.require(leaf)) }
        let (first, second) = try container.require(pair)
        #expect(first === second)
        let (third, _) = try container.require(pair)
        #expect(third !== first)
    }

    @Test("A main-actor registration that states no scope gets the default scope")
    @MainActor
    func mainActorTakesDefault() {
        let container = Container(defaultScope: .singleton)
        let id = uniqueID(Widget.self)
        container.registerOnMainActor(id) { Widget() }
        #expect(container.load(id) === container.load(id))
    }
}

@Suite("Changing a registration's scope")
struct SetScopeTests {
    @Test("setScope replaces the registration: the cached service goes, its dispose hook runs")
    func changesScope() throws {
        let container = Container()
        let id = uniqueID(Widget.self)
        let disposed = Counter()
        let log = EventLog()
        container.setDiagnosticsHandler(log.handler)
        container.register(id, scope: .singleton, onDispose: { _ in disposed.increment() }) { Widget() }
        let first = try #require(container.load(id))
        let outcome = container.setScope(.transient, for: id)
        guard case .replaced(let previous) = outcome else {
            Issue.record("expected .replaced, got \(outcome)")
            return
        }
        #expect(previous.scope == .singleton)
        #expect(disposed.count == 1)
        #expect(container.load(id) !== first)
        #expect(container.load(id) !== container.load(id))
        #expect(container.registrations.first { $0.id == id.name }?.scope == .transient)
        #expect(log.descriptions.contains { $0.contains("replaced") })
    }

    @Test("setScope keeps the factory and the other options")
    func keepsOptions() {
        let container = Container()
        let id = uniqueID(Widget.self)
        let disposed = Counter()
        container.register(id, onDispose: { _ in disposed.increment() }) { Widget("kept") }
        container.setScope(.singleton, for: id)
        #expect(container.load(id)?.label == "kept")
        #expect(container.load(id) === container.load(id))
        container.resetCaches()
        #expect(disposed.count == 1)
    }

    @Test("setScope of an ID this container does not register is rejected, naming the ID", .tags(.badInput))
    func unknownID() {
        let parent = Container()
        let child = Container(parent: parent)
        let id = uniqueID(Widget.self)
        parent.register(id) { Widget() }
        for container in [Container(), child] {
            guard case .rejected(.notRegistered(let missing, _, _)) = container.setScope(.singleton, for: id)
            else {
                Issue.record("expected a rejection")
                continue
            }
            #expect(missing == id.name)
        }
        #expect(parent.load(id) !== parent.load(id))
    }
}

@Suite("Registering once")
struct KeepingExistingTests {
    @Test("A registration that keeps the existing one leaves an earlier registration in place")
    func keepsEarlier() throws {
        let container = Container()
        let id = uniqueID(String.self)
        container.register(id) { "mock" }
        let outcome = container.register(id, options: RegistrationOptions(keepsExistingRegistration: true)) {
            _ in
            "production"
        }
        guard case .kept(let existing) = outcome else {
            Issue.record("expected .kept, got \(outcome)")
            return
        }
        #expect(existing.id == id.name)
        #expect(!outcome.isRegistered)
        #expect(container.load(id) == "mock")
    }

    @Test("Without an earlier registration it is added")
    func addsWhenAbsent() {
        let container = Container()
        let id = uniqueID(String.self)
        let outcome = container.register(id, options: RegistrationOptions(keepsExistingRegistration: true)) {
            _ in
            "production"
        }
        guard case .added = outcome else {
            Issue.record("expected .added, got \(outcome)")
            return
        }
        #expect(container.load(id) == "production")
    }

    @Test("Only a registration of the same context counts, and a parent's does not")
    func sameContextOnly() {
        let parent = Container()
        let container = Container(parent: parent)
        let id = uniqueID(String.self)
        parent.register(id) { "parent" }
        container.register(id) { "default" }
        let outcome = container.register(
            id, options: RegistrationOptions(context: .preview, keepsExistingRegistration: true)
        ) { _ in "preview" }
        #expect(outcome.isRegistered)
        let again = container.register(
            id, options: RegistrationOptions(context: .preview, keepsExistingRegistration: true)
        ) { _ in "second preview" }
        #expect(!again.isRegistered)
        container.setActiveContexts([.preview])
        #expect(container.load(id) == "preview")
        let child = Container(parent: parent)
        #expect(
            child.register(id, options: RegistrationOptions(keepsExistingRegistration: true)) { _ in "child" }
                .isRegistered)
    }
}

@Suite("Selective reset and introspection", .tags(.lifetime))
struct SelectiveResetTests {
    @Test("resetCaches discards every kept service and keeps the registrations")
    func resetCachesKeepsRegistrations() throws {
        let container = Container()
        let singleton = uniqueID(Widget.self)
        let session = uniqueID(Widget.self)
        let weak = uniqueID(Widget.self)
        let transient = uniqueID(Widget.self)
        let disposed = Counter()
        container.register(singleton, scope: .singleton, onDispose: { _ in disposed.increment() }) {
            Widget()
        }
        container.register(session, scope: .session, onDispose: { _ in disposed.increment() }) { Widget() }
        container.register(weak, scope: .weak) { Widget() }
        container.register(transient) { Widget() }
        let first = try #require(container.load(singleton))
        let firstSession = try #require(container.load(session))
        let held = try #require(container.load(weak))
        _ = container.load(transient)
        #expect(container.resetCaches() == 3)
        #expect(disposed.count == 2)
        #expect(container.load(singleton) !== first)
        #expect(container.load(session) !== firstSession)
        #expect(container.load(weak) !== held)
        #expect(container.contains(transient))
        // The weak service made by the load above is held by nobody any more.
        #expect(container.resetCaches() == 2)
        #expect(Container().resetCaches() == 0)
    }

    @Test("resetCaches releases the services it discards")
    func resetCachesReleases() {
        let container = Container()
        let id = uniqueID(Widget.self)
        container.register(id, scope: .singleton) { Widget() }
        weak var released: Widget?
        do {
            released = container.load(id)
            #expect(released != nil)
        }
        container.resetCaches()
        #expect(released == nil)
    }

    @Test("resetCaches of a child leaves its parent's services")
    func childResetLeavesParent() {
        let parent = Container()
        let child = Container(parent: parent)
        let id = uniqueID(Widget.self)
        parent.register(id, scope: .singleton) { Widget() }
        let first = child.load(id)
        #expect(child.resetCaches() == 0)
        #expect(child.load(id) === first)
    }

    @Test("removeContextRegistrations keeps the default registration and removes the others")
    func removeContextRegistrations() {
        let container = Container()
        let id = uniqueID(String.self)
        container.register(id) { "default" }
        container.register(id, context: .preview) { "preview" }
        container.register(id, context: .test) { "test" }
        container.setActiveContexts([.preview])
        #expect(container.load(id) == "preview")
        #expect(container.removeContextRegistrations(of: id) == 2)
        #expect(container.load(id) == "default")
        container.setActiveContexts([.test])
        #expect(container.load(id) == "default")
        #expect(container.removeContextRegistrations(of: id) == 0)
    }

    @Test("removeContextRegistrations leaves the answering default's service, and removes an ID without one")
    func removeContextRegistrationsKeepsDefaultService() throws {
        let container = Container()
        let id = uniqueID(Widget.self)
        let contextOnly = uniqueID(Widget.self)
        container.register(id, scope: .singleton) { Widget() }
        container.register(id, scope: .singleton, context: .preview) { Widget("preview") }
        container.register(contextOnly, context: .preview) { Widget() }
        container.setActiveContexts([])
        let first = try #require(container.load(id))
        #expect(container.removeContextRegistrations(of: id) == 1)
        #expect(container.load(id) === first)
        #expect(container.removeContextRegistrations(of: contextOnly) == 1)
        container.setActiveContexts([.preview])
        #expect(!container.contains(contextOnly))
        #expect(container.load(id) === first)
    }

    @Test("hasCachedService says whether a load would reuse a kept service")
    func hasCachedService() {
        let parent = Container()
        let child = Container(parent: parent)
        let id = uniqueID(Widget.self)
        let transient = uniqueID(Widget.self)
        parent.register(id, scope: .singleton) { Widget() }
        parent.register(transient) { Widget() }
        #expect(!parent.hasCachedService(for: id))
        _ = parent.load(id)
        _ = parent.load(transient)
        #expect(parent.hasCachedService(for: id))
        #expect(child.hasCachedService(for: id))
        #expect(!parent.hasCachedService(for: transient))
        #expect(!Container().hasCachedService(for: id))
        parent.resetCaches()
        #expect(!child.hasCachedService(for: id))
    }

    @Test("contains looks where a load looks: a child sees its parent's registrations, not the reverse")
    func containsFollowsLookupOrder() {
        let parent = Container()
        let child = Container(parent: parent)
        let inherited = uniqueID(Widget.self)
        let own = uniqueID(Widget.self)
        parent.register(inherited) { Widget() }
        child.register(own) { Widget() }
        #expect(child.contains(inherited))
        #expect(child.contains(own))
        #expect(!parent.contains(own))
    }
}

@Suite("Observers of the options' changes")
struct RegistrationOptionsObservingTests {
    /// The kinds of change `handler` received.
    private static func kinds(_ changes: [RegistrationChange]) -> [String] {
        changes.map { change in
            switch change {
            case .current: return "current"
            case .added: return "added"
            case .replaced(let previous, let replacement):
                return "replaced \(previous.scope)->\(replacement.scope)"
            case .removed: return "removed"
            case .reset: return "reset"
            @unknown default: return "other"
            }
        }
    }

    @Test(
        "Observers see setScope as a replacement, resetCaches as a reset, and a kept registration as nothing")
    func observedChanges() {
        let container = Container()
        let id = uniqueID(Widget.self)
        let changes = Protected<[RegistrationChange]>([])
        container.register(id, scope: .singleton) { Widget() }
        let token = container.observe(id) { change in changes.withLock { $0.append(change) } }
        _ = container.load(id)
        container.setScope(.weak, for: id)
        container.register(id, options: RegistrationOptions(keepsExistingRegistration: true)) { _ in Widget()
        }
        let held = container.load(id)
        container.resetCaches()
        #expect(Self.kinds(changes.withLock { $0 }) == ["current", "replaced singleton->weak", "reset"])
        withExtendedLifetime((token, held)) {}
    }
}
