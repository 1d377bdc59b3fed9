import DependencyContainer
import Foundation
import Synchronization
import Testing

extension Scope {
    fileprivate static let checkout = Scope.named("checkout")
}

/// A service that counts how many of its kind are alive, and checks it is never read after
/// being freed.
private final class SessionToken: Sendable {
    static let canaryValue = 0x5E55_1011
    let serial: Int
    private let canary = Atomic<Int>(SessionToken.canaryValue)
    private let alive: LiveCount

    init(serial: Int, alive: LiveCount) {
        self.serial = serial
        self.alive = alive
        alive.increment()
    }

    deinit {
        canary.store(0, ordering: .relaxed)
        alive.decrement()
    }

    var isIntact: Bool { canary.load(ordering: .relaxed) == Self.canaryValue }
}

/// How many services of a kind are alive.
private final class LiveCount: Sendable {
    private let value = Atomic<Int>(0)

    func increment() { value.add(1, ordering: .relaxed) }
    func decrement() { value.subtract(1, ordering: .relaxed) }
    var count: Int { value.load(ordering: .relaxed) }
}

@Suite("Named scopes", .tags(.concurrency))
struct NamedScopeTests {
    @Test("A named scope's service is shared until reset, and fresh after it")
    func sharedUntilReset() {
        let container = Container()
        let runs = Counter()
        let id = uniqueID(StubPlayer.self)
        container.register(id, scope: .session) { StubPlayer(title: "run \(runs.increment())") }

        let first = container.load(id)
        #expect(first?.title == "run 1")
        #expect(container.load(id) === first)
        #expect((try? container.require(id)) === first)

        #expect(container.reset(scope: .session) == 1)
        let second = container.load(id)
        #expect(second?.title == "run 2")
        #expect(second !== first)
        #expect(container.load(id) === second)
        #expect(first?.title == "run 1", "a service handed out before the reset stays valid")
        #expect(runs.count == 2)
    }

    @Test("Resetting one scope leaves singletons and other named scopes alone")
    func resetIsolation() {
        let container = Container()
        let session = uniqueID(StubPlayer.self, "session")
        let checkout = uniqueID(StubPlayer.self, "checkout")
        let singleton = uniqueID(StubPlayer.self, "singleton")
        container.register(session, scope: .session) { StubPlayer() }
        container.register(checkout, scope: .checkout) { StubPlayer() }
        container.register(singleton, scope: .singleton) { StubPlayer() }
        let before = [container.load(session), container.load(checkout), container.load(singleton)]

        #expect(container.reset(scope: .checkout) == 1)
        #expect(container.load(session) === before[0])
        #expect(container.load(checkout) !== before[1])
        #expect(container.load(singleton) === before[2])
        #expect(container.reset(scope: Scope.named("nothing registered")) == 0)
    }

    @Test("A reset frees the old service once nothing holds it")
    func oldServiceFreed() {
        let container = Container()
        let alive = LiveCount()
        let id = uniqueID(SessionToken.self)
        container.register(id, scope: .session) { SessionToken(serial: 0, alive: alive) }
        // Assigned apart from its declaration: `weak let` needs Swift 6.3, which warns about a
        // `weak var` that is only given its initial value.
        weak var old: SessionToken?
        old = container.load(id)
        #expect(old != nil)
        container.reset(scope: .session)
        expectReleased(after: "reset(scope: .session)", "the old service is alive") { old == nil }
        #expect(container.load(id) != nil)
        #expect(alive.count == 1)
    }

    @Test("Resetting a parent resets what its children load; resetting a child leaves the parent alone")
    func parentAndChild() {
        let parent = Container()
        let child = Container(parent: parent)
        let id = uniqueID(StubPlayer.self)
        parent.register(id, scope: .session) { StubPlayer() }
        let first = child.load(id)
        #expect(first != nil && parent.load(id) === first)

        #expect(child.reset(scope: .session) == 0)
        #expect(child.load(id) === first)
        #expect(parent.reset(scope: .session) == 1)
        #expect(child.load(id) !== first)
        #expect(child.load(id) === parent.load(id))
    }

    @Test("Introspection shows the scope's name")
    func introspection() throws {
        let container = Container()
        let id = uniqueID(StubPlayer.self)
        container.register(id, scope: .session) { StubPlayer() }
        let info = try #require(container.registrations.first { $0.id == id.name })
        #expect(info.scope == .session)
        #expect(info.scope != .singleton, "a named scope is a scope of its own")
        #expect(info.description.contains("[session]"))
    }

    @Test("A service whose factory throws is retried after the error, and reset still works")
    func throwingFactory() {
        let container = Container()
        let fail = Atomic<Bool>(true)
        let id = uniqueID(StubPlayer.self)
        container.register(id, scope: .session) {
            if fail.load(ordering: .relaxed) { throw CocoaError(.featureUnsupported) }
            return StubPlayer()
        }
        #expect(container.load(id) == nil)
        fail.store(false, ordering: .relaxed)
        let made = container.load(id)
        #expect(made != nil)
        container.reset(scope: .session)
        #expect(container.load(id) !== made)
    }
}

