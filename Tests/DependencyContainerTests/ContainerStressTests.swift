import DependencyContainer
import Foundation
import Testing

// Many threads hammering one container. CONTAINER_STRESS_OPERATIONS sets the operations per
// thread (100,000 by default; CI lowers it for the ThreadSanitizer run, which is 5-15× slower).

private let threadCount = 4
private let operationsPerThread = environmentInteger("CONTAINER_STRESS_OPERATIONS") ?? 100_000

/// An integer that threads publish to each other.
private final class AtomicSlot: Sendable {
    private let storage = AtomicCounter(0)

    func load() -> Int { Int(truncatingIfNeeded: storage.load()) }
    func store(_ value: Int) { storage.store(UInt64(truncatingIfNeeded: value)) }
}

/// Collects the first few failures of a stress run, from any thread.
private final class FailureLog: Sendable {
    private let failures = Protected<(count: Int, first: [String])>((0, []))

    func record(_ message: @autoclosure () -> String) {
        let message = message()
        failures.withLock { failures in
            failures.count += 1
            if failures.first.count < 10 { failures.first.append(message) }
        }
    }

    var count: Int { failures.withLock { $0.count } }
    var summary: String { failures.withLock { "\($0.count) failures, first: \($0.first)" } }
}

@Suite("Container: stress", .serialized, .tags(.concurrency))
struct ContainerStressTests {
    @Test("Threads mixing every operation on one container lose nothing and see no garbage")
    func mixedOperations() {
        let container = Container()
        let failures = FailureLog()

        // Registered once and never touched: every load must find them.
        let stable = (0..<32).map { InjectID<Int>("stress-stable-\($0)") }
        for (index, id) in stable.enumerated() {
            container.register(id) { index }
        }
        // Singletons: their factories must run exactly once, whoever loads first.
        let singletons = (0..<8).map { InjectID<Token>("stress-singleton-\($0)") }
        let singletonRuns = singletons.map { _ in Counter() }
        for (index, id) in singletons.enumerated() {
            let runs = singletonRuns[index]
            container.register(id, scope: .singleton) { Token(serial: index, creation: runs.increment()) }
        }
        // Each thread owns one churn ID that it replaces with ever larger versions, announcing
        // each version before registering it: readers must see a version no older than one they
        // saw before and no newer than the announced one, and never a missing registration.
        let churn = (0..<threadCount).map { InjectID<Int>("stress-churn-\($0)") }
        let announced = (0..<threadCount).map { _ in AtomicSlot() }
        for id in churn {
            container.register(id) { 0 }
        }
        let appended = (0..<threadCount).map { _ in AtomicSlot() }
        let singletonIdentities = Protected<[[ObjectIdentifier]]>([])

        runOnThreads(threadCount) { me in
            var rng = SplitMix64(seed: UInt64(me) &+ 0x5EED)
            var lastSeen = [Int](repeating: 0, count: threadCount)
            var version = 0
            var identities = [ObjectIdentifier?](repeating: nil, count: singletons.count)
            let temp = InjectID<Int>("stress-temp-\(me)")
            var tempRegistered = false
            var appendCount = 0

            for step in 0..<operationsPerThread {
                switch rng.int(below: 100) {
                case 0..<28:
                    let index = rng.int(below: stable.count)
                    let value = container.load(stable[index])
                    if value != index {
                        failures.record("thread \(me) step \(step): stable \(index) → \(value as Any)")
                    }
                case 28..<42:
                    let index = rng.int(below: singletons.count)
                    guard let token = container.load(singletons[index]) else {
                        failures.record("thread \(me) step \(step): singleton \(index) missing")
                        break
                    }
                    let identity = ObjectIdentifier(token)
                    if token.serial != index || token.creation != 1
                        || (identities[index] ?? identity) != identity
                    {
                        failures.record("thread \(me) step \(step): singleton \(index) → \(token)")
                    }
                    identities[index] = identity
                case 42..<62:
                    let owner = rng.int(below: threadCount)
                    guard let value = container.load(churn[owner]) else {
                        failures.record(
                            "thread \(me) step \(step): churn \(owner) missing during replacement")
                        break
                    }
                    let ceiling = announced[owner].load()
                    if value < lastSeen[owner] || value > ceiling {
                        failures.record(
                            "thread \(me) step \(step): churn \(owner) → \(value), seen \(lastSeen[owner]), "
                                + "announced \(ceiling)")
                    }
                    lastSeen[owner] = value
                case 62..<70:
                    version += 1
                    let current = version
                    announced[me].store(current)
                    container.register(churn[me], scope: current % 2 == 0 ? .singleton : .transient) {
                        current
                    }
                    // A thread always reads its own latest write.
                    let value = container.load(churn[me])
                    if value != current {
                        failures.record("thread \(me) step \(step): own churn → \(value as Any)")
                    }
                case 70..<78:
                    if tempRegistered {
                        let removed = container.unregister(temp)
                        let value = container.load(temp)
                        if !removed || value != nil {
                            failures.record(
                                "thread \(me) step \(step): unregister \(removed), then \(value as Any)")
                        }
                    } else {
                        let outcome = container.register(temp) { me }
                        let value = container.load(temp)
                        if !isAdded(outcome) || value != me {
                            failures.record(
                                "thread \(me) step \(step): register \(outcome), then \(value as Any)")
                        }
                    }
                    tempRegistered.toggle()
                case 78..<80:
                    let id = InjectID<Int>("stress-append-\(me)-\(appendCount)")
                    let outcome = container.register(id) { step }
                    appendCount += 1
                    appended[me].store(appendCount)
                    if !isAdded(outcome) || !container.contains(id) {
                        failures.record("thread \(me) step \(step): appended \(id.name): \(outcome)")
                    }
                case 80..<88:
                    let index = rng.int(below: stable.count)
                    let required = try? container.require(stable[index])
                    let seed = container.load(for: stable[index].name)?.resolve() as? Int
                    if required != index || seed != index {
                        failures.record(
                            "thread \(me) step \(step): require \(required as Any), seed \(seed as Any)")
                    }
                default:
                    // A short-lived child overrides one stable ID; the parent must not see it.
                    let child = Container(parent: container)
                    let index = rng.int(below: stable.count)
                    child.register(stable[index]) { -1 }
                    let singleton = rng.int(below: singletons.count)
                    let childValue = child.load(stable[index])
                    let parentValue = container.load(stable[index])
                    let shared = child.load(singletons[singleton])
                    if childValue != -1 || parentValue != index || shared?.creation != 1 {
                        failures.record(
                            "thread \(me) step \(step): child \(childValue as Any), parent \(parentValue as Any)"
                        )
                    }
                }
            }
            let seen = identities.compactMap { $0 }
            singletonIdentities.withLock { $0.append(seen) }
        }

        #expect(failures.count == 0, "\(failures.summary)")
        #expect(singletonRuns.map(\.count) == Array(repeating: 1, count: singletons.count))
        let identities = singletonIdentities.withLock { $0 }
        #expect(Set(identities.flatMap { $0 }).count == singletons.count)
        for (index, id) in stable.enumerated() {
            #expect(container.load(id) == index)
        }
        for (owner, id) in churn.enumerated() {
            #expect(container.load(id) == announced[owner].load())
        }
        // Every appended registration is still there.
        let listed = Set(container.registrations.map(\.id))
        for thread in 0..<threadCount {
            let count = appended[thread].load()
            let missing = (0..<count).filter { !listed.contains("stress-append-\(thread)-\($0)") }
            #expect(missing.isEmpty, "thread \(thread) lost \(missing.count) of \(count) registrations")
        }
    }

