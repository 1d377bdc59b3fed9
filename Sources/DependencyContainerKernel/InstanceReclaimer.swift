import DependencyContainerSystem

/// Frees the services that writes remove, before the write returns, once no load can still
/// be reading them.
@usableFromInline
package final class InstanceReclaimer: Sendable {
    package static let shared = InstanceReclaimer()

    /// Every record ever made, and those of threads that ended, to reuse.
    private struct Records: Sendable {
        var all: [ReaderRecord] = []
        var unused: [ReaderRecord] = []
    }

    private let records = LockedValue(Records())

    private init() {
        // Before the first record exists: readers pick their fence from what this decides.
        dc_reclamation_setup()
    }

    // MARK: Reader records

    /// A record for a thread, quiescent: one a thread that ended left, or a new one.
    package func makeRecord() -> ReaderRecord {
        records.withLock { records in
            if let record = records.unused.popLast() { return record }
            let record = ReaderRecord()
            records.all.append(record)
            return record
        }
    }

    /// Takes back the record of a thread that ends, quiescent, for another thread to reuse.
    package func removeRecord(_ record: ReaderRecord) {
        records.withLock { $0.unused.append(record) }
    }

    // MARK: Retiring

    /// Frees `items`, what a write no longer publishes, once no read section that may have
    /// read them is in progress: `reclaim` runs before this method returns, on the calling
    /// thread, outside every lock.
    @discardableResult
    package func retire<Item: Reclaimable>(
        _ items: [Item], skipping own: ReaderRecord?, reclaim: ([Item]) -> Void
    ) -> UInt64? {
        guard !items.isEmpty else { return nil }
        // Loads that start from here on read the epoch after the bump, and so see the
        // unpublished pointers; those that announced an earlier epoch may hold them.
        let tag = GlobalAtomicWord.reclamationEpoch.add(1)
        // Orders the unpublishing before the scan on every thread: a load whose announcement
        // the scan misses reads the cleared pointer.
        dc_reclamation_writer_fence()
        // Every thread's but `own`'s; copied under the lock: a copy of the list itself, shared
        // with the next append, would be read without it.
        let others = records.withLock { $0.all.filter { $0 != own } }
        GracePeriod.wait(for: others, retiredAt: tag, keys: Set(items.map(\.readKey)))
        reclaim(items)
        return tag
    }
}

/// What a write retires: an object it unpublished, which read sections announcing
/// ``readKey`` may still be reading, held until ``InstanceReclaimer`` has waited for them.
@usableFromInline
package protocol Reclaimable {
    /// What the read sections that may read it announce: the write waits only for those.
    var readKey: ReadKey { get }
}
