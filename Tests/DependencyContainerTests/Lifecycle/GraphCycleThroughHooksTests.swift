import DependencyContainer
import Foundation
import Testing

/// A service of a cyclic graph: it holds the nodes it depends on, a back reference weakly,
/// so that the graphs these tests build are freed.
final class CycleNode: Sendable {
    let name: String
    private let strong = Protected<[String: CycleNode]>([:])
    private let weak = Protected<[String: WeakCycleNode]>([:])

    init(_ name: String, holding nodes: [String: CycleNode] = [:]) {
        self.name = name
        strong.withLock { $0 = nodes }
    }

    /// Holds `node` under `key`: strongly, or weakly for a back reference.
    func hold(_ node: CycleNode?, as key: String, weakly: Bool = false) {
        if weakly {
            weak.withLock { $0[key] = WeakCycleNode(node: node) }
        } else {
            strong.withLock { $0[key] = node }
        }
    }

    /// The node held under `key`.
    func node(_ key: String) -> CycleNode? {
        strong.withLock { $0[key] } ?? weak.withLock { $0[key]?.node }
    }
}

struct WeakCycleNode: Sendable {
    weak var node: CycleNode?
}

/// Swinject's circular dependencies through `initCompleted`, ported: inside one `.graph`, a
/// service's creation hook that loads a graph service whose factory is making it gets the
/// one instance that factory returns, because hooks wait for the outermost graph factory.
@Suite("Graph cycles through creation hooks", .tags(.lifetime))
struct GraphCycleThroughHooksTests {
    @Test("Two services, each set by the other's creation hook, share one graph")
    func twoByProperties() throws {
        let container = Container()
        let parent = uniqueID(CycleNode.self)
        let child = uniqueID(CycleNode.self)
        container.register(
            parent, scope: .graph, onCreate: { node, r in node.hold(r.load(child), as: "child") }
        ) { CycleNode("parent") }
        container.register(
            child, scope: .graph,
            onCreate: { node, r in node.hold(r.load(parent), as: "parent", weakly: true) }
        ) { CycleNode("child") }
        let made = try container.require(parent)
        let madeChild = try #require(made.node("child"))
        #expect(madeChild.node("parent") === made)
    }

    @Test("A parent whose factory requires the child, the child's hook loading the parent: one parent")
    func initializerAndProperty() throws {
        let container = Container()
        let parent = uniqueID(CycleNode.self)
        let child = uniqueID(CycleNode.self)
        let childHooks = Counter()
        container.register(parent, scope: .graph) { r in
            CycleNode("parent", holding: ["child": try r.require(child)])
        }
        container.register(
            child, scope: .graph,
            onCreate: { node, r in
                childHooks.increment()
                node.hold(try r.require(parent), as: "parent", weakly: true)
            }
        ) { CycleNode("child") }
        let made = try container.require(parent)
        #expect(made.node("child")?.node("parent") === made)
        #expect(childHooks.count == 1)
        // The next top-level load is a new graph, wired alike.
        let next = try container.require(parent)
        #expect(next !== made)
        #expect(next.node("child")?.node("parent") === next)
        #expect(childHooks.count == 2)
    }

    @Test("Four services linked by creation hooks alone share one graph")
    func fourByProperties() throws {
        let container = Container()
        let (a, b, c, d) = (
            uniqueID(CycleNode.self), uniqueID(CycleNode.self), uniqueID(CycleNode.self),
            uniqueID(CycleNode.self)
        )
        container.register(a, scope: .graph, onCreate: { n, r in n.hold(r.load(b), as: "b") }) {
            CycleNode("A")
        }
        container.register(b, scope: .graph, onCreate: { n, r in n.hold(r.load(c), as: "c") }) {
            CycleNode("B")
        }
        container.register(
            c, scope: .graph,
            onCreate: { n, r in
                n.hold(r.load(a), as: "a", weakly: true)
                n.hold(r.load(d), as: "d")
            }
        ) { CycleNode("C") }
        container.register(
            d, scope: .graph,
            onCreate: { n, r in
                n.hold(r.load(b), as: "b", weakly: true)
                n.hold(r.load(c), as: "c", weakly: true)
            }
        ) { CycleNode("D") }
        try expectOneGraph(container.require(a))
    }

    @Test("Four services linked by factories and creation hooks share one graph")
    func fourByInitializersAndProperties() throws {
        let container = Container()
        let (a, b, c, d) = (
            uniqueID(CycleNode.self), uniqueID(CycleNode.self), uniqueID(CycleNode.self),
            uniqueID(CycleNode.self)
        )
        container.register(a, scope: .graph) { r in CycleNode("A", holding: ["b": try r.require(b)]) }
        container.register(b, scope: .graph) { r in CycleNode("B", holding: ["c": try r.require(c)]) }
        container.register(
            c, scope: .graph, onCreate: { n, r in n.hold(r.load(a), as: "a", weakly: true) }
        ) { r in CycleNode("C", holding: ["d": try r.require(d)]) }
        container.register(
            d, scope: .graph,
            onCreate: { n, r in
                n.hold(r.load(b), as: "b", weakly: true)
                n.hold(r.load(c), as: "c", weakly: true)
            }
        ) { CycleNode("D") }
        try expectOneGraph(container.require(a))
    }

