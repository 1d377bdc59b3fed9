/// A fixed set of locks shared by many small objects, each of which picks one by its address.
@usableFromInline
package enum LockStripes {
    @usableFromInline
    static let locks = (0..<16).map { _ in
        let lock = LockedValue<UInt8>(0)
        #if DC_INTERLEAVING
            // Which objects share a stripe changes from run to run: see `markOneStep`.
            InterleavingHooks.markOneStep(lock.mutex)
        #endif
        return lock
    }

    /// The lock that guards `object`'s state.
    @inlinable @inline(__always)
    package static func lock(for object: AnyObject) -> LockedValue<UInt8> {
        let hash = UInt(bitPattern: ObjectIdentifier(object).hashValue)
        return locks[Int(hash >> 4) % locks.count]
    }
}
