import DependencyContainerSystem

/// A 64-bit integer updated with C11 atomics, for counters, generations and flags.
///
/// It replaces `Synchronization.Atomic`, which needs iOS 18 / macOS 15. The value is the
/// only element of a tail-allocated buffer, whose address is fixed and known without a
/// second load; Swift never reads or writes it directly after initialization, only the C
/// functions do. Copies share the one value, like references to an object.
///
/// ```swift
/// let loads = AtomicCounter()
/// loads.add(1)
/// print(loads.load())  // 1
/// ```
///
/// `@unchecked Sendable`: every access to the value after initialization is atomic.
package struct AtomicCounter: @unchecked Sendable {
    /// The buffer holding the value; its header is unused.
    private final class Storage: ManagedBuffer<Void, UInt64> {}

    private let storage: Storage

    /// Creates a counter holding `value`.
    ///
    /// - Parameter value: The initial value.
    package init(_ value: UInt64 = 0) {
        let buffer = Storage.create(minimumCapacity: 1) { _ in }
        buffer.withUnsafeMutablePointerToElements { $0.initialize(to: value) }
        // Sound: `create` on a subclass makes an instance of that subclass.
        storage = unsafeDowncast(buffer, to: Storage.self)
    }

    /// Runs `body` on the value's address, keeping the buffer alive meanwhile.
    @inline(__always)
    private func withAddress<Result>(_ body: (UnsafeMutablePointer<UInt64>) -> Result) -> Result {
        storage.withUnsafeMutablePointerToElements(body)
    }

    /// Reads the value; later reads and writes of this thread are not moved before it.
    ///
    /// - Returns: The value.
    @inline(__always)
    package func load() -> UInt64 {
        #if DC_INTERLEAVING
            InterleavingHooks.atomic()
        #endif
        return withAddress { dc_atomic_u64_load_acquire($0) }
    }

    /// Reads the value with no ordering guarantee for other memory.
    ///
    /// - Returns: The value.
    @inline(__always)
    package func loadRelaxed() -> UInt64 {
        #if DC_INTERLEAVING
            InterleavingHooks.atomic()
        #endif
        return withAddress { dc_atomic_u64_load_relaxed($0) }
    }

    /// Replaces the value; earlier reads and writes of this thread are not moved after it.
    ///
    /// - Parameter value: The new value.
    @inline(__always)
    package func store(_ value: UInt64) {
        #if DC_INTERLEAVING
            InterleavingHooks.atomic()
        #endif
        withAddress { dc_atomic_u64_store_release($0, value) }
    }

    /// Adds `delta`, wrapping around on overflow.
    ///
    /// - Parameter delta: The amount to add; `UInt64.max` subtracts one.
    /// - Returns: The new value.
    @discardableResult
    @inline(__always)
    package func add(_ delta: UInt64) -> UInt64 {
        #if DC_INTERLEAVING
            InterleavingHooks.atomic()
        #endif
        return withAddress { dc_atomic_u64_fetch_add_acq_rel($0, delta) } &+ delta
    }

    /// Subtracts `delta`, wrapping around below zero.
    ///
    /// - Parameter delta: The amount to subtract.
    /// - Returns: The new value.
    @discardableResult
    @inline(__always)
    package func subtract(_ delta: UInt64) -> UInt64 {
        add(0 &- delta)
    }
}

/// A process-wide 64-bit word updated with C11 atomics, readable with no initializer check.
///
/// A `static let` holding an ``AtomicCounter`` would cost a `swift_once` check on every use,
/// which matters on the load path; these words are C globals, zero when the process starts.
struct GlobalAtomicWord {
    private let address: UnsafeMutablePointer<UInt64>
    #if DC_INTERLEAVING
        /// Whether the checker may switch threads here: not for the thread-state key and
        /// the store serial, written once or only to hand out IDs, which would only multiply
        /// the schedules.
        private let isSchedulingPoint: Bool
    #endif

    private init(_ word: DCGlobalWord) {
        address = dc_global_word_address(word)
        #if DC_INTERLEAVING
            isSchedulingPoint =
                word != DCGlobalWordThreadStateKey && word != DCGlobalWordStoreSerial
                && word != DCGlobalWordCreationTraceReaders && word != DCGlobalWordTracedAsyncFactories
        #endif
    }

    /// The thread-state key plus one, or 0 before it exists.
    static var threadStateKey: Self { Self(DCGlobalWordThreadStateKey) }
    /// How many override scopes are active in the process.
    static var activeOverrideScopes: Self { Self(DCGlobalWordActiveOverrideScopes) }
    /// The last serial number handed to a registration store.
    static var storeSerial: Self { Self(DCGlobalWordStoreSerial) }
    /// The epoch that loads record when they start reading; see ``InstanceReclaimer``.
    static var reclamationEpoch: Self { Self(DCGlobalWordReclamationEpoch) }
    /// The readers of the creation trace that exist, one ``CreationTraceReaders`` bit each.
    static var creationTraceReaders: Self { Self(DCGlobalWordCreationTraceReaders) }
    /// How many async factories run that started while the creation trace had readers.
    static var tracedAsyncFactories: Self { Self(DCGlobalWordTracedAsyncFactories) }

