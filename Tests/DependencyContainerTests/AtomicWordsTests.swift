import DependencyContainer
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("Atomic words", .tags(.concurrency))
struct AtomicWordsTests {
    @Test("The doc comment's example counts a load")
    func docExample() {
        let loads = AtomicCounter()
        loads.add(1)
        print(loads.load())  // 1
        #expect(loads.load() == 1)
    }

    @Test("Additions from many threads are never lost, and subtraction wraps like the stored value")
    func concurrentAdditions() {
        let counter = AtomicCounter(5)
        runOnThreads(4) { _ in
            for _ in 0..<25_000 { counter.add(2) }
        }
        #expect(counter.load() == 5 + 4 * 25_000 * 2)
        #expect(counter.subtract(counter.load() + 1) == UInt64.max)
        counter.store(7)
        #expect(counter.loadRelaxed() == 7)
    }

    @Test("A value published with store is seen with everything written before it")
    func publication() {
        let flag = AtomicCounter()
        let payload = AtomicCounter()
        let seen = LockedValue<UInt64?>(nil)
        let reader = spawnThread {
            while flag.load() == 0 {}
            seen.withLock { $0 = payload.loadRelaxed() }
        }
        payload.store(42)
        flag.store(1)
        pthread_join(reader, nil)
        #expect(seen.withLock { $0 } == 42)
    }
}
