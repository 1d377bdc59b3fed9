import DependencyContainer
import Foundation
import Testing

/// What decorators saw: the ID of each service made, labelled by decorator.
final class DecorationLog: Sendable {
    private let entries = Protected<[String]>([])

    func record(_ label: String, _ created: CreatedService) {
        entries.withLock { $0.append("\(label):\(created.id)") }
    }

    var all: [String] { entries.withLock { $0 } }
}

@Suite("Container-wide creation decorators", .tags(.lifetime))
struct CreationDecoratorTests {
    @Test("A decorator runs once per service made, after its own hooks, before a load receives it")
    func oncePerCreation() throws {
        let container = Container()
        let singleton = uniqueID(Connection.self, "singleton")
        let transient = uniqueID(Connection.self, "transient")
        let seen = Protected<[(id: String, configured: Int, info: RegistrationInfo)]>([])
        container.register(singleton, scope: .singleton, onCreate: { c, _ in c.configure() }) {
            Connection("singleton")
        }
        container.register(transient) { Connection("transient") }
        let token = container.decorateCreations { created in
            let connection = created.service as? Connection
            seen.withLock { $0.append((created.id, connection?.configureCount ?? -1, created.info)) }
            connection?.configure()
        }
        let first = try container.require(singleton)
        #expect(first.configureCount == 2, "the hook, then the decorator, before the load received it")
        #expect(container.load(singleton) === first)
        let made = try (0..<3).map { _ in try container.require(transient) }
        #expect(made.map(\.configureCount) == [1, 1, 1])
        let entries = seen.withLock { $0 }
        #expect(entries.map(\.id) == [singleton.name, transient.name, transient.name, transient.name])
        #expect(entries.first?.configured == 1, "after the registration's own hook")
        #expect(entries.first?.info.scope == .singleton)
        #expect(entries.first?.info.creationHookCount == 1)
        withExtendedLifetime(token) {}
    }

    @Test("A decorator runs on what an argument factory makes, typed or not, before the load receives it")
    func argumentFactories() throws {
        let container = Container()
        let id = ArgumentInjectID<String, Connection>("argument-\(UUID().uuidString)")
        container.register(id) { _, label in Connection(label) }
        let token = container.decorateCreations { created in
            (created.service as? Connection)?.configure()
        }
        #expect(try container.require(id, argument: "a").configureCount == 1)
        #expect(container.load(id, argument: "b")?.configureCount == 1)
        let erased = ArgumentInjectID<String, AnyObject>(id.name)
        #expect((container.load(erased, argument: "c") as? Connection)?.configureCount == 1)
        withExtendedLifetime(token) {}
    }

    @Test("Several decorators run in the order added; cancelling or dropping a token removes its decorator")
    func orderAndCancellation() throws {
        let container = Container()
        let id = uniqueID(Connection.self, "made")
        let log = DecorationLog()
        container.register(id) { Connection("made") }
        let first = container.decorateCreations { log.record("first", $0) }
        var second: ObservationToken? = container.decorateCreations { log.record("second", $0) }
        _ = container.load(id)
        #expect(log.all == ["first:\(id.name)", "second:\(id.name)"])
        first.cancel()
        #expect(first.isCancelled)
        _ = container.load(id)
        #expect(log.all.suffix(1) == ["second:\(id.name)"])
        #expect(second?.isCancelled == false)
        second = nil
        _ = container.load(id)
        #expect(log.all.count == 3)
        first.cancel()  // twice: nothing
    }

