/// Loads by a string the lint can read (`load(for: "ToastInjectID")`, `load(for: toastInjectID)`,
/// `load(InjectID("ToastInjectID"))`) of an ID that no target declares or provides: a typo,
/// which a typed `.member` cannot make, since it would not compile.
extension InjectLint {
    mutating func checkUnknownLoads() {
        let known = Set(declarationsByID.keys).union(provisions.keys)
        for module in appModules {
            for use in module.facts.uses where use.kind == .load {
                switch use.reference {
                case .literal, .constant: break
                default: continue
                }
                guard let id = resolve(use.reference), !known.contains(id) else { continue }
                let nearest = InjectLint.nearMiss(of: id, among: known)
                diagnose(
                    .error, "unknown-id",
                    "\(module.name) loads '\(id)' (\(use.expression ?? use.reference.description)), which no target declares or provides: the load finds nothing\(nearest.map { "; did you mean '\($0)'?" } ?? "")",
                    at: [use.location])
            }
        }
    }

    /// The known ID closest to `id` by edit distance, if it is close: a third of its length at most.
    ///
    /// - Complexity: O(*k* · *n*²) for *k* known IDs of length *n*.
    static func nearMiss(of id: String, among known: Set<String>) -> String? {
        let limit = max(1, id.count / 3)
        var best: (String, Int)?
        for candidate in known.sorted() where abs(candidate.count - id.count) <= limit {
            let distance = editDistance(Array(id.lowercased()), Array(candidate.lowercased()))
            if distance <= limit, distance < (best?.1 ?? .max) { best = (candidate, distance) }
        }
        return best?.0
    }

    private static func editDistance(_ lhs: [Character], _ rhs: [Character]) -> Int {
        var previous = Array(0...rhs.count)
        for (row, left) in lhs.enumerated() {
            var current = [row + 1] + Array(repeating: 0, count: rhs.count)
            for (column, right) in rhs.enumerated() {
                current[column + 1] = min(
                    previous[column + 1] + 1, current[column] + 1, previous[column] + (left == right ? 0 : 1))
            }
            previous = current
        }
        return previous[rhs.count]
    }
}