// Resets while threads load: CONTAINER_STRESS_OPERATIONS scales it (CI lowers it under TSan).
@Suite("Named scopes: reset while loading", .serialized, .tags(.concurrency))
struct NamedScopeStressTests {
    @Test("Resetting while 4 threads load never hands out a freed service or one a thread moved on from")
    func resetWhileLoading() {
        let loads = environmentInteger("CONTAINER_STRESS_OPERATIONS") ?? 100_000
        let container = Container()
        let alive = LiveCount()
        let created = Counter()
        let ids = (0..<4).map { InjectID<SessionToken>("scope-stress-\($0)") }
        for id in ids {
            container.register(id, scope: .session) {
                SessionToken(serial: created.increment(), alive: alive)
            }
        }
        let failures = Protected<[String]>([])
        let loadersDone = Atomic<Int>(0)
        let resets = Atomic<Int>(0)

        // Threads 0-3 load; thread 4 resets until they are done.
        runOnThreads(5) { me in
            do {
                guard me < 4 else {
                    while loadersDone.load(ordering: .acquiring) < 4 {
                        container.reset(scope: .session)
                        resets.add(1, ordering: .relaxed)
                        sched_yield()
                    }
                    return
                }
                // Per ID, the service this thread saw last and every one it has moved on from.
                var current = [Int](repeating: 0, count: ids.count)
                var retired = [Set<Int>](repeating: [], count: ids.count)
                for step in 0..<loads {
                    let index = (step &+ me) % ids.count
                    guard let token = container.load(ids[index]) else {
                        failures.withLock { $0.append("thread \(me) step \(step): nil") }
                        break
                    }
                    // Never a freed service, and never one the thread has moved on from: after a
                    // reset every lookup finds a newer registration. (Creation serials do not order
                    // generations: an old registration's factory may run after a newer one's.)
                    if !token.isIntact || retired[index].contains(token.serial) {
                        failures.withLock { $0.append("thread \(me) step \(step): serial \(token.serial)") }
                        break
                    }
                    if token.serial != current[index] {
                        retired[index].insert(current[index])
                        current[index] = token.serial
                    }
                }
                loadersDone.add(1, ordering: .releasing)
            }
        }

        #expect(failures.withLock { $0 }.isEmpty, "\(failures.withLock { $0.prefix(5) })")
        #expect(resets.load(ordering: .relaxed) > 0)
        // Each registration's factory runs once per generation at most.
        #expect(created.count <= ids.count * (resets.load(ordering: .relaxed) + 1))
        container.reset(scope: .session)
        // The threads are joined, so only this thread's snapshot can still hold old services.
        for _ in 0..<100 {
            for id in ids { _ = container.load(id) }
        }
        // Every reset's services are gone, whatever loads of other tests run.
        expectReleased(
            after: "the resets and the loads after them",
            "\(alive.count) services alive for \(ids.count) IDs"
        ) { alive.count == ids.count }
    }

    @Test("Resetting a built-in scope changes nothing, returns 0 and reports why", arguments: Scope.builtIn)
    func resetBuiltInScope(scope: Scope) {
        let container = Container()
        let log = EventLog()
        container.setDiagnosticsHandler(log.handler)
        let id = uniqueID(StubPlayer.self)
        container.register(id, scope: .singleton) { StubPlayer() }
        let before = container.load(id)

        #expect(container.reset(scope: scope) == 0)
        #expect(container.load(id) === before, "a singleton lives as long as its registration")
        guard case .ignoredReset(let reported)? = log.all.last else {
            Issue.record("expected an ignoredReset event, got \(log.descriptions)")
            return
        }
        #expect(reported == scope)
        #expect(log.descriptions.last?.contains("'\(scope)' is a built-in scope") == true)
    }

    @Test("Named scopes are equal by name, and none is a built-in scope, even one named like it")
    func namedScopeIdentity() {
        #expect(Scope.named("checkout") == .checkout)
        #expect(Scope.named("checkout").hashValue == Scope.checkout.hashValue)
        #expect(Scope.named("session") == .session)
        #expect(Scope.named("singleton") != .singleton)
        #expect(Scope.named("singleton").description == "singleton")
        #expect(Scope.session.name == "session")
        #expect(Set(Scope.builtIn + [.session, .checkout]).count == 6)
    }

    @Test("A main-actor registration in a named scope is shared until its reset")
    @MainActor
    func mainActorRegistration() throws {
        let container = Container()
        let id = uniqueID(StubPlayer.self)
        let runs = Counter()
        container.registerOnMainActor(id, scope: .session) { StubPlayer(title: "run \(runs.increment())") }
        let first = try #require(container.load(id))
        #expect(container.load(id) === first)
        #expect(container.reset(scope: .session) == 1)
        #expect(container.load(id) !== first)
        #expect(runs.count == 2)
        #expect(container.registrations.first { $0.id == id.name }?.scope == .session)
    }

    @Test("An async registration in a named scope is shared until its reset")
    func asyncRegistration() async throws {
        let container = Container()
        let id = uniqueID(StubPlayer.self)
        let runs = Counter()
        container.registerAsync(id, scope: .session) {
            await Task.yield()
            return StubPlayer(title: "run \(runs.increment())")
        }
        let first = try #require(await container.loadAsync(id))
        #expect(await container.loadAsync(id) === first)
        #expect(container.load(id) === first, "an existing service loads synchronously")
        #expect(container.reset(scope: .session) == 1)
        #expect(await container.loadAsync(id) !== first)
        #expect(runs.count == 2)
    }
}
