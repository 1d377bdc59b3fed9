import DependencyContainerSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// One thread's announcement that it is loading, which ``InstanceReclaimer`` reads.
///
/// A word on a cache line of its own, so that announcing touches memory only its thread
/// writes: 0 while the thread is outside a load, otherwise the reclamation epoch plus one
/// that it read when the outermost load began.
///
/// `@unchecked Sendable`: the word is accessed only with C11 atomics; its thread writes it,
/// and writers read it. It is never freed: a thread that ends leaves it to the next thread
/// (``InstanceReclaimer/removeRecord(_:)``), so a writer may read it without a lock.
struct ReaderRecord: @unchecked Sendable {
    let word: UnsafeMutablePointer<UInt64>

    private static let cacheLine = 64

    init() {
        let raw = UnsafeMutableRawPointer.allocate(byteCount: Self.cacheLine, alignment: Self.cacheLine)
        word = raw.initializeMemory(as: UInt64.self, repeating: 0, count: Self.cacheLine / 8)
    }

    /// Marks the thread as loading, before it reads any published service.
    @inline(__always)
    func announce() {
        let epoch = GlobalAtomicWord.reclamationEpoch.load()
        #if DC_INTERLEAVING
            InterleavingHooks.atomic()
            // The fault leaves the record quiescent, as if the load had not begun.
            if InterleavingHooks.injectsFault(at: .readerAnnounce) { return }
        #endif
        dc_atomic_u64_store_relaxed(word, epoch &+ 1)
        dc_reclamation_reader_fence()
    }

    /// Marks the thread as quiescent, after its last read of a published service: a writer
    /// waiting for it (``GracePeriod``) sees every read before the store.
    @inline(__always)
    func clear() {
        #if DC_INTERLEAVING
            InterleavingHooks.atomic()
        #endif
        dc_atomic_u64_store_release(word, 0)
    }

    /// The epoch plus one that the thread announced, or 0 while it is quiescent.
    var announcedEpoch: UInt64 {
        dc_atomic_u64_load_acquire(word)
    }
}

/// The writer's wait for one thread's read section: the point where the reclaimer checks
/// for readers, named so that the interleaving checker can model the wait and inject a
/// reclaimer that frees what loads in progress may read.
enum GracePeriod {
    /// Waits until the thread of `record` is not in a read section that began before the
    /// write that retired with epoch `tag`.
    ///
    /// A read section runs no code of the app and takes no lock, so the wait is bounded by a
    /// lookup, unless the reader's thread is preempted inside it: the writer spins briefly,
    /// then yields its processor to it.
    ///
    /// - Parameters:
    ///   - record: A thread's record; the caller holds the reclaimer's lock, so that it is
    ///     not freed meanwhile.
    ///   - tag: The epoch that loads which may read the retired services announced.
    @inline(__always)
    static func wait(for record: ReaderRecord, retiredAt tag: UInt64) {
        guard holdsBack(record, tag) else { return }
        #if DC_INTERLEAVING
            // The fault frees what a load in progress may read.
            if InterleavingHooks.injectsFault(at: .readerScan) { return }
            if InterleavingHooks.waitUntil({ !holdsBack(record, tag) }) { return }
        #endif
        var spins = 0
        while holdsBack(record, tag) {
            spins += 1
            if spins > 64 { sched_yield() }
        }
    }

    /// Whether the thread of `record` is in a read section that began before epoch `tag`.
    @inline(__always)
    private static func holdsBack(_ record: ReaderRecord, _ tag: UInt64) -> Bool {
        let epoch = record.announcedEpoch
        return epoch != 0 && epoch <= tag
    }
}
