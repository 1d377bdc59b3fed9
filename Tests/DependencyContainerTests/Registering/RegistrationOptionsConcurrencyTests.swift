import DependencyContainer
import Foundation
import Testing

@Suite("Time to live under concurrency", .tags(.concurrency))
struct TimeToLiveConcurrencyTests {
    @Test("Loads racing the expiry make one new service, which all of them get")
    func racingLoadsMakeOne() throws {
        for _ in 0..<5 {
            let container = Container()
            let id = uniqueID(LivedToken.self)
            let made = Counter()
            let disposed = Counter()
            let options = RegistrationOptions<LivedToken>(
                scope: .singleton, lifecycle: ServiceLifecycle(onDispose: { _ in disposed.increment() }),
                timeToLive: shortLife)
            container.register(id, options: options) { _ in
                // Slow enough that every racing load arrives while it runs.
                Thread.sleep(forTimeInterval: 0.01)
                return LivedToken(serial: made.increment())
            }
            let first = try #require(container.load(id))
            outlive(shortLife)
            let loaded = Protected<[Int]>([])
            runOnThreads(8) { _ in
                let serial = container.load(id)?.serial ?? -1
                loaded.withLock { $0.append(serial) }
            }
            #expect(made.count == 2)
            #expect(Set(loaded.withLock { $0 }) == [2])
            #expect(disposed.count == 1)
            withExtendedLifetime(first) {}
        }
    }
}

@Suite("Registering once under concurrency", .tags(.concurrency))
struct KeepingExistingConcurrencyTests {
    @Test("Of registrations racing with keepsExistingRegistration, exactly one is added")
    func exactlyOneWins() {
        for _ in 0..<10 {
            let container = Container()
            let id = uniqueID(Int.self)
            let added = Protected<[Int]>([])
            let kept = Counter()
            runOnThreads(8) { index in
                let outcome = container.register(
                    id, options: RegistrationOptions(keepsExistingRegistration: true)
                ) { _ in index }
                switch outcome {
                case .added: added.withLock { $0.append(index) }
                case .kept: kept.increment()
                default: Issue.record("unexpected \(outcome)")
                }
            }
            let winners = added.withLock { $0 }
            #expect(winners.count == 1)
            #expect(kept.count == 7)
            #expect(container.load(id) == winners.first)
        }
    }
}
