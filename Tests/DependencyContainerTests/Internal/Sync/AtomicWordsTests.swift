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

    @Test("The flag's doc comment example: a flag set on one copy is seen through another")
    func flagDocExample() {
        #expect(!AtomicFlag().load())
        let hasHandler = AtomicFlag()
        hasHandler.store(true)
        if hasHandler.load() { print("report") }
        let copy = hasHandler
        #expect(copy.load())
        copy.store(false)
        #expect(!hasHandler.load())
        #expect(AtomicFlag(true).load())
    }

    @Test("Additions from many threads are never lost, and adding wraps like the stored value")
    func concurrentAdditions() {
        let counter = AtomicCounter(5)
        runOnThreads(4) { _ in
            for _ in 0..<25_000 { counter.add(2) }
        }
        #expect(counter.load() == 5 + 4 * 25_000 * 2)
        #expect(counter.add(0 &- (counter.load() + 1)) == UInt64.max)
        counter.store(7)
        #expect(counter.loadRelaxed() == 7)
    }

    @Test("A value published with store is seen with everything written before it")
    func publication() {
        // The payload is a plain, non-atomic word. On x86-64 every store is a release and
        // every load an acquire, so the hardware alone cannot show a relaxed `store` or
        // `load`; but ThreadSanitizer, which CI runs this suite under, reports a race on the
        // payload unless the flag's store and load order its write before its read, and the
        // compiler may move a plain write past a relaxed store.
        let payload = PlainWord()
        let flag = AtomicCounter()
        let seen = LockedValue<UInt64?>(nil)
        let reader = spawnThread {
            while flag.load() == 0 {}
            let value = payload.value
            seen.withLock { $0 = value }
        }
        payload.value = 42
        flag.store(1)
        pthread_join(reader, nil)
        #expect(seen.withLock { $0 } == 42)
    }
}

/// A word read and written without atomics or a lock, so that ThreadSanitizer checks what
/// orders its accesses.
///
/// `@unchecked Sendable`: the test that shares it orders its accesses through an
/// ``AtomicCounter``, which is what it checks.
private final class PlainWord: @unchecked Sendable {
    var value: UInt64 = 0
}
