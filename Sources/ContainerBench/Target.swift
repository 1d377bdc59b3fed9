/// A goal for a case's ratio or size: at most or at least a limit.
struct Target: Sendable {
    enum Direction: Sendable {
        case atMost
        case atLeast
    }

    let direction: Direction
    let limit: Double
    /// What the limit applies to, as printed: "ratio" or "bytes".
    let quantity: String

    static func ratio(atMost limit: Double) -> Target {
        Target(direction: .atMost, limit: limit, quantity: "ratio")
    }

    static func ratio(atLeast limit: Double) -> Target {
        Target(direction: .atLeast, limit: limit, quantity: "ratio")
    }

    static func bytes(atMost limit: Double) -> Target {
        Target(direction: .atMost, limit: limit, quantity: "bytes")
    }

    func isMet(by value: Double) -> Bool {
        switch direction {
        case .atMost: value <= limit
        case .atLeast: value >= limit
        }
    }

    /// The target as a reader writes it, such as `ratio <= 1.5`.
    var description: String {
        let comparison = direction == .atMost ? "<=" : ">="
        let number = quantity == "bytes" ? String(Int(limit)) : String(limit)
        return "\(quantity) \(comparison) \(number)"
    }
}
