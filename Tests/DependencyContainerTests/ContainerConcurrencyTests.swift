import DependencyContainer
import Dispatch
import Foundation
import Testing

/// Waits, up to a bound, for `flag` to be set; returns whether it was.
private func wait(for flag: AtomicCounter, seconds: Double = 5) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while flag.load() == 0 {
        if Date() > deadline { return false }
        usleep(100)
    }
    return true
}

private final class Flags: Sendable {
    let aStarted = AtomicCounter(0)
    let bStarted = AtomicCounter(0)
}

/// Orders the threads of a cross-thread cycle.
private final class CycleFlags: Sendable {
    let cStarted = AtomicCounter(0)
    let bStarted = AtomicCounter(0)
    let aLoadsB = AtomicCounter(0)

    /// Spins until `flag` is set; both threads set their flag before waiting, so this ends.
    func wait(for flag: AtomicCounter) {
        while flag.load() == 0 { sched_yield() }
    }
}

@Suite("Container: concurrency", .tags(.concurrency))
struct ContainerConcurrencyTests {
    @Test("A singleton is created exactly once when many threads race on its first load")
    func singletonRace() {
        for round in 0..<50 {
            let container = Container()
            let counter = Counter()
            container.register(.player, scope: .singleton) { _ in
                counter.increment()
                usleep(50)  // widen the window in which others arrive
                return StubPlayer()
            }
            let seen = Protected<Set<ObjectIdentifier>>([])
            DispatchQueue.concurrentPerform(iterations: 8) { _ in
                guard let player = container.load(.player) else { return }
                seen.withLock { _ = $0.insert(ObjectIdentifier(player)) }
            }
            #expect(counter.count == 1, "round \(round)")
            #expect(seen.withLock { $0.count } == 1, "round \(round)")
        }
    }

