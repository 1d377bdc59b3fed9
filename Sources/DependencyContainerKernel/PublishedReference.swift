import DependencyContainerSystem

/// An object published once to threads that read it without a lock and without retaining it,
/// kept in a pointer-sized cell inline in the object that owns it: a registration's singleton.
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
    @inlinable @inline(__always)
    package static func claim<Owner: AnyObject>(in owner: Owner) {
        let claimed = exchange(in: owner, with: nil)
        precondition(
            claimed == marker, "a PublishedReference must be the first stored property of \(type(of: owner))")
    }

    /// Whether an object is published now: neither empty nor retired.
    @inlinable @inline(__always)
    package static func isPublished(in owner: AnyObject) -> Bool {
        let pointer = load(in: owner)
        return pointer != nil && pointer != retiredMarker
    }

    /// Whether the cell is retired: nothing is published in it, or ever will be.
    @inlinable @inline(__always)
    package static func isRetired(in owner: AnyObject) -> Bool {
        load(in: owner) == retiredMarker
    }

    /// Reads the published object in place, with `read`, without retaining it.
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
    @inlinable
    package static func retained<Object: AnyObject>(as type: Object.Type, in owner: AnyObject) -> Object? {
        let pointer = load(in: owner)
        guard let pointer, pointer != retiredMarker else { return nil }
        return Unmanaged<Object>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// Publishes `object` unless the cell is retired or holds an object already.
    @inlinable
    package static func publish<Object: AnyObject>(_ object: Object, in owner: AnyObject) -> Bool {
        let pointer = Unmanaged.passRetained(object).toOpaque()
        guard !compareExchange(in: owner, expected: nil, desired: pointer) else { return true }
        // Never published, so no reader reads it.
        Unmanaged<Object>.fromOpaque(pointer).release()
        return false
    }

    /// Retires the cell if nothing is published in it: no object is ever published after.
    @inlinable
    package static func retireIfEmpty(in owner: AnyObject) -> Bool {
        compareExchange(in: owner, expected: nil, desired: retiredMarker)
    }

    /// Retires the cell and hands back its reference of the published object.
    @inlinable
    package static func retire<Object: AnyObject>(as type: Object.Type, in owner: AnyObject) -> Object? {
        let pointer = exchange(in: owner, with: retiredMarker)
        guard let pointer, pointer != retiredMarker else { return nil }
        return Unmanaged<Object>.fromOpaque(pointer).takeRetainedValue()
    }

    /// The cell's address in `owner`, at an atomic access: a scheduling point of the
    /// interleaving checker.
    @inlinable @inline(__always)
    static func address(in owner: AnyObject) -> UnsafeMutablePointer<UnsafeMutableRawPointer?> {
        #if DC_INTERLEAVING
            InterleavingHooks.atomic()
        #endif
        return _getUnsafePointerToStoredProperties(owner).assumingMemoryBound(
            to: UnsafeMutableRawPointer?.self)
    }

    /// Reads the pointer; later reads and writes of this thread are not moved before it.
    @inlinable @inline(__always)
    static func load(in owner: AnyObject) -> UnsafeMutableRawPointer? {
        dc_atomic_pointer_load_acquire(address(in: owner))
    }

    /// Stores `desired` if the cell holds `expected`; returns whether it stored.
    @inlinable @inline(__always)
    static func compareExchange(
        in owner: AnyObject, expected: UnsafeMutableRawPointer?, desired: UnsafeMutableRawPointer?
    ) -> Bool {
        dc_atomic_pointer_compare_exchange_acq_rel(address(in: owner), expected, desired)
    }

    /// Stores `value` and returns what the cell held.
    @inlinable @inline(__always)
    static func exchange(in owner: AnyObject, with value: UnsafeMutableRawPointer?)
        -> UnsafeMutableRawPointer?
    {
        dc_atomic_pointer_exchange_acq_rel(address(in: owner), value)
    }
}

/// Tells the interleaving checker when published objects are made and freed, so that an
/// unretained read of a freed one is reported; in other builds it does nothing.
@usableFromInline
package enum BoxLifetimeTracking {
    /// An object that may be published was made; called at the end of its initializer.
    @inlinable @inline(__always)
    package static func made(_ box: AnyObject) {
        #if DC_INTERLEAVING
            InterleavingHooks.boxMade(Unmanaged.passUnretained(box).toOpaque())
        #endif
    }

    /// An object that may have been published is being freed; called from its `deinit`.
    @inlinable @inline(__always)
    package static func freed(_ box: AnyObject) {
        #if DC_INTERLEAVING
            InterleavingHooks.boxFreed(Unmanaged.passUnretained(box).toOpaque())
        #endif
    }

    /// Checks a rule of publishing: the checker reports a broken one with the schedule that
    /// led to it and explores on; other builds assert.
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
