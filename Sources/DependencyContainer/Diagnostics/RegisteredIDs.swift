/// The registered IDs a ``ContainerError/notRegistered(id:requestedType:registeredIDs:)``
/// names: the first few, how many more there are, and a near miss of the requested ID.
public struct RegisteredIDs: Sendable, Equatable, ExpressibleByArrayLiteral, CustomStringConvertible {
    /// The first IDs in ascending order: at most ``listLimit`` of them.
    public let listed: [String]
    /// How many registered IDs ``listed`` leaves out.
    public let unlistedCount: Int
    /// A registered ID that differs from the requested one only in case or by an edit or two.
    public let nearMiss: String?

    /// How many IDs a message lists: enough to recognize a container, few enough to read.
    public static let listLimit = 5

    /// Creates a summary.
    public init(listed: [String], unlistedCount: Int = 0, nearMiss: String? = nil) {
        self.listed = listed
        self.unlistedCount = unlistedCount
        self.nearMiss = nearMiss
    }

    /// Lists exactly `elements`.
    public init(arrayLiteral elements: String...) { self.init(listed: elements) }

    /// How many IDs are registered.
    public var count: Int { listed.count + unlistedCount }

    /// Whether nothing is registered.
    public var isEmpty: Bool { count == 0 }

    /// The listed IDs quoted, then "and N more".
    public var description: String {
        let quoted = listed.map { "'\(IDValidation.abbreviated($0))'" }.joined(separator: ", ")
        return unlistedCount == 0 ? quoted : "\(quoted) and \(unlistedCount) more"
    }
}

extension RegisteredIDs {
    /// Builds a summary in one O(*n*) pass: a bounded sorted selection, and a near miss at
    /// O(*m*) per ID of similar length.
    struct Collector {
        private let requested: [UInt8]
        /// The edits a near miss may need; case differences are free.
        private let maximumDistance: Int
        private var smallest: [String] = []
        private var total = 0
        private var best: (id: String, distance: Int)?

        init(requested: String) {
            self.requested = Array(requested.utf8)
            // One edit per four bytes, at most two: "a" is no typo of "b".
            maximumDistance = min(2, self.requested.count / 4)
        }

        mutating func add(_ id: String) {
            total += 1
            if smallest.count < RegisteredIDs.listLimit || id < smallest[smallest.count - 1] {
                let index = smallest.firstIndex { id < $0 } ?? smallest.endIndex
                smallest.insert(id, at: index)
                if smallest.count > RegisteredIDs.listLimit { smallest.removeLast() }
            }
            // A near miss is within ``maximumDistance`` edits and is not the requested ID.
            let length = id.utf8.count
            guard abs(length - requested.count) <= maximumDistance, length <= 256,
                let distance = Self.boundedDistance(Array(id.utf8), requested, bound: maximumDistance),
                distance > 0 || !id.utf8.elementsEqual(requested),
                best.map({ distance < $0.distance || (distance == $0.distance && id < $0.id) }) ?? true
            else { return }
            best = (id, distance)
        }

        var summary: RegisteredIDs {
            RegisteredIDs(listed: smallest, unlistedCount: total - smallest.count, nearMiss: best?.id)
        }

        /// Levenshtein distance over bytes, ASCII letters compared without case, or `nil` once
        /// it must exceed `bound`: a row whose smallest entry is over the bound ends the work.
        static func boundedDistance(_ a: [UInt8], _ b: [UInt8], bound: Int) -> Int? {
            var previous = Array(0...b.count)
            for (i, x) in a.enumerated() {
                var row = [i + 1]
                for (j, y) in b.enumerated() {
                    row.append(
                        min(previous[j + 1] + 1, row[j] + 1, previous[j] + (folded(x) == folded(y) ? 0 : 1)))
                }
                if row.min() ?? 0 > bound { return nil }
                previous = row
            }
            return previous[b.count] <= bound ? previous[b.count] : nil
        }

        private static func folded(_ byte: UInt8) -> UInt8 {
            (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
        }
    }
}