    @Test("A weak service is created once when threads race while holding it")
    func weakRace() {
        let container = Container()
        let counter = Counter()
        container.register(.player, scope: .weak) { _ in
            counter.increment()
            usleep(50)
            return StubPlayer()
        }
        let holders = Protected<[UncheckedBox<any PlayerInject>]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            guard let player = container.load(.player) else { return }
            let handOver = UncheckedBox(player)
            holders.withLock { $0.append(handOver) }
        }
        #expect(counter.count == 1)
        #expect(holders.withLock { Set($0.map { ObjectIdentifier($0.value) }).count } == 1)
    }

    @Test("Registrations, replacements and loads racing never lose an ID or return garbage")
    func registrationRace() {
        let container = Container()
        let stable = (0..<64).map { InjectID<Int>("stable-\($0)") }
        for (index, id) in stable.enumerated() {
            container.register(id) { _ in index }
        }
        let churn = InjectID<Int>("churn")
        let failures = AtomicCounter(0)
        DispatchQueue.concurrentPerform(iterations: 6) { worker in
            for step in 0..<3_000 {
                switch worker % 3 {
                case 0:
                    container.register(churn, scope: step % 2 == 0 ? .singleton : .transient) { _ in step }
                    container.register(InjectID<Int>("worker-\(worker)-\(step)")) { _ in step }
                case 1:
                    if step % 7 == 0 { container.unregister(churn) }
                    if let value = container.load(churn), value < 0 || value >= 3_000 {
                        failures.add(1)
                    }
                default:
                    let index = step % stable.count
                    if container.load(stable[index]) != index { failures.add(1) }
                }
            }
        }
        #expect(failures.load() == 0)
        for (index, id) in stable.enumerated() {
            #expect(container.load(id) == index)
        }
        // Two registering workers × 3,000 IDs each, all present.
        #expect(container.registrations.filter { $0.id.hasPrefix("worker-") }.count == 6_000)
    }

    @Test("Singletons that load each other from two threads fail with a cycle instead of deadlocking")
    func crossThreadCycle() {
        let container = Container()
        let flags = Flags()
        let a = InjectID<String>("A")
        let b = InjectID<String>("B")
        container.register(a, scope: .singleton) { resolver in
            flags.aStarted.store(1)
            _ = wait(for: flags.bStarted)
            return "a" + (resolver.load(b) ?? "-")
        }
        container.register(b, scope: .singleton) { resolver in
            flags.bStarted.store(1)
            _ = wait(for: flags.aStarted)
            return "b" + (resolver.load(a) ?? "-")
        }
        let results = Protected<[String: Result<String, ContainerError>]>([:])
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            let id = index == 0 ? a : b
            let result = Result { () throws(ContainerError) in try container.require(id) }
            results.withLock { $0[id.name] = result }
        }
        let all = results.withLock { $0 }
        #expect(all.count == 2)
        for (name, result) in all {
            guard case .failure(.cycle(let path)) = result else {
                Issue.record("\(name): expected a cycle, got \(result)")
                continue
            }
            #expect(path.first == name && path.last == name && path.count == 3, "\(path)")
        }
    }

    @Test("Weak services of many registrations load from many threads at once, shared while alive")
    func weakServicesConcurrently() {
        // Registrations share a few locks for their weak instances, so threads loading
        // different weak services still meet on the same lock.
        let container = Container()
        let ids = (0..<32).map { InjectID<Token>("weak-\($0)") }
        let creations = ids.map { _ in Counter() }
        for (index, id) in ids.enumerated() {
            container.register(id, scope: .weak) {
                Token(serial: index, creation: creations[index].increment())
            }
        }
        // The first half stays alive throughout, so every load must return these instances;
        // the second half dies and is created again as the threads let go of it.
        let pinned = UncheckedBox(ids.prefix(16).map { container.load($0) })
        let failures = Counter()
        let unshared = Protected<[String]>([])
        let rounds = 300
        runOnThreads(4) { me in
            var held: [Int: Token] = [:]
            for round in 0..<rounds {
                for (index, id) in ids.enumerated() {
                    guard let token = container.load(id), token.serial == index else {
                        failures.increment()
                        continue
                    }
                    // A weak service is shared for as long as anyone holds it: a pinned one,
                    // or one this thread holds.
                    let alive = index < 16 ? pinned.value[index] : held[index]
                    if let alive, alive !== token {
                        unshared.withLock { $0.append("thread \(me) round \(round): \(alive) then \(token)") }
                    }
                    if (index + round + me) % 3 == 0 { held[index] = token }
                }
                if round % 8 == 7 { held.removeAll() }
            }
        }
        #expect(failures.count == 0)
        #expect(unshared.withLock { $0.count } == 0, "\(unshared.withLock { $0.prefix(3) })")
        #expect(creations.prefix(16).map(\.count) == Array(repeating: 1, count: 16))
        withExtendedLifetime(pinned) {}
    }

    @Test("A cycle across threads names the loads each thread made between its creations")
    func crossThreadCyclePath() {
        // T1 creates singleton C, whose factory loads transient A, which loads singleton B.
        // T2 creates B, which loads C. Whichever thread finds the cycle, A is part of it.
        let edges: Set<[String]> = [["C", "A"], ["A", "B"], ["B", "C"]]
        for round in 0..<10 {
            let container = Container()
            let flags = CycleFlags()
            let a = InjectID<String>("A")
            let b = InjectID<String>("B")
            let c = InjectID<String>("C")
            container.register(c, scope: .singleton) { resolver in
                flags.cStarted.store(1)
                flags.wait(for: flags.bStarted)
                return "c" + (resolver.load(a) ?? "-")
            }
            container.register(a) { resolver in
                flags.aLoadsB.store(1)
                return "a" + (resolver.load(b) ?? "-")
            }
            container.register(b, scope: .singleton) { resolver in
                flags.bStarted.store(1)
                flags.wait(for: flags.aLoadsB)
                usleep(1_000)  // let T1 start waiting for B, so that this thread finds the cycle
                return "b" + (resolver.load(c) ?? "-")
            }
            let results = Protected<[Result<String, ContainerError>]>([])
            runOnThreads(2) { index in
                let result = Result { () throws(ContainerError) in try container.require(index == 0 ? c : b) }
                results.withLock { $0.append(result) }
            }
            for result in results.withLock({ $0 }) {
                guard case .failure(.cycle(let path)) = result, path.count == 4, path.first == path.last,
                    zip(path, path.dropFirst()).allSatisfy({ edges.contains([$0, $1]) })
                else {
                    Issue.record("round \(round): expected the cycle C → A → B → C, got \(result)")
                    continue
                }
            }
        }
    }

    @Test("Loads from many tasks through Container.shared are safe")
    func sharedFromTasks() async {
        let id = InjectID<Int>("ConcurrencySharedTasks")
        let runs = Counter()
        Container.shared.register(id, scope: .singleton) { _ in
            runs.increment()
            usleep(1_000)  // widens the race on the first load
            return 7
        }
        defer { Container.shared.unregister(id) }
        let sum = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<32 {
                group.addTask { (0..<500).reduce(0) { sum, _ in sum + (Container.shared.load(id) ?? 0) } }
            }
            return await group.reduce(0, +)
        }
        #expect(sum == 32 * 500 * 7)
        #expect(runs.count == 1)
    }
}

/// Hands a non-Sendable service to another thread in a test that checks identity only.
struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) {
        self.value = value
    }
}