    @Test("Singletons are created exactly once per container when threads race through parent and child")
    func singletonsOncePerContainer() {
        let rounds = max(10, operationsPerThread / 1_000)
        let failures = FailureLog()
        for round in 0..<rounds {
            let parent = Container()
            let child = Container(parent: parent)
            let ids = (0..<4).map { InjectID<Token>("once-\($0)") }
            let runs = ids.map { _ in Counter() }
            for (index, id) in ids.enumerated() {
                let counter = runs[index]
                parent.register(id, scope: .singleton) {
                    let creation = counter.increment()
                    usleep(20)  // widen the window in which other threads arrive
                    return Token(serial: index, creation: creation)
                }
            }
            let seen = Protected<Set<ObjectIdentifier>>([])
            runOnThreads(threadCount) { me in
                for index in ids.indices {
                    let id = ids[(index + me) % ids.count]
                    guard let token = (me % 2 == 0 ? parent : child).load(id) else {
                        failures.record("round \(round): \(id.name) missing")
                        continue
                    }
                    seen.withLock { _ = $0.insert(ObjectIdentifier(token)) }
                }
            }
            if runs.map(\.count) != [1, 1, 1, 1] || seen.withLock({ $0.count }) != ids.count {
                failures.record("round \(round): factory runs \(runs.map(\.count))")
            }
        }
        #expect(failures.count == 0, "\(failures.summary)")
    }
}

