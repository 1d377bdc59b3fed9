import DependencyContainer
import Dispatch
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("LockedValue", .tags(.concurrency))
struct LockedValueTests {
    @Test("The doc comment's example counts under the lock")
    func docExample() {
        let hits = LockedValue<[String: Int]>([:])
        hits.withLock { $0["ToastInjectID", default: 0] += 1 }
        #expect(hits.withLock { $0["ToastInjectID"] } == 1)
    }

    @Test("Increments from many threads are never lost")
    func concurrentIncrements() {
        let total = LockedValue(0)
        runOnThreads(4) { _ in
            for _ in 0..<10_000 { total.withLock { $0 += 1 } }
        }
        #expect(total.withLock { $0 } == 40_000)
    }

    @Test("A waiter runs once its condition holds, after another thread changes the value and wakes it")
    func waitUntilReady() {
        let stage = LockedValue(0)
        let checks = LockedValue(0)
        let seen = LockedValue<Int?>(nil)
        let waiter = spawnThread {
            let value = stage.withLock(waitingUntil: { value in
                checks.withLock { $0 += 1 }
                return value == 2
            }) { value in
                defer { value = 3 }
                return value
            }
            seen.withLock { $0 = value }
        }
        stage.withLock { $0 = 1 }
        stage.wakeWaiters()
        stage.withLock { $0 = 2 }
        stage.wakeWaiters()
        pthread_join(waiter, nil)
        #expect(seen.withLock { $0 } == 2)
        #expect(stage.withLock { $0 } == 3)
        #expect(checks.withLock { $0 } >= 1)
    }
}
