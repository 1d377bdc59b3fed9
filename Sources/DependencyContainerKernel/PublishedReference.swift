import DependencyContainerSystem

/// An object published once to threads that read it without a lock and without retaining it,
/// kept in a pointer-sized cell inline in the object that owns it: a registration's singleton.
///
/// The cell goes from empty to published (``publish(_:in:)``, release order) and from either
/// to retired (``retire(as:in:)``, ``retireIfEmpty(in:)``), never back: a reader that loads it
/// (acquire order) sees the published object's initialized state. It holds one reference of
/// the object, which ``retire(as:in:)`` hands back to the caller, who must keep it until no read
/// section that may be reading the object is in progress (``InstanceReclaimer``).
///
/// A separate atomic object per owner would cost memory that matters. The owner declares
/// `var cell = PublishedReference.unclaimed` as its first stored property and calls
/// ``claim(in:)`` at the end of its initializer, which fails at once, rather than corrupting
/// memory, if the cell is not where the atomic operations will look for it.
///
/// Every function takes the class of the published object (`as:`): the cell stores a pointer
/// with no type. A caller must name the class the object was published as, or one it knows the
/// object to be an instance of (the exact class, which spares a load the dynamic cast).
@usableFromInline
package struct PublishedReference {
    /// Accessed only through C atomics once its owner is initialized.
    @usableFromInline
    var pointer: UnsafeMutableRawPointer?

    /// A cell holding a marker that ``claim(in:)`` looks for and replaces with `nil`.
    package static var unclaimed: PublishedReference {
        PublishedReference(pointer: marker)
    }

    /// A bit pattern no allocation has; computed, because a pointer constant is not `Sendable`.
    @inlinable
    static var marker: UnsafeMutableRawPointer? { UnsafeMutableRawPointer(bitPattern: 0x5EED_CE11) }

    /// What the cell holds once retired: no object is ever published after it.
    @inlinable
    static var retiredMarker: UnsafeMutableRawPointer? { UnsafeMutableRawPointer(bitPattern: 0x1) }

    /// Checks that `owner`'s first stored property is an unclaimed cell, and empties it.
    ///
    /// - Parameter owner: The object, fully initialized, that declares the cell first.
    @inlinable @inline(__always)
    package static func claim<Owner: AnyObject>(in owner: Owner) {
        let claimed = exchange(in: owner, with: nil)
        precondition(
            claimed == marker, "a PublishedReference must be the first stored property of \(type(of: owner))")
    }

    // MARK: Reading

    /// Whether an object is published now: neither empty nor retired.
    ///
    /// - Parameter owner: The object whose first stored property the cell is.
    /// - Returns: Whether the cell holds an object.
    @inlinable @inline(__always)
    package static func isPublished(in owner: AnyObject) -> Bool {
        let pointer = load(in: owner)
        return pointer != nil && pointer != retiredMarker
    }

    /// Whether the cell is retired: nothing is published in it, or ever will be.
    ///
    /// - Parameter owner: The object whose first stored property the cell is.
    /// - Returns: Whether the cell is retired.
    @inlinable @inline(__always)
    package static func isRetired(in owner: AnyObject) -> Bool {
        load(in: owner) == retiredMarker
    }

    /// Reads the published object in place, with `read`, without retaining it.
    ///
    /// Only inside a read section (``ReaderRecord/announce(_:)`` … ``ReaderRecord/clear()``) that
    /// began before the cell could be retired: whoever retires it keeps the object alive until
    /// every such section has ended. `read` must not let the object escape.
    ///
    /// - Parameters:
    ///   - type: The class the object is an instance of (see the type's notes).
    ///   - owner: The object whose first stored property the cell is.
    ///   - read: Reads what the caller needs out of the object.
    /// - Returns: What `read` returns, or `nil` when nothing is published; in the interleaving
    ///   checker's build also `nil` if the object was freed, which the checker reports.
    @inlinable @inline(__always)
    package static func readUnretained<Object: AnyObject, Value>(
        as type: Object.Type, in owner: AnyObject, _ read: (Object) -> Value
    ) -> Value? {
        let pointer = load(in: owner)
        guard let pointer, pointer != retiredMarker else { return nil }
        #if DC_INTERLEAVING
            guard InterleavingHooks.mayRead(box: pointer) else { return nil }
        #endif
        return Unmanaged<Object>.fromOpaque(pointer)._withUnsafeGuaranteedRef(read)
    }

    /// The published object, retained.
    ///
    /// Only while the caller holds what keeps the cell from being retired meanwhile (the lock
    /// that retiring takes), or inside a read section as ``readUnretained(as:in:_:)`` is.
    ///
    /// - Parameters:
    ///   - type: The class the object is an instance of.
    ///   - owner: The object whose first stored property the cell is.
    /// - Returns: The object, or `nil` when nothing is published.
    @inlinable
    package static func retained<Object: AnyObject>(as type: Object.Type, in owner: AnyObject) -> Object? {
        let pointer = load(in: owner)
        guard let pointer, pointer != retiredMarker else { return nil }
        return Unmanaged<Object>.fromOpaque(pointer).takeUnretainedValue()
    }

    // MARK: Writing

    /// Publishes `object` unless the cell is retired or holds an object already.
    ///
    /// - Parameters:
    ///   - object: The object; the cell keeps a reference of its own.
    ///   - owner: The object whose first stored property the cell is.
    /// - Returns: Whether it was published; if not, the cell keeps no reference.
    @inlinable
    package static func publish<Object: AnyObject>(_ object: Object, in owner: AnyObject) -> Bool {
        let pointer = Unmanaged.passRetained(object).toOpaque()
        guard !compareExchange(in: owner, expected: nil, desired: pointer) else { return true }
        // Never published, so no reader reads it.
        Unmanaged<Object>.fromOpaque(pointer).release()
        return false
    }

    /// Retires the cell if nothing is published in it: no object is ever published after.
    ///
    /// Needs no lock: no reader can be reading an object that was never published.
    ///
    /// - Parameter owner: The object whose first stored property the cell is.
    /// - Returns: Whether the cell was empty and is now retired.
    @inlinable
    package static func retireIfEmpty(in owner: AnyObject) -> Bool {
        compareExchange(in: owner, expected: nil, desired: retiredMarker)
    }

    /// Retires the cell and hands back its reference of the published object.
    ///
    /// Readers may be reading the object still: the caller must keep the returned reference
    /// until no read section that began before is in progress (``InstanceReclaimer``).
    ///
    /// - Parameters:
    ///   - type: The class the object was published as.
    ///   - owner: The object whose first stored property the cell is.
    /// - Returns: The object that was published, or `nil` when none was or the cell was retired.
    @inlinable
    package static func retire<Object: AnyObject>(as type: Object.Type, in owner: AnyObject) -> Object? {
        let pointer = exchange(in: owner, with: retiredMarker)
        guard let pointer, pointer != retiredMarker else { return nil }
        return Unmanaged<Object>.fromOpaque(pointer).takeRetainedValue()
    }

    // MARK: Atomics

    /// The cell's address in `owner`.
    @inlinable @inline(__always)
    static func address(in owner: AnyObject) -> UnsafeMutablePointer<UnsafeMutableRawPointer?> {
        _getUnsafePointerToStoredProperties(owner).assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
    }

    /// Reads the pointer; later reads and writes of this thread are not moved before it.
    @inlinable @inline(__always)
    static func load(in owner: AnyObject) -> UnsafeMutableRawPointer? {
        #if DC_INTERLEAVING
            InterleavingHooks.atomic()
        #endif
        return dc_atomic_pointer_load_acquire(address(in: owner))
    }

    /// Stores `desired` if the cell holds `expected`; returns whether it stored.
    @inlinable @inline(__always)
    static func compareExchange(
        in owner: AnyObject, expected: UnsafeMutableRawPointer?, desired: UnsafeMutableRawPointer?
    ) -> Bool {
        #if DC_INTERLEAVING
            InterleavingHooks.atomic()
        #endif
        return dc_atomic_pointer_compare_exchange_acq_rel(address(in: owner), expected, desired)
    }

    /// Stores `value` and returns what the cell held.
    @inlinable @inline(__always)
    static func exchange(in owner: AnyObject, with value: UnsafeMutableRawPointer?)
        -> UnsafeMutableRawPointer?
    {
        #if DC_INTERLEAVING
            InterleavingHooks.atomic()
        #endif
        return dc_atomic_pointer_exchange_acq_rel(address(in: owner), value)
    }
}

