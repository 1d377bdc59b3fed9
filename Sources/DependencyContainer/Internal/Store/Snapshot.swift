import DependencyContainerKernel

/// An immutable view of a container's registrations, shared by every thread that reads it.
final class Snapshot: Sendable {
    /// The registrations by ID: the store's own dictionary, shared rather than copied.
    let entries: [StoreKey: Registration]
    /// The store generation this snapshot shows.
    let generation: UInt64

    init(entries: [StoreKey: Registration], generation: UInt64) {
        self.entries = entries
        self.generation = generation
    }

    /// The registration of `name`, unretained: a load that retained it would write to
    /// memory every other reader reads.
    @inline(__always)
    func registration(named name: String) -> Borrowed<Registration>? {
        entries[StoreKey(name)].map { Borrowed($0) }
    }
}

/// A registration's ID as the key of a store's dictionary, hashed once: the dictionary then
/// neither hashes IDs again when it grows nor compares the strings of IDs that share a bucket.
struct StoreKey: Hashable, ExpressibleByStringLiteral {
    let id: String
    private let hash: Int

    @inline(__always)
    init(_ id: String) {
        self.id = id
        hash = id.hashValue
    }

    init(stringLiteral id: String) {
        self.init(id)
    }

    @inline(__always)
    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.hash == rhs.hash && lhs.id == rhs.id
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(hash)
    }

    /// The hash mixed with the dictionary's seed, without a `Hasher`: the dictionary's buckets
    /// depend on every bit of both.
    @inline(__always)
    func _rawHashValue(seed: Int) -> Int {
        let mixed = UInt64(UInt(bitPattern: hash ^ seed)) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: mixed ^ (mixed >> 32))
    }
}