    @Test("A child runs its own decorators, then its ancestors'; a parent never runs a child's")
    func childrenAndParents() throws {
        let parent = Container()
        let child = Container(parent: parent)
        let log = DecorationLog()
        let transient = uniqueID(Connection.self, "transient")
        let singleton = uniqueID(Connection.self, "singleton")
        parent.register(transient) { Connection("transient") }
        parent.register(singleton, scope: .singleton) { Connection("singleton") }
        let parentToken = parent.decorateCreations { log.record("parent", $0) }
        let childToken = child.decorateCreations { log.record("child", $0) }
        let grandchild = Container(parent: child)
        _ = grandchild.load(transient)
        #expect(log.all == ["child:\(transient.name)", "parent:\(transient.name)"])
        _ = parent.load(transient)
        #expect(log.all.suffix(1) == ["parent:\(transient.name)"])
        // Made by the parent, where it lives, for every child: the parent's decorators only.
        _ = child.load(singleton)
        #expect(log.all.suffix(1) == ["parent:\(singleton.name)"])
        #expect(log.all.count == 4)
        withExtendedLifetime((parentToken, childToken)) {}
    }

    @Test("A decorator may load services: no lock is held while it runs")
    func decoratorLoads() throws {
        let container = Container()
        let logger = uniqueID(Connection.self, "logger")
        let service = uniqueID(Connection.self, "service")
        container.register(logger, scope: .singleton) { Connection("logger") }
        container.register(service) { Connection("service") }
        let log = DecorationLog()
        let token = container.decorateCreations { [weak container] created in
            log.record("decorator", created)
            if created.id == service.name, let connection = created.service as? Connection {
                connection.link.withLock { $0 = container?.load(logger) }
            }
        }
        let made = try container.require(service)
        #expect(made.link.withLock { $0 } === container.load(logger))
        #expect(log.all == ["decorator:\(service.name)", "decorator:\(logger.name)"])
        withExtendedLifetime(token) {}
    }

    @Test("Async creations run the decorators too, after the awaited hook")
    func asyncCreation() async throws {
        let container = Container()
        let id = uniqueID(Connection.self, "async")
        let log = HookLog()
        container.registerAsync(id, scope: .singleton, onCreate: { _, _ in log.record("hook") }) { _ in
            Connection("async")
        }
        let token = container.decorateCreations { _ in log.record("decorator") }
        _ = try await container.requireAsync(id)
        _ = try await container.requireAsync(id)
        #expect(log.all == ["hook", "decorator"])
        withExtendedLifetime(token) {}
    }

    @Test("A token keeps neither its container nor the services, and outlives the container")
    func tokenHoldsNothing() throws {
        weak var weakContainer: Container?
        weak var weakService: Connection?
        let token: ObservationToken
        do {
            let container = Container()
            let id = uniqueID(Connection.self)
            container.register(id, scope: .singleton) { Connection("kept") }
            token = container.decorateCreations { _ in }
            weakService = try container.require(id)
            weakContainer = container
        }
        #expect(weakContainer == nil)
        #expect(weakService == nil)
        token.cancel()
        #expect(token.isCancelled)
    }
}

@Suite("Creation decorators added and cancelled while other threads load", .tags(.concurrency))
struct CreationDecoratorConcurrencyTests {
    @Test("Decorators come and go while threads make services: each creation runs the live ones")
    func churn() throws {
        let container = Container()
        let id = uniqueID(Connection.self)
        let singleton = uniqueID(Connection.self)
        container.register(id) { Connection("transient") }
        container.register(singleton, scope: .singleton) { Connection("singleton") }
        let calls = Counter()
        let made = Counter()
        // One thread adds and cancels decorators while the others make services.
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            if worker == 0 {
                var tokens: [ObservationToken] = []
                for round in 0..<200 {
                    tokens.append(container.decorateCreations { _ in calls.increment() })
                    if round % 3 == 0 { tokens.removeFirst().cancel() }
                }
                for token in tokens { token.cancel() }
            } else {
                for _ in 0..<300 where container.load(id) != nil {
                    made.increment()
                    _ = container.load(singleton)
                }
            }
        }
        // Every decorator is cancelled and no call runs any more: creations run none.
        let callsAfterCancel = calls.count
        for _ in 0..<50 { _ = container.load(id) }
        #expect(calls.count == callsAfterCancel, "no decorator runs once cancelled")
        #expect(made.count == 900)
        #expect(container.load(singleton) === container.load(singleton))
    }
}
