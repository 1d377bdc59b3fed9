import DependencyContainerSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

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
    /// waiting for it (``GracePeriod``) sees every read before the store.
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

    /// The key of `object`, which the caller holds; see ``init(_:replayableHash:)-(Borrowed<Object>,_)``.
    @inlinable @inline(__always)
    package init<Object: AnyObject>(_ object: Object, replayableHash: (Object) -> Int) {
        self = withExtendedLifetime(object) { ReadKey(Borrowed(object), replayableHash: replayableHash) }
    }
}

/// The writer's wait for one thread's read section: the point where the reclaimer checks
/// for readers, named so that the interleaving checker can model the wait and inject a
/// reclaimer that frees what loads in progress may read.
@usableFromInline
package enum GracePeriod {
    /// Waits until no thread of `records` is in a read section that began before the write
    /// that retired with epoch `tag` and reads a registration of `keys`.
    package static func wait(for records: [ReaderRecord], retiredAt tag: UInt64, keys: Set<ReadKey>) {
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

/// A thread's state that holds its ``ReaderRecord``: what the interleaving checker clears for a
/// thread it abandons after a deadlock.
@usableFromInline
package protocol ReadingThread: AnyObject {
    /// The thread's record; only its thread announces and clears it.
    var reader: ReaderRecord { get }
}
