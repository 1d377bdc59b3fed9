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
        // The values the waiter's condition saw, in order; written with `stage` locked.
        let checked = LockedValue<[Int]>([])
        let seen = LockedValue<Int?>(nil)
        let finished = DispatchSemaphore(value: 0)
        let waiter = spawnThread {
            let value = stage.withLock(waitingUntil: { value in
                checked.withLock { $0.append(value) }
                return value == 2
            }) { value in
                defer { value = 3 }
                return value
            }
            seen.withLock { $0 = value }
            finished.signal()
        }
        // Not joined: a waiter that is never woken must fail the test, not hang it.
        pthread_detach(waiter)
        // Each step waits until the waiter has checked the value once more; it holds the
        // lock while checking and until it waits, so by then it waits for a wake-up.
        func waitForCheck(_ count: Int, after step: String) -> Bool {
            let deadline = DispatchTime.now() + 30
            while checked.withLock({ $0.count }) < count {
                if let early = seen.withLock({ $0 }) {
                    Issue.record(
                        "the waiter ran with the value \(early) after \(step), before its condition held")
                    return false
                }
                guard DispatchTime.now() < deadline else {
                    Issue.record("the waiter never checked the value again after \(step)")
                    return false
                }
                usleep(1_000)
            }
            return true
        }
        guard waitForCheck(1, after: "starting") else { return }
        stage.withLock { $0 = 1 }
        stage.wakeWaiters()
        guard waitForCheck(2, after: "the value became 1 and it was woken") else { return }
        stage.withLock { $0 = 2 }
        stage.wakeWaiters()
        guard finished.wait(timeout: .now() + 30) == .success else {
            Issue.record("the waiter never ran once the value was 2")
            return
        }
        #expect(seen.withLock { $0 } == 2)
        #expect(stage.withLock { $0 } == 3)
        // Woken without its condition holding, it waited again; spurious wake-ups may add
        // checks of a value already seen.
        let values = checked.withLock { $0 }
        #expect(values.first == 0 && values.last == 2 && values.contains(1), "checked \(values)")
        #expect(values == values.sorted(), "checked \(values)")
    }
}
