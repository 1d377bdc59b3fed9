import DependencyContainerSystem

/// One thread's announcement that it is loading, which ``InstanceReclaimer`` reads.
///
/// A word on a cache line of its own, so that announcing touches memory only its thread
/// writes: 0 while the thread is outside a load, otherwise the reclamation epoch plus one
/// that it read when the outermost load began.
///
/// `@unchecked Sendable`: the word is accessed only with C11 atomics; its thread writes it,
/// and the reclaimer reads it under its lock until ``InstanceReclaimer/removeRecord(_:)``.
struct ReaderRecord: @unchecked Sendable {
    let word: UnsafeMutablePointer<UInt64>

    private static let cacheLine = 64

    init() {
        let raw = UnsafeMutableRawPointer.allocate(byteCount: Self.cacheLine, alignment: Self.cacheLine)
        word = raw.initializeMemory(as: UInt64.self, repeating: 0, count: Self.cacheLine / 8)
    }

    func deallocate() {
        UnsafeMutableRawPointer(word).deallocate()
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

    /// Marks the thread as quiescent, after its last read of a published service; then a
    /// check of ``InstanceReclaimer/hasPending`` sees any batch this load was holding back.
    @inline(__always)
    func clear() {
        #if DC_INTERLEAVING
            InterleavingHooks.atomic()
        #endif
        dc_atomic_u64_store_release(word, 0)
        dc_reclamation_reader_fence()
    }

    /// The epoch plus one that the thread announced, or 0 while it is quiescent.
    var announcedEpoch: UInt64 {
        dc_atomic_u64_load_acquire(word)
    }
}

/// What the reclaimer's scan of the reader records found: the oldest epoch that a load in
/// progress announced.
///
/// The point where the reclaimer checks for readers, named so that the interleaving checker
/// can inject a reclaimer that frees what loads in progress may read
/// (``mayFree(retiredAt:)``).
struct ReaderScan {
    /// The smallest announced epoch plus one, or `UInt64.max` when every thread is quiescent.
    private let oldestReader: UInt64

    /// Scans `records`; call it with the reclaimer's lock held.
    ///
    /// - Parameter records: Every thread's record.
    /// - Complexity: O(*t*) in the number of records.
    @inline(__always)
    init(_ records: [ReaderRecord]) {
        var oldest = UInt64.max
        for record in records {
            let epoch = record.announcedEpoch
            if epoch != 0 { oldest = min(oldest, epoch) }
        }
        oldestReader = oldest
    }

    /// Whether no load in progress may read a batch retired with epoch `tag`, so that it
    /// may be freed.
    ///
    /// - Parameter tag: The epoch that loads which may read the batch announced.
    /// - Returns: `true` when every load that announced such an epoch has ended.
    @inline(__always)
    func mayFree(retiredAt tag: UInt64) -> Bool {
        #if DC_INTERLEAVING
            // The fault acts only where a load in progress holds the batch back.
            if tag >= oldestReader, InterleavingHooks.injectsFault(at: .readerScan) { return true }
        #endif
        return tag < oldestReader
    }
}
