import DependencyContainerSystem

/// Frees the services that writes remove, before the write returns, once no load can still
/// be reading them.
///
/// Loads read a published singleton in place, without retaining it (rule 3 of
/// `RegistrationStore`), so a write that removes a registration cannot free its service the
/// moment it unpublishes it: another thread may be between reading the pointer and copying
/// the value out. The reclaimer is epoch-based, as in user-space RCU, with a writer that waits
/// for the grace period itself (`synchronize_rcu`) instead of leaving the batch to readers:
///
/// - A read section (``ReaderRecord/announce(_:)`` … ``ReaderRecord/clear()``, which the core's `ThreadState` calls) covers only the
///   lookup of a published service and the hand-over of a kept service to the load's caller,
///   and announces which registration it reads (``ReadKey``), so that a write waits only for
///   the sections that read a registration it retires.
///   No code of the app runs inside one (no factory, hook, observer or diagnostics handler),
///   no write, and no lock that a writer holds while it waits, so every read section ends
///   within a bounded number of instructions, whatever factories run elsewhere.
/// - A write unpublishes the services first (``PublishedReference/retire(as:in:)``),
///   then calls ``retire(_:skipping:reclaim:)``: it bumps the epoch, waits until no thread is still in a read
///   section of those registrations that began before, then runs the dispose hooks and frees the services itself, on
///   its own thread, before it returns.
/// - A load that cannot hand a service over inside one read section (an async load that
///   waited for another task's creation) checks in a read section, after it resumes, that the
///   registration was not retired; if it was, it loads what replaced it instead.
///
/// A thread outside a read section is always quiescent: an idle pool thread never holds an
/// old service back, and a factory blocked for good delays no release. Both sides need a
/// full fence between their store and their load; with `membarrier` on Linux the writer pays
/// a system call and the reader only a compiler barrier.
@usableFromInline
package final class InstanceReclaimer: Sendable {
    package static let shared = InstanceReclaimer()

    /// Every record ever made, and those of threads that ended, to reuse.
    ///
    /// A record is never freed, so that writers wait on a copy of the list without holding the lock: a writer
    /// that waits for one thread never holds back other writers or new threads.
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
    ///
    /// - Complexity: O(1) amortized; the records are as many as threads ever ran at once.
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
    ///
    /// The items are what the write unpublished, each holding the reference its owner held
    /// (``PublishedReference/retire(as:in:)``): they are freed when `reclaim` is done with them.
    ///
    /// - Parameters:
    ///   - items: What the write retired, with the ``ReadKey`` of the read sections that may
    ///     read each.
    ///   - own: The calling thread's record, which is skipped: a write never happens inside a
    ///     read section, whose code never writes, so it cannot be holding what it retires.
    ///   - reclaim: Runs once the grace period is over (dispose hooks, say); the items are
    ///     released after it, when the caller lets go of them.
    /// - Returns: The epoch the write retired with, or `nil` when `items` is empty.
    /// - Complexity: O(*t*) in the number of threads that ever ran at once, plus a
    ///   `membarrier` system call where it is available; the wait for each thread in a read
    ///   section is bounded by that section, which runs no code of the app.
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
        waitForReaders(retiredAt: tag, keys: Set(items.map(\.readKey)), skipping: own)
        reclaim(items)
        return tag
    }

    /// Waits until no thread but `own`'s is in a read section that began before the write that
    /// retired with `tag` and reads a registration of `keys`.
    private func waitForReaders(retiredAt tag: UInt64, keys: Set<ReadKey>, skipping own: ReaderRecord?) {
        // Copied under the lock: a copy of the list itself, shared with the next append,
        // would be read without it.
        let others = records.withLock { $0.all.filter { $0 != own } }
        GracePeriod.wait(for: others, retiredAt: tag, keys: keys)
    }
}

/// What a write retires: an object it unpublished, which read sections announcing
/// ``readKey`` may still be reading, held until ``InstanceReclaimer`` has waited for them.
@usableFromInline
package protocol Reclaimable {
    /// What the read sections that may read it announce: the write waits only for those.
    var readKey: ReadKey { get }
}
