/// A reference that does not keep its object alive, for the read path's hot loops, where a
/// retain and a release per object read would write to memory every reader shares.
@usableFromInline
package struct Borrowed<Object: AnyObject> {
    @usableFromInline
    let reference: Unmanaged<Object>

    /// Borrows `object`, which something else keeps alive while the borrow is used.
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
    @inlinable @inline(__always)
    package func withObject<Result>(_ body: (Object) throws -> Result) rethrows -> Result {
        try reference._withUnsafeGuaranteedRef(body)
    }

    /// The object, as a reference of the caller's own.
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
@inlinable @inline(__always)
package func withBorrowed<Object: AnyObject, Result>(
    _ object: Object, _ body: (Object) throws -> Result
) rethrows -> Result {
    try Unmanaged.passUnretained(object)._withUnsafeGuaranteedRef(body)
}
