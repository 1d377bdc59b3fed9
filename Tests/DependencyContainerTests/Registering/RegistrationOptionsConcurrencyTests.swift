import DependencyContainer
import Foundation
import Testing

@Suite("Time to live under concurrency", .tags(.concurrency))
struct TimeToLiveConcurrencyTests {
    @Test("Loads racing the expiry make one new service, which all of them get")
    func racingLoadsMakeOne() throws {
        // Long enough that the new service outlives the race on a busy machine.
        let timeToLive = 0.2
        for _ in 0..<5 {
            let container = Container()
            let id = uniqueID(LivedToken.self)
            let made = Counter()
            let disposed = Counter()
            let options = RegistrationOptions<LivedToken>(
                scope: .singleton, lifecycle: ServiceLifecycle(onDispose: { _ in disposed.increment() }),
                timeToLive: timeToLive)
            container.register(id, options: options) { _ in LivedToken(serial: made.increment()) }
            let first = try #require(container.load(id))
            outlive(timeToLive)
            let loaded = Protected<Set<Int>>([])
            // Many loads per thread: a load that found the expired registration and lost the
            // race to replace it must not replace the replacement.
            runOnThreads(8) { _ in
                for _ in 0..<200 {
                    let serial = container.load(id)?.serial ?? -1
                    loaded.withLock { _ = $0.insert(serial) }
                }
            }
            #expect(made.count == 2)
            #expect(loaded.withLock { $0 } == [2])
            #expect(disposed.count == 1)
            withExtendedLifetime(first) {}
        }
    }

    @Test("Under a short time to live, loads make one service per expiry, each kept or disposed")
    func shortTimeToLiveKeepsOrDisposesEveryService() async {
        let made = Counter()
        let disposed = Counter()
        // Disposed before its time to live was over: a service made on a registration an
        // expiry had retired, a second new service for that expiry.
        let disposedEarly = Counter()
        let madeAt = Protected<[Int: UInt64]>([:])
        let removing = AtomicFlag()
        let container = Container()
        let id = uniqueID(LivedToken.self)
        let timeToLive: UInt64 = 2_000_000
        let lifecycle = ServiceLifecycle<LivedToken>(onDispose: { token in
            disposed.increment()
            let age = DispatchTime.now().uptimeNanoseconds - madeAt.withLock { $0[token.serial] ?? 0 }
            if !removing.load(), age < timeToLive { disposedEarly.increment() }
        })
        let options = RegistrationOptions<LivedToken>(
            scope: .singleton, lifecycle: lifecycle, timeToLive: Double(timeToLive) / 1e9)
        container.register(id, options: options) { _ in
            let serial = made.increment()
            madeAt.withLock { $0[serial] = DispatchTime.now().uptimeNanoseconds }
            return LivedToken(serial: serial)
        }
        let deadline = Date().addingTimeInterval(1)
        runOnThreads(6) { _ in
            while Date() < deadline { _ = container.load(id) }
        }
        removing.store(true)
        container.removeAll()
        await container.waitForDisposals()
        #expect(disposedEarly.count == 0)
        #expect(made.count == disposed.count)
    }
}

@Suite("Registering once under concurrency", .tags(.concurrency))
struct KeepingExistingConcurrencyTests {
    @Test("Of registrations racing with keepsExistingRegistration, exactly one is added")
    func exactlyOneWins() {
        for _ in 0..<200 {
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
