/// A reference that does not keep its object alive, for the read path's hot loops, where a
/// retain and a release per object read would write to memory every reader shares.
///
/// It lends its object only inside a closure (``withObject(_:)``), as a reference the
/// optimizer treats as guaranteed for the closure's run, or as a reference of the caller's own
/// (``retained``); it never hands out a pointer. Whoever makes one (``init(_:)``) promises
/// that something else keeps the object alive for as long as the borrow is used: a thread's
/// cached snapshot, a container's parent, a factory run's caller.
///
/// `Borrowed` is trivial: copying it touches no reference count, and it can sit in memory
/// that is read without exclusivity checks.
@usableFromInline
package struct Borrowed<Object: AnyObject> {
    @usableFromInline
    let reference: Unmanaged<Object>

    /// Borrows `object`, which something else keeps alive while the borrow is used.
    ///
    /// - Parameter object: The object.
    @inlinable @inline(__always)
    package init(_ object: Object) {
        reference = Unmanaged.passUnretained(object)
    }

    @inlinable @inline(__always)
    init(_ reference: Unmanaged<Object>) {
        self.reference = reference
    }

    /// Runs `body` on the object, without retaining it: the object must outlive the run,
    /// and `body` must not let it escape.
    ///
    /// - Parameter body: Reads what the caller needs from the object.
    /// - Returns: What `body` returns.
    @inlinable @inline(__always)
    package func withObject<Result>(_ body: (Object) throws -> Result) rethrows -> Result {
        try reference._withUnsafeGuaranteedRef(body)
    }

    /// The object, as a reference of the caller's own.
    ///
    /// For code that may outlive the borrow's guarantee (a factory, say); the object must be
    /// alive when this is read.
    @inlinable @inline(__always)
    package var retained: Object {
        reference.takeUnretainedValue()
    }

    /// Whether two borrows are of one object.
    @inlinable @inline(__always)
    package static func === (lhs: Self, rhs: Self) -> Bool {
        lhs.reference.toOpaque() == rhs.reference.toOpaque()
    }

    /// The object's address, as a number: for a key that must cost no hashing.
    @inlinable @inline(__always)
    package var address: UInt {
        UInt(bitPattern: reference.toOpaque())
    }
}

/// Runs `body` on `object` as a guaranteed reference: for a reference the caller reads from
/// memory that keeps it alive (a constant of an object the caller holds), which the optimizer
/// would otherwise retain and release around the run.
///
/// - Parameters:
///   - object: The object; it must outlive the run.
///   - body: Uses the object; it must not let it escape.
/// - Returns: What `body` returns.
@inlinable @inline(__always)
package func withBorrowed<Object: AnyObject, Result>(
    _ object: Object, _ body: (Object) throws -> Result
) rethrows -> Result {
    try Unmanaged.passUnretained(object)._withUnsafeGuaranteedRef(body)
}
