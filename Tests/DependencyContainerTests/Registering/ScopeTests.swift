import DependencyContainer
import Testing

extension Scope {
    /// The four built-in scopes, for tests that run in each.
    static let builtIn: [Scope] = [.transient, .singleton, .weak, .graph]
}

@Suite("Scopes")
struct ScopeTests {
    @Test("Transient creates a new service on every load")
    func transient() {
        let container = Container()
        let counter = Counter()
        container.register(.player) { _ in
            counter.increment()
            return StubPlayer()
        }
        #expect(container.load(.player) !== container.load(.player))
        #expect(counter.count == 2)
    }

    @Test("Singleton creates one service per registration")
    func singleton() {
        let container = Container()
        let counter = Counter()
        container.register(.player, scope: .singleton) { _ in
            counter.increment()
            return StubPlayer()
        }
        let first = container.load(.player)
        #expect(first != nil)
        #expect(first === container.load(.player))
        #expect(first === (try? container.require(.player)))
        #expect(counter.count == 1)
    }

    @Test("A replaced singleton starts afresh")
    func replacedSingleton() {
        let container = Container()
        container.register(.player, scope: .singleton) { _ in StubPlayer(title: "old") }
        let old = container.load(.player)
        container.register(.player, scope: .singleton) { _ in StubPlayer(title: "new") }
        #expect(container.load(.player)?.title == "new")
        #expect(old?.title == "old")
    }

    @Test("Singletons of value types are shared too")
    func valueSingleton() {
        let container = Container()
        let counter = Counter()
        let id = InjectID<Int>("value")
        container.register(id, scope: .singleton) { _ in counter.increment() }
        #expect(container.load(id) == 1)
        #expect(container.load(id) == 1)
    }

    @Test("Weak shares a service while someone holds it and recreates it once released")
    func weak() {
        let container = Container()
        let counter = Counter()
        container.register(.player, scope: .weak) { _ in
            StubPlayer(title: "weak-\(counter.increment())")
        }
        var held = container.load(.player)
        #expect(held?.title == "weak-1")
        #expect(container.load(.player) === held)
        held = nil
        #expect(container.load(.player)?.title == "weak-2")
        #expect(counter.count == 2)
    }

    @Test("Weak scope on a value type behaves as transient")
    func weakValue() {
        let container = Container()
        let counter = Counter()
        let id = InjectID<Int>("weak-value")
        container.register(id, scope: .weak) { _ in counter.increment() }
        #expect(container.load(id) == 1)
        #expect(container.load(id) == 2)
    }

    @Test("Graph shares a service within one top-level load only")
    func graph() {
        let container = Container()
        let pair = InjectID<(any PlayerInject, any PlayerInject)>("pair")
        container.register(.player, scope: .graph) { _ in StubPlayer() }
        container.register(pair) { resolver in
            (resolver.load(.player) ?? StubPlayer(), resolver.load(.player) ?? StubPlayer())
        }
        let first = container.load(pair)
        let second = container.load(pair)
        #expect(first?.0 === first?.1)
        #expect(first?.0 !== second?.0)
        #expect(container.load(.player) !== container.load(.player))
    }

    @Test("Every scope has a name")
    func names() {
        #expect(Scope.builtIn.map(\.description) == ["transient", "singleton", "weak", "graph"])
    }
}