/// Tells the interleaving checker when published objects are made and freed, so that an
/// unretained read of a freed one is reported; in other builds it does nothing.
@usableFromInline
package enum BoxLifetimeTracking {
    /// An object that may be published was made; called at the end of its initializer.
    ///
    /// - Parameter box: The object.
    @inlinable @inline(__always)
    package static func made(_ box: AnyObject) {
        #if DC_INTERLEAVING
            InterleavingHooks.boxMade(Unmanaged.passUnretained(box).toOpaque())
        #endif
    }

    /// An object that may have been published is being freed; called from its `deinit`.
    ///
    /// - Parameter box: The object.
    @inlinable @inline(__always)
    package static func freed(_ box: AnyObject) {
        #if DC_INTERLEAVING
            InterleavingHooks.boxFreed(Unmanaged.passUnretained(box).toOpaque())
        #endif
    }

    /// Checks a rule of publishing: the checker reports a broken one with the schedule that
    /// led to it and explores on; other builds assert.
    ///
    /// - Parameters:
    ///   - condition: The rule; evaluated only in debug builds and the checker's.
    ///   - message: What went wrong.
    ///   - file: The caller's file, for the assertion's report.
    ///   - line: The caller's line.
    @inlinable @inline(__always)
    package static func expect(
        _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
        file: StaticString = #fileID, line: UInt = #line
    ) {
        #if DC_INTERLEAVING
            interleavingCheck(condition(), message())
        #else
            assert(condition(), message(), file: file, line: line)
        #endif
    }
}
