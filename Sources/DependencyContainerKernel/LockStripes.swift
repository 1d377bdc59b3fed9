/// A fixed set of locks shared by many small objects, each of which picks one by its address.
///
/// For objects that need a lock rarely and are numerous or short-lived: a lock of their own
/// would cost two allocations and a system-call-free but still measurable initialization each.
/// Each lock guards a byte rather than `Void`: ThreadSanitizer sees the `inout` access to a
/// zero-sized value at the lock object's own address, which other threads read unlocked to
/// find the object's type, and reports a race that does not exist. The state an object keeps
/// under its stripe's lock lives in the object itself.
@usableFromInline
package enum LockStripes {
    @usableFromInline
    static let locks = (0..<16).map { _ in
        let lock = LockedValue<UInt8>(0)
        #if DC_INTERLEAVING
            // Which objects share a stripe changes from run to run: see `markOneStep`.
            lock.interleaveAsOneStep()
        #endif
        return lock
    }

    /// The lock that guards `object`'s state.
    ///
    /// - Parameter object: The object whose state the lock guards.
    /// - Returns: The same lock for the same object, for as long as it lives.
    /// - Complexity: O(1).
    @inlinable @inline(__always)
    package static func lock(for object: AnyObject) -> LockedValue<UInt8> {
        let hash = UInt(bitPattern: ObjectIdentifier(object).hashValue)
        return locks[Int(hash >> 4) % locks.count]
    }
}
