import Foundation
import Testing

@testable import DependencyContainer

@Suite("CreationMonitor", .tags(.concurrency))
struct CreationMonitorTests {
    /// Something to create; its identity is the monitor's key.
    private final class Thing: Sendable {}

    @Test("Ending one creation wakes only the threads waiting for it")
    func wakesOnlyItsWaiters() {
        let monitor = CreationMonitor.shared
        let (first, second) = (Thing(), Thing())
        let (firstKey, secondKey) = (ObjectIdentifier(first), ObjectIdentifier(second))
        let thread = ThreadState.current
        #expect(monitor.acquire(firstKey, named: "FirstThing", thread: thread).isAcquired)
        let waiterAcquired = AtomicCounter(0)
        let waiter = spawnThread {
            let outcome = monitor.acquire(firstKey, named: "FirstThing", thread: ThreadState.current)
            if outcome.isAcquired {
                waiterAcquired.store(1)
                monitor.release(firstKey)
            }
        }
        defer { pthread_join(waiter, nil) }
        // Time for the second thread to wait; if it has not yet, the release below wakes nobody
        // and it acquires without waiting, which the checks allow.
        usleep(100_000)
        let deadline = Date().addingTimeInterval(5)
        // Another creation ends: its release wakes nobody.
        #expect(monitor.acquire(secondKey, named: "SecondThing", thread: thread).isAcquired)
        #expect(monitor.release(secondKey) == 0)
        #expect(waiterAcquired.load() == 0)
        // The awaited creation ends: exactly its waiter wakes, and creates in turn.
        #expect(monitor.release(firstKey) <= 1)
        while waiterAcquired.load() == 0, Date() < deadline { usleep(1_000) }
        #expect(waiterAcquired.load() == 1)
        withExtendedLifetime((first, second)) {}
    }
}

extension [String]? {
    /// Whether `acquire` made the thread the creator: it returned no cycle.
    fileprivate var isAcquired: Bool { self == nil }
}