    /// A → B → C → D, with C back to A and D back to B and C: one instance each.
    private func expectOneGraph(_ nodeA: CycleNode, sourceLocation: SourceLocation = #_sourceLocation) {
        let nodeB = nodeA.node("b")
        let nodeC = nodeB?.node("c")
        let nodeD = nodeC?.node("d")
        #expect(nodeD != nil, sourceLocation: sourceLocation)
        #expect(nodeC?.node("a") === nodeA, sourceLocation: sourceLocation)
        #expect(nodeD?.node("b") === nodeB, sourceLocation: sourceLocation)
        #expect(nodeD?.node("c") === nodeC, sourceLocation: sourceLocation)
    }

    @Test("A transient service's hook inside a graph factory gets the graph's parent too")
    func transientChild() throws {
        let container = Container()
        let parent = uniqueID(CycleNode.self)
        let child = uniqueID(CycleNode.self)
        container.register(parent, scope: .graph) { r in
            CycleNode("parent", holding: ["child": try r.require(child)])
        }
        container.register(
            child, onCreate: { n, r in n.hold(try r.require(parent), as: "parent", weakly: true) }
        ) {
            CycleNode("child")
        }
        let made = try container.require(parent)
        #expect(made.node("child")?.node("parent") === made)
    }

    @Test("Loaded with await, a synchronous graph wires alike")
    func asyncLoad() async throws {
        let container = Container()
        let parent = uniqueID(CycleNode.self)
        let child = uniqueID(CycleNode.self)
        container.register(parent, scope: .graph) { r in
            CycleNode("parent", holding: ["child": try r.require(child)])
        }
        container.register(
            child, scope: .graph,
            onCreate: { n, r in n.hold(try r.require(parent), as: "parent", weakly: true) }
        ) { CycleNode("child") }
        let made = try await container.requireAsync(parent)
        #expect(made.node("child")?.node("parent") === made)
    }

    @Test("A cycle of factories still fails the whole load as a cycle")
    func factoryCycleStillFails() {
        let container = Container()
        let a = uniqueID(CycleNode.self)
        let b = uniqueID(CycleNode.self)
        container.register(a, scope: .graph, onCreate: { _, _ in }) { r in
            CycleNode("A", holding: ["b": try r.require(b)])
        }
        container.register(b, scope: .graph, onCreate: { _, _ in }) { r in
            CycleNode("B", holding: ["a": try r.require(a)])
        }
        let error = #expect(throws: ContainerError.self) { try container.require(a) }
        guard case .cycle(let path)? = error else {
            Issue.record("expected a cycle, got \(String(describing: error))")
            return
        }
        #expect(path == [a.name, b.name, a.name])
        #expect(container.load(a) == nil)
    }

    @Test("A waiting hook that throws fails the load of the outermost graph service")
    func waitingHookThrows() throws {
        let container = Container()
        let parent = uniqueID(CycleNode.self)
        let child = uniqueID(CycleNode.self)
        let fails = Protected(true)
        let log = HookLog()
        container.register(parent, scope: .graph) { r in
            // Optional: the child's hook fails after this factory has returned.
            CycleNode("parent", holding: ["child": r.load(child)].compactMapValues { $0 })
        }
        container.register(
            child, scope: .graph,
            lifecycle: ServiceLifecycle(onCreate: { _, _ in
                log.record("first")
                if fails.withLock({ $0 }) { throw HookFailure(label: "child") }
            }).addingCreationHook { _, _ in log.record("second") }
        ) { CycleNode("child") }
        let error = #expect(throws: ContainerError.self) { try container.require(parent) }
        #expect(error.map { "\($0)" }?.contains(child.name) == true, "the error names the child")
        #expect(log.all == ["first"], "the first failing hook stops the rest")
        fails.withLock { $0 = false }
        let made = try container.require(parent)
        #expect(made.node("child") != nil)
        #expect(log.all == ["first", "first", "second"])
    }

    @Test("Hooks waiting for a graph do not run inside a shared service's factory it loads")
    func sharedFactoryKeepsItsOwnQueue() throws {
        let container = Container()
        let root = uniqueID(CycleNode.self)
        let early = uniqueID(CycleNode.self)
        let shared = uniqueID(CycleNode.self)
        let inner = uniqueID(CycleNode.self)
        let innerHooks = Counter()
        container.register(root, scope: .graph) { r in
            CycleNode("root", holding: ["early": try r.require(early), "shared": try r.require(shared)])
        }
        // Its hook can run only once the root is made: it needs the root.
        container.register(
            early, scope: .graph, onCreate: { n, r in n.hold(try r.require(root), as: "root", weakly: true) }
        ) { CycleNode("early") }
        container.register(
            shared, scope: .singleton,
            onCreate: { n, _ in
                // Kept only after the hooks of what its factory made have run.
                #expect(innerHooks.count == 1)
            }
        ) { r in CycleNode("shared", holding: ["inner": try r.require(inner)]) }
        container.register(inner, scope: .graph, onCreate: { _, _ in innerHooks.increment() }) {
            CycleNode("inner")
        }
        let made = try container.require(root)
        #expect(made.node("early")?.node("root") === made)
        #expect(innerHooks.count == 1)
    }
}