    /// Reads the value; later reads and writes of this thread are not moved before it.
    @inline(__always)
    func load() -> UInt64 {
        #if DC_INTERLEAVING
            if isSchedulingPoint { InterleavingHooks.atomic() }
        #endif
        return dc_atomic_u64_load_acquire(address)
    }

    /// Reads the value with no ordering guarantee for other memory.
    @inline(__always)
    func loadRelaxed() -> UInt64 {
        #if DC_INTERLEAVING
            if isSchedulingPoint { InterleavingHooks.atomic() }
        #endif
        return dc_atomic_u64_load_relaxed(address)
    }

    /// Replaces the value; earlier reads and writes of this thread are not moved after it.
    @inline(__always)
    func store(_ value: UInt64) {
        #if DC_INTERLEAVING
            if isSchedulingPoint { InterleavingHooks.atomic() }
        #endif
        dc_atomic_u64_store_release(address, value)
    }

    /// Sets the bits of `bits`, keeping the others.
    @inline(__always)
    func setBits(_ bits: UInt64) {
        #if DC_INTERLEAVING
            if isSchedulingPoint { InterleavingHooks.atomic() }
        #endif
        _ = dc_atomic_u64_fetch_or_acq_rel(address, bits)
    }

    /// Adds `delta`, wrapping around, and returns the new value.
    @discardableResult
    @inline(__always)
    func add(_ delta: UInt64) -> UInt64 {
        #if DC_INTERLEAVING
            if isSchedulingPoint { InterleavingHooks.atomic() }
        #endif
        return dc_atomic_u64_fetch_add_acq_rel(address, delta) &+ delta
    }
}

/// A pointer-sized cell updated with C11 atomics, stored inline in an object that declares it
/// as its first stored property.
///
/// Used where a separate ``AtomicCounter``-like object per instance would cost memory that
/// matters, such as the singleton of each registration. The owner declares
/// `var cell = AtomicPointerCell.unclaimed` first and calls ``claim(in:)`` at the end of its
/// initializer, which fails at once, rather than corrupting memory, if the cell is not where
/// the atomic operations will look for it.
struct AtomicPointerCell {
    /// Accessed only through C atomics once its owner is initialized.
    private var pointer: UnsafeMutableRawPointer?

    /// A cell holding a marker that ``claim(in:)`` looks for and replaces with `nil`.
    static var unclaimed: AtomicPointerCell {
        AtomicPointerCell(pointer: marker)
    }

    /// A bit pattern no allocation has; computed, because a pointer constant is not `Sendable`.
    private static var marker: UnsafeMutableRawPointer? { UnsafeMutableRawPointer(bitPattern: 0x5EED_CE11) }

    /// Checks that `owner`'s first stored property is an unclaimed cell, and empties it.
    ///
    /// - Parameter owner: The object, fully initialized, that declares the cell first.
    @inline(__always)
    static func claim<Owner: AnyObject>(in owner: Owner) {
        let claimed = exchange(in: owner, with: nil)
        precondition(
            claimed == marker, "an AtomicPointerCell must be the first stored property of \(type(of: owner))")
    }

    /// The cell's address in `owner`.
    @inline(__always)
    private static func address(in owner: AnyObject) -> UnsafeMutablePointer<UnsafeMutableRawPointer?> {
        _getUnsafePointerToStoredProperties(owner).assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
    }

    /// Reads the pointer; later reads and writes of this thread are not moved before it.
    @inline(__always)
    static func load(in owner: AnyObject) -> UnsafeMutableRawPointer? {
        #if DC_INTERLEAVING
            InterleavingHooks.atomic()
        #endif
        return dc_atomic_pointer_load_acquire(address(in: owner))
    }

    /// Stores `desired` if the cell holds `expected`.
    ///
    /// - Returns: Whether it stored.
    @inline(__always)
    static func compareExchange(
        in owner: AnyObject, expected: UnsafeMutableRawPointer?, desired: UnsafeMutableRawPointer?
    ) -> Bool {
        #if DC_INTERLEAVING
            InterleavingHooks.atomic()
        #endif
        return dc_atomic_pointer_compare_exchange_acq_rel(address(in: owner), expected, desired)
    }

    /// Stores `value` and returns what the cell held.
    @inline(__always)
    static func exchange(in owner: AnyObject, with value: UnsafeMutableRawPointer?)
        -> UnsafeMutableRawPointer?
    {
        #if DC_INTERLEAVING
            InterleavingHooks.atomic()
        #endif
        return dc_atomic_pointer_exchange_acq_rel(address(in: owner), value)
    }
}
