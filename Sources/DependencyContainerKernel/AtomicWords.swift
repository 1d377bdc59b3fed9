import DependencyContainerSystem

/// A 64-bit word updated with C11 atomics: what ``AtomicCounter`` and ``GlobalAtomicWord``
/// share, written once.
@usableFromInline
package protocol AtomicWord {
    /// Runs `body` on the word's address at an atomic access (a scheduling point of the
    /// interleaving checker), keeping the word alive meanwhile.
    func withAddress<Result>(_ body: (UnsafeMutablePointer<UInt64>) -> Result) -> Result
}

extension AtomicWord {
    /// Reads the value; later reads and writes of this thread are not moved before it.
    @inlinable @inline(__always)
    package func load() -> UInt64 {
        withAddress { dc_atomic_u64_load_acquire($0) }
    }

    /// Reads the value with no ordering guarantee for other memory.
    @inlinable @inline(__always)
    package func loadRelaxed() -> UInt64 {
        withAddress { dc_atomic_u64_load_relaxed($0) }
    }

    /// Replaces the value; earlier reads and writes of this thread are not moved after it.
    @inlinable @inline(__always)
    package func store(_ value: UInt64) {
        withAddress { dc_atomic_u64_store_release($0, value) }
    }

    /// Adds `delta`, wrapping around, and returns the new value.
    @discardableResult
    @inlinable @inline(__always)
    package func add(_ delta: UInt64) -> UInt64 {
        withAddress { dc_atomic_u64_fetch_add_acq_rel($0, delta) } &+ delta
    }

    /// Sets the bits of `bits`, keeping the others.
    @inlinable @inline(__always)
    package func setBits(_ bits: UInt64) {
        _ = withAddress { dc_atomic_u64_fetch_or_acq_rel($0, bits) }
    }
}

/// A 64-bit integer updated with C11 atomics, for counters, generations and flags.
///
/// `@unchecked Sendable`: every access to the value after initialization is atomic.
@usableFromInline
package struct AtomicCounter: AtomicWord, @unchecked Sendable {
    /// The buffer holding the value; its header is unused.
    @usableFromInline
    final class Storage: ManagedBuffer<Void, UInt64> {}

    @usableFromInline
    let storage: Storage

    package init(_ value: UInt64 = 0) {
        let buffer = Storage.create(minimumCapacity: 1) { _ in }
        buffer.withUnsafeMutablePointerToElements { $0.initialize(to: value) }
        // Sound: `create` on a subclass makes an instance of that subclass.
        storage = unsafeDowncast(buffer, to: Storage.self)
    }

    @inlinable @inline(__always)
    package func withAddress<Result>(_ body: (UnsafeMutablePointer<UInt64>) -> Result) -> Result {
        #if DC_INTERLEAVING
            InterleavingHooks.atomic()
        #endif
        return storage.withUnsafeMutablePointerToElements(body)
    }

    /// Advances `generation`, the copy a store's lock guards, and publishes it to lock-free
    /// loads: every snapshot cached for an earlier generation is stale.
    @inlinable @inline(__always)
    package func advance(_ generation: inout UInt64) {
        #if DC_INTERLEAVING
            // The fault publishes the old generation again, still as one atomic store.
            if InterleavingHooks.injectsFault(at: .generationAdvance) {
                store(generation)
                return
            }
        #endif
        generation &+= 1
        store(generation)
    }
}

/// A process-wide 64-bit word updated with C11 atomics, readable with no initializer check.
@usableFromInline
package struct GlobalAtomicWord: AtomicWord {
    @usableFromInline
    let address: UnsafeMutablePointer<UInt64>
    #if DC_INTERLEAVING
        /// Whether the checker may switch threads here: not for the thread-state key and
        /// the store serial, written once or only to hand out IDs, which would only multiply
        /// the schedules.
        @usableFromInline
        let isSchedulingPoint: Bool
    #endif

    @inlinable @inline(__always)
    init(_ word: DCGlobalWord) {
        address = dc_global_word_address(word)
        #if DC_INTERLEAVING
            isSchedulingPoint =
                word != DCGlobalWordThreadStateKey && word != DCGlobalWordStoreSerial
                && word != DCGlobalWordCreationTraceReaders
        #endif
    }

    /// The thread-state key plus one, or 0 before it exists.
    @inlinable package static var threadStateKey: Self { Self(DCGlobalWordThreadStateKey) }
    /// How many override scopes are active in the process.
    @inlinable package static var activeOverrideScopes: Self { Self(DCGlobalWordActiveOverrideScopes) }
    /// The last serial number handed to a registration store.
    @inlinable package static var storeSerial: Self { Self(DCGlobalWordStoreSerial) }
    /// The epoch that loads record when they start reading; see ``InstanceReclaimer``.
    @inlinable package static var reclamationEpoch: Self { Self(DCGlobalWordReclamationEpoch) }
    /// The readers of the creation trace that exist, one `CreationTraceReaders` bit each.
    @inlinable package static var creationTraceReaders: Self { Self(DCGlobalWordCreationTraceReaders) }

    @inlinable @inline(__always)
    package func withAddress<Result>(_ body: (UnsafeMutablePointer<UInt64>) -> Result) -> Result {
        #if DC_INTERLEAVING
            if isSchedulingPoint { InterleavingHooks.atomic() }
        #endif
        return body(address)
    }
}
