import DependencyContainer
import Foundation
import Testing

/// A service that holds what its factory loaded, to see which loads shared a graph service.
final class GraphHolder: Sendable {
    let parts: [Connection]
    let children: [GraphHolder]

    init(parts: [Connection], children: [GraphHolder] = []) {
        self.parts = parts
        self.children = children
    }

    /// Every connection this holder and the holders it holds loaded.
    var allParts: [Connection] { parts + children.flatMap(\.allParts) }
}

/// Guards for issue 39's single creation trace: a `.graph` service is made once per top-level
/// load, however many factories of that load ask for it, and its creation hook runs once per
/// service made, not once per load that reaches it.
@Suite("A graph service's creation hook runs once per top-level load", .tags(.lifetime))
struct GraphCreationHookTests {
    /// A composition in which one top-level load of `root` reaches `shared` from four places:
    /// the root's factory twice, and two transient factories it loads.
    private struct Composition {
        let container = Container()
        let shared = uniqueID(Connection.self, "GraphCreationHookShared")
        let left = uniqueID(GraphHolder.self, "GraphCreationHookLeft")
        let right = uniqueID(GraphHolder.self, "GraphCreationHookRight")
        let root = uniqueID(GraphHolder.self, "GraphCreationHookRoot")
        let made = Counter()
        let hooks = Counter()

        init() {
            let (shared, left, right, made, hooks) = (shared, left, right, made, hooks)
            container.register(
                shared, scope: .graph,
                onCreate: { connection, _ in
                    hooks.increment()
                    connection.configure()
                }
            ) {
                made.increment()
                return Connection("shared")
            }
            container.register(left) { resolver in GraphHolder(parts: [try resolver.require(shared)]) }
            container.register(right) { resolver in
                GraphHolder(parts: [try resolver.require(shared)], children: [try resolver.require(left)])
            }
            container.register(root) { resolver in
                GraphHolder(
                    parts: [try resolver.require(shared), try resolver.require(shared)],
                    children: [try resolver.require(left), try resolver.require(right)])
            }
        }

        /// Checks one top-level load's result: one shared service, configured once.
        func expectOneGraph(
            _ holder: GraphHolder, load: Int, sourceLocation: SourceLocation = #_sourceLocation
        ) {
            let parts = holder.allParts
            #expect(parts.count == 5, sourceLocation: sourceLocation)
            #expect(
                parts.allSatisfy { $0 === parts[0] }, "one service per top-level load",
                sourceLocation: sourceLocation)
            #expect(parts[0].configureCount == 1, "its hook ran once", sourceLocation: sourceLocation)
            #expect(made.count == load, "one factory run per top-level load", sourceLocation: sourceLocation)
            #expect(hooks.count == load, "one hook run per top-level load", sourceLocation: sourceLocation)
        }
    }

    @Test("Synchronous loads: once per top-level load, again on the next")
    func synchronousLoads() throws {
        let composition = Composition()
        let first = try composition.container.require(composition.root)
        composition.expectOneGraph(first, load: 1)
        let second = try #require(composition.container.load(composition.root))
        composition.expectOneGraph(second, load: 2)
        #expect(first.allParts[0] !== second.allParts[0], "a new graph per top-level load")
        // A direct load of the graph service is a top-level load of its own.
        let direct = try #require(composition.container.load(composition.shared))
        #expect(direct.configureCount == 1)
        #expect(composition.hooks.count == 3)
    }

    @Test("Async loads of a synchronous root: once per top-level load")
    func asyncLoads() async throws {
        let composition = Composition()
        let first = try await composition.container.requireAsync(composition.root)
        composition.expectOneGraph(first, load: 1)
        let second = try #require(await composition.container.loadAsync(composition.root))
        composition.expectOneGraph(second, load: 2)
    }

    @Test("A main-actor root loaded on the main actor: once per top-level load")
    @MainActor
    func mainActorRoot() async throws {
        let composition = Composition()
        let mainRoot = uniqueID(GraphHolder.self)
        let (shared, left) = (composition.shared, composition.left)
        composition.container.registerOnMainActor(mainRoot) { resolver in
            GraphHolder(
                parts: [try resolver.require(shared), try resolver.require(shared)],
                children: [try resolver.require(left), try resolver.require(left)])
        }
        let first = try composition.container.require(mainRoot)
        #expect(first.allParts.count == 4)
        #expect(first.allParts.allSatisfy { $0 === first.allParts[0] })
        #expect(composition.hooks.count == 1)
        let second = try await composition.container.requireAsync(mainRoot)
        #expect(second.allParts.allSatisfy { $0 === second.allParts[0] })
        #expect(second.allParts[0].configureCount == 1)
        #expect(composition.hooks.count == 2)
        #expect(composition.made.count == 2)
    }

    @Test("A main-actor graph service loaded from several places of one main-actor load: one hook run")
    @MainActor
    func mainActorGraphService() throws {
        let container = Container()
        let shared = uniqueID(Connection.self)
        let root = uniqueID(GraphHolder.self)
        let hooks = Counter()
        container.registerOnMainActor(
            shared, scope: .graph,
            onCreate: { connection, _ in
                hooks.increment()
                connection.configure()
            }
        ) { Connection("main shared") }
        container.registerOnMainActor(root) { resolver in
            GraphHolder(parts: [
                try resolver.require(shared), try resolver.require(shared), try resolver.require(shared),
            ])
        }
        let first = try container.require(root)
        #expect(first.parts.allSatisfy { $0 === first.parts[0] })
        #expect(first.parts[0].configureCount == 1)
        #expect(hooks.count == 1)
        let second = try container.require(root)
        #expect(second.parts[0] !== first.parts[0])
        #expect(hooks.count == 2)
    }

    @Test("A graph service loaded from its own creation hook's loads runs that hook once")
    func hookLoadsBackIntoTheGraph() throws {
        let container = Container()
        let a = uniqueID(GraphNode.self)
        let b = uniqueID(GraphNode.self)
        let hooks = Counter()
        container.register(
            a, scope: .graph,
            onCreate: { node, resolver in
                hooks.increment()
                node.partner.withLock { $0 = resolver.load(b) }
            }
        ) { GraphNode("A") }
        // B loads A twice: both loads get the A whose hook is running.
        container.register(b, scope: .graph) { resolver in
            _ = resolver.load(a)
            return GraphNode("B", partner: resolver.load(a))
        }
        let nodeA = try container.require(a)
        #expect(nodeA.partner.withLock { $0 }?.partner.withLock { $0 } === nodeA)
        #expect(hooks.count == 1)
        _ = container.load(a)
        #expect(hooks.count == 2)
    }
}
