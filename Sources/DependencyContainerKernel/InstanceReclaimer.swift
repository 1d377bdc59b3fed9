import DependencyContainerSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

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

    /// Frees `items`, what a write no longer publishes, once no read section that announced one
    /// of `keys` and may have read them is in progress: `reclaim` runs before this method
    /// returns, on the calling thread, outside every lock.
    @discardableResult
    package func retire<Item>(
        _ items: [Item], keys: Set<ReadKey>, skipping own: ReaderRecord?, reclaim: ([Item]) -> Void
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
        Self.wait(for: others, retiredAt: tag, keys: keys)
        reclaim(items)
        return tag
    }

    /// Waits until no thread of `records` is in a read section that began before epoch `tag`
    /// and reads a registration of `keys`; where the interleaving checker models the wait.
    private static func wait(for records: [ReaderRecord], retiredAt tag: UInt64, keys: Set<ReadKey>) {
        guard records.contains(where: { holdsBack($0, tag, keys) }) else { return }
        #if DC_INTERLEAVING
            // The fault frees what a load in progress may read.
            if InterleavingHooks.injectsFault(at: .readerScan) { return }
            // One step of the model, whatever the order of the records.
            if InterleavingHooks.waitUntil({ !records.contains(where: { holdsBack($0, tag, keys) }) }) {
                return
            }
        #endif
        for record in records {
            var spins = 0
            while holdsBack(record, tag, keys) {
                spins += 1
                if spins > 64 { sched_yield() }
            }
        }
    }

    /// Whether the thread of `record` is in a read section that began before epoch `tag` and
    /// may read a registration of `keys`.
    @inline(__always)
    private static func holdsBack(_ record: ReaderRecord, _ tag: UInt64, _ keys: Set<ReadKey>) -> Bool {
        let announcement = record.announcement
        let epoch = announcement >> ReadKey.bits
        guard announcement != 0, epoch <= tag else { return false }
        let key = ReadKey(rawValue: announcement & ((1 << ReadKey.bits) - 1))
        return key == .any || keys.contains(key)
    }
}

/// One thread's announcement that it is in a read section, which ``InstanceReclaimer`` reads.
///
/// `@unchecked Sendable`: the word is accessed only with C11 atomics, and it is never freed (a
/// thread that ends leaves it to the next), so a writer may read it without a lock.
@usableFromInline
package struct ReaderRecord: @unchecked Sendable, Equatable {
    @usableFromInline
    let word: UnsafeMutablePointer<UInt64>

    private static let cacheLine = 64

    init() {
        let raw = UnsafeMutableRawPointer.allocate(byteCount: Self.cacheLine, alignment: Self.cacheLine)
        word = raw.initializeMemory(as: UInt64.self, repeating: 0, count: Self.cacheLine / 8)
    }

    /// Marks the thread as reading the registration of `key`, before it reads any published
    /// service.
    @inlinable @inline(__always)
    package func announce(_ key: ReadKey) {
        let epoch = GlobalAtomicWord.reclamationEpoch.load()
        #if DC_INTERLEAVING
            InterleavingHooks.atomic()
            // The fault leaves the record quiescent, as if the load had not begun.
            if InterleavingHooks.injectsFault(at: .readerAnnounce) { return }
        #endif
        dc_atomic_u64_store_relaxed(word, (epoch &+ 1) << ReadKey.bits | key.value)
        dc_reclamation_reader_fence()
    }

    /// Marks the thread as quiescent, after its last read of a published service: a writer
    /// waiting for it (``InstanceReclaimer``) sees every read before the store.
    @inlinable @inline(__always)
    package func clear() {
        #if DC_INTERLEAVING
            InterleavingHooks.atomic()
        #endif
        dc_atomic_u64_store_release(word, 0)
    }

    /// What the thread announced, or 0 while it is quiescent.
    package var announcement: UInt64 {
        dc_atomic_u64_load_acquire(word)
    }
}

/// Which registration a read section reads, as a writer needs to know it: a few bits of its
/// address, so that a write waits only for the read sections of the registrations it retires
/// (and, rarely, of another whose key is the same), not for every load in the process.
@usableFromInline
package struct ReadKey: Hashable {
    /// The bits of a record's word that hold the key.
    @inlinable
    static var bits: UInt64 { 16 }

    @usableFromInline
    let value: UInt64

    /// A section that may read any registration (an extension point's elements): every
    /// write waits for it.
    @inlinable
    package static var any: ReadKey { ReadKey(rawValue: 0) }

    @inlinable @inline(__always)
    init(rawValue: UInt64) {
        value = rawValue
    }

    /// The key of the object a read section reads (a registration); never ``any``.
    @inlinable @inline(__always)
    package init<Object: AnyObject>(_ object: Borrowed<Object>, replayableHash: (Object) -> Int) {
        #if DC_INTERLEAVING
            let hash = object.withObject(replayableHash)
            value = UInt64(UInt(bitPattern: hash)) & ((1 << Self.bits) - 1) | 1
        #else
            // Objects are 16-byte aligned: the low bits say nothing. Odd, so never `any`.
            value = (UInt64(object.address) >> 4) & ((1 << Self.bits) - 1) | 1
        #endif
    }
}

/// A thread's state that holds its ``ReaderRecord``: what the interleaving checker clears for a
/// thread it abandons after a deadlock.
@usableFromInline
package protocol ReadingThread: AnyObject {
    /// The thread's record; only its thread announces and clears it.
    var reader: ReaderRecord { get }
}
