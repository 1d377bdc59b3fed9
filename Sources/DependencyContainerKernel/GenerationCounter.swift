/// A store's generation as readers see it: advanced under the store's lock by each write,
/// read without a lock by loads that check whether their cached snapshot is current.
@usableFromInline
package struct GenerationCounter: Sendable {
    package init() {}

    @usableFromInline
    let published = AtomicCounter(0)

    /// The generation last published; later reads of this thread are not moved before it.
    @inlinable @inline(__always)
    package func load() -> UInt64 {
        published.load()
    }

    /// The generation last published, with no ordering guarantee for other memory; for
    /// checks under the store's lock, which orders it already.
    @inlinable @inline(__always)
    package func loadRelaxed() -> UInt64 {
        published.loadRelaxed()
    }

    /// Advances `generation`, the copy the store's lock guards, and publishes it to readers,
    /// so that every snapshot cached for an earlier generation is stale.
    @inlinable @inline(__always)
    package func advance(_ generation: inout UInt64) {
        #if DC_INTERLEAVING
            // The fault publishes the old generation again, still as one atomic store.
            if InterleavingHooks.injectsFault(at: .generationAdvance) {
                published.store(generation)
                return
            }
        #endif
        generation &+= 1
        published.store(generation)
    }
}
