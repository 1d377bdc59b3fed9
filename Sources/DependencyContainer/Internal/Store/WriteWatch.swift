import DependencyContainerKernel

/// Notices registrations a thread makes while it watches: how a plugin loader sees a plugin's
/// register function write into containers other than the one it was given.
enum WriteWatch {
    /// One thread's watch.
    private struct Watch: Sendable {
        /// The watching thread: the address of its ``ThreadState``, which lives as long as it.
        let thread: UInt
        /// Writes to this store are not recorded: the container the watcher hands out.
        let exemptStore: UInt64
        /// Writes to stores with higher serials are not recorded: containers created while
        /// watching belong to the code watched.
        let lastOlderStore: UInt64
        var written: [String] = []
    }

    /// How many watches are open; writes look at ``watches`` only when it is not 0.
    private static let activeCount = AtomicCounter(0)
    /// Each thread's watches nest, so its newest is the last of its in the list.
    private static let watches = LockedValue<[Watch]>([])

    /// Whether any thread watches.
    static var isActive: Bool { activeCount.load() != 0 }

    /// Runs `body`, and returns with its result the IDs that writes on this thread changed in
    /// any store but `exemptStore` and those created meanwhile, sorted and without repeats.
    static func watching<Result>(exempting exemptStore: UInt64, _ body: () -> Result) -> (Result, [String]) {
        let thread = ThreadState.currentBorrowed.address
        watches.withLock {
            $0.append(
                Watch(
                    thread: thread, exemptStore: exemptStore,
                    lastOlderStore: GlobalAtomicWord.storeSerial.load()))
        }
        _ = activeCount.add(1)
        let result = body()
        _ = activeCount.add(UInt64.max)  // - 1, wrapping
        let written = watches.withLock { watches in
            watches.remove(at: watches.lastIndex { $0.thread == thread }!).written
        }
        return (result, Array(Set(written)).sorted())
    }

    /// Records that a write on this thread changed `ids` in the store `store`.
    static func record(_ ids: [String], store: UInt64) {
        // The calling thread, comparable across calls.
        let thread = ThreadState.currentBorrowed.address
        watches.withLock { watches in
            for index in watches.indices
            where watches[index].thread == thread && watches[index].exemptStore != store
                && store <= watches[index].lastOlderStore
            {
                watches[index].written += ids
            }
        }
    }
}