// MARK: Container.shared through the original API

let stressStableSeedID = "StressStableSeedInjectID"
let stressChurnSeedID = "StressChurnSeedInjectID"

final class StressStableItem: Injectable {
    var id: String = stressStableSeedID
    required init() {}
    func resolve() -> AnyObject { RecordingToast() }
}

final class OldToast: ToastInject {
    func request(message: String, timeInterval: TimeInterval) {}
}

final class NewToast: ToastInject {
    func request(message: String, timeInterval: TimeInterval) {}
}

/// The same ID as ``StressNewItem``, with a different service: registering either replaces
/// the other.
final class StressOldItem: Injectable {
    var id: String = stressChurnSeedID
    required init() {}
    func resolve() -> AnyObject { OldToast() }
}

final class StressNewItem: Injectable {
    var id: String = stressChurnSeedID
    required init() {}
    func resolve() -> AnyObject { NewToast() }
}

@Suite("Container.shared: stress through the original API", .serialized, .tags(.concurrency))
struct SharedContainerStressTests {
    @Test("Threads registering, replacing and loading seed items on Container.shared")
    func seedAPIOnShared() {
        let shared = Container.shared
        let failures = FailureLog()
        let singleton = InjectID<Token>("StressSharedSingleton")
        let singletonRuns = Counter()
        shared.regist(injectType: StressStableItem.self)
        shared.regist(injectType: StressOldItem.self)
        shared.register(singleton, scope: .singleton) {
            Token(serial: 0, creation: singletonRuns.increment())
        }
        defer {
            shared.unregister(id: stressStableSeedID)
            shared.unregister(id: stressChurnSeedID)
            shared.unregister(singleton)
        }

        runOnThreads(threadCount) { me in
            var rng = SplitMix64(seed: UInt64(me) &+ 0xC0FFEE)
            let temp = InjectID<any ToastInject>("StressSharedTemp-\(me)")
            for step in 0..<operationsPerThread {
                switch rng.int(below: 100) {
                case 0..<25:
                    if !(shared.load(for: stressStableSeedID)?.resolve() is RecordingToast) {
                        failures.record("thread \(me) step \(step): the stable seed item was lost")
                    }
                case 25..<35:
                    if rng.chance(50) {
                        shared.regist(injectType: StressOldItem.self)
                    } else {
                        shared.regist(injectType: StressNewItem.self)
                    }
                case 35..<60:
                    // Replacement is atomic: the old or the new service, never nothing or garbage.
                    let item = shared.load(for: stressChurnSeedID)
                    let service = item?.resolve()
                    if item?.id != stressChurnSeedID || !(service is OldToast || service is NewToast) {
                        failures.record(
                            "thread \(me) step \(step): churn item \(item as Any) → \(service as Any)")
                    }
                case 60..<75:
                    let service = shared.load(InjectID<any ToastInject>(stressChurnSeedID))
                    if !(service is OldToast || service is NewToast) {
                        failures.record("thread \(me) step \(step): typed churn load → \(service as Any)")
                    }
                case 75..<88:
                    let token = shared.load(singleton)
                    if token?.creation != 1 {
                        failures.record("thread \(me) step \(step): singleton → \(token as Any)")
                    }
                default:
                    shared.register(temp) { RecordingToast() }
                    let loaded = shared.load(for: temp.name)?.resolve() is RecordingToast
                    let removed = shared.unregister(id: temp.name)
                    if !loaded || !removed || shared.load(for: temp.name) != nil {
                        failures.record(
                            "thread \(me) step \(step): temp loaded \(loaded), removed \(removed)")
                    }
                }
            }
        }

        #expect(failures.count == 0, "\(failures.summary)")
        #expect(singletonRuns.count == 1)
        #expect(shared.load(for: stressStableSeedID)?.resolve() is RecordingToast)
        let churn = shared.load(for: stressChurnSeedID)
        #expect(churn is StressOldItem || churn is StressNewItem)
    }
}

private func isAdded(_ outcome: RegistrationOutcome) -> Bool {
    if case .added = outcome { return true }
    return false
}
