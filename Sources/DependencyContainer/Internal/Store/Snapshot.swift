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
}

/// A registration's ID as the key of a store's dictionary, hashed once: the dictionary then
/// neither hashes IDs again when it grows nor compares the strings of IDs that share a bucket.
struct StoreKey: Hashable {
    let id: String
    private let hash: Int

    @inline(__always)
    init(_ id: String) {
        self.id = id
        hash = Self.hash(of: id)
    }

    /// FNV-1a over an ASCII ID's bytes, which costs a load and a registration far less than
    /// `String`'s hash; any other ID takes ``nonASCIIHash(of:)``.
    @inline(__always)
    private static func hash(of id: String) -> Int {
        (id.utf8.withContiguousStorageIfAvailable(asciiHash) ?? asciiHash(id.utf8)) ?? nonASCIIHash(of: id)
    }

    /// FNV-1a over `bytes`, or `nil` if one is not ASCII.
    @inline(__always)
    private static func asciiHash(_ bytes: some Sequence<UInt8>) -> Int? {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        var all: UInt8 = 0
        for byte in bytes {
            all |= byte
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return all < 0x80 ? Int(truncatingIfNeeded: hash) : nil
    }

    /// Equal strings must hash equal: an ID canonically equivalent to an ASCII one (only
    /// U+037E, U+1FEF and U+212A decompose to an ASCII scalar) hashes as that one does.
    @inline(never)
    private static func nonASCIIHash(of id: String) -> Int {
        var ascii = String.UnicodeScalarView()
        for scalar in id.unicodeScalars {
            switch scalar.value {
            case 0x37E: ascii.append(";")
            case 0x1FEF: ascii.append("`")
            case 0x212A: ascii.append("K")
            case ..<0x80: ascii.append(scalar)
            default: return id.hashValue
            }
        }
        return hash(of: String(ascii))
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
