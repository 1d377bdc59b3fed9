import DependencyContainer
import Foundation
import Testing

/// A graph service that points at another, set by a creation hook.
final class GraphNode: Sendable {
    let name: String
    let partner = Protected<GraphNode?>(nil)

    init(_ name: String, partner: GraphNode? = nil) {
        self.name = name
        self.partner.withLock { $0 = partner }
    }
}

@Suite("Creation hooks", .tags(.lifetime))
struct CreationHookTests {
    @Test("A creation hook runs once per service made: once for a singleton, on every load for a transient")
    func oncePerService() throws {
        let container = Container()
        let singleton = uniqueID(Connection.self)
        let transient = uniqueID(Connection.self)
        container.register(
            singleton, scope: .singleton, onCreate: { connection, _ in connection.configure() }
        ) {
            Connection("singleton")
        }
        container.register(transient, onCreate: { connection, _ in connection.configure() }) {
            Connection("transient")
        }
        let first = try #require(container.load(singleton))
        #expect(container.load(singleton) === first)
        #expect(first.configureCount == 1)
        let made = (0..<3).compactMap { _ in container.load(transient) }
        #expect(made.map(\.configureCount) == [1, 1, 1])
    }

    @Test("A creation hook injects properties through the factory's resolver")
    func propertyInjection() throws {
        let container = Container()
        let socket = uniqueID(Connection.self)
        let session = uniqueID(Connection.self)
        container.register(socket, scope: .singleton) { Connection("socket") }
        container.register(
            session, scope: .singleton,
            onCreate: { connection, resolver in connection.link.withLock { $0 = resolver.load(socket) } }
        ) { Connection("session") }
        let made = try #require(container.load(session))
        #expect(made.link.withLock { $0 } === container.load(socket))
    }

    @Test("Inside one graph, a hook's loads get the service it runs for (Swinject's initCompleted)")
    func graphCycle() throws {
        let container = Container()
        let a = uniqueID(GraphNode.self)
        let b = uniqueID(GraphNode.self)
        container.register(
            a, scope: .graph,
            onCreate: { node, resolver in node.partner.withLock { $0 = resolver.load(b) } }
        ) { GraphNode("A") }
        container.register(b, scope: .graph) { resolver in GraphNode("B", partner: resolver.load(a)) }
        let nodeA = try #require(container.load(a))
        let nodeB = try #require(nodeA.partner.withLock { $0 })
        #expect(nodeB.name == "B")
        #expect(nodeB.partner.withLock { $0 } === nodeA)
        // A new graph per top-level load.
        #expect(container.load(a) !== nodeA)
    }

    @Test("A hook that throws fails the load as a factory that throws does, and nothing is kept")
    func throwingHook() throws {
        struct NotConfigured: Error {}
        let container = Container()
        let id = uniqueID(Connection.self)
        let made = Counter()
        let fails = Protected(true)
        container.register(
            id, scope: .singleton,
            onCreate: { _, _ in if fails.withLock({ $0 }) { throw NotConfigured() } }
        ) {
            made.increment()
            return Connection("retried")
        }
        #expect(container.load(id) == nil)
        #expect {
            try container.require(id)
        } throws: { error in
            guard case ContainerError.factoryFailed(let failedID, let underlying) = error else {
                return false
            }
            return failedID == id.name && underlying is NotConfigured
        }
        fails.withLock { $0 = false }
        let kept = try #require(container.load(id))
        #expect(container.load(id) === kept)
        #expect(made.count == 3)
    }

    @Test("An async registration's hook is awaited before any load receives the service")
    func asyncHook() async throws {
        let container = Container()
        let id = uniqueID(Connection.self)
        container.registerAsync(
            id, scope: .singleton,
            onCreate: { connection, _ in
                try await Task.sleep(for: .milliseconds(5))
                connection.configure()
            }
        ) { Connection("database") }
        async let first = container.requireAsync(id)
        async let second = container.requireAsync(id)
        let (one, two) = try await (first, second)
        #expect(one === two)
        #expect(one.configureCount == 1)
    }
}

@Suite("Creation hooks under concurrent loads", .tags(.concurrency))
struct CreationHookConcurrencyTests {
    @Test("No load receives a singleton before its creation hook has run")
    func noLoadBeforeTheHook() throws {
        for _ in 0..<20 {
            let container = Container()
            let id = uniqueID(Connection.self)
            container.register(
                id, scope: .singleton,
                onCreate: { connection, _ in
                    usleep(200)
                    connection.configure()
                }
            ) { Connection("shared") }
            let unconfigured = Counter()
            DispatchQueue.concurrentPerform(iterations: 8) { _ in
                if let loaded = container.load(id), loaded.configureCount != 1 { unconfigured.increment() }
            }
            #expect(unconfigured.count == 0)
        }
    }
}
