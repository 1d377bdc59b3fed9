/// A store's registrations for contexts that do not answer now, and the contexts it follows.
struct ContextTable {
    /// For each ID with a context registration (answering or not): the registrations that
    /// do not answer, at most one per context and one default.
    var parked: [String: [Registration]] = [:]
    /// The contributions that do not answer, for each extension point with a context's.
    var parkedContributions: [String: [ContributionSet.Entry]] = [:]
    /// The contexts this store's container follows instead of the process's, if set.
    var activeOverride: [RegistrationContext]?

    /// The contexts the store follows, highest precedence first.
    var active: [RegistrationContext] {
        activeOverride ?? ContextActivation.active
    }

    /// The registration that answers among `candidates`: that of the highest-precedence
    /// active context, else the default one, else none.
    static func answering(among candidates: [Registration], active: [RegistrationContext]) -> Registration? {
        // The default ranks 0, a context that does not answer -1; the first of the best wins.
        func rank(_ candidate: Registration) -> Int {
            candidate.context.map { context in active.firstIndex(of: context).map { active.count - $0 } ?? -1
            } ?? 0
        }
        return candidates.filter { rank($0) >= 0 }.max { rank($0) < rank($1) }
    }

    /// Whether the table holds nothing: a store then drops it (``StoreEntries/contexts``).
    var isEmpty: Bool {
        parked.isEmpty && parkedContributions.isEmpty && activeOverride == nil
    }
}

extension StoreEntries {
    /// Adds `registration` to an ID that has or gets context registrations: it replaces the
    /// registration of the same context, and the one that answers goes in the entries.
    mutating func updateContextual(_ registration: Registration) -> Registration? {
        var table = contexts ?? ContextTable()
        let id = registration.id
        var candidates = table.parked.removeValue(forKey: id) ?? []
        var previous = candidates.firstIndex { $0.context == registration.context }.map {
            candidates.remove(at: $0)
        }
        // Parked, so it holds no services; retired all the same, as everything a change takes out.
        if let previous { removed.append(previous) }
        let current = self[id]
        if let current, current.context == registration.context {
            previous = current
        } else if let current {
            candidates.append(current)
        }
        candidates.append(registration)
        table.parked[id] = settle(id, current: current, candidates: candidates, active: table.active)
        contexts = table
        return previous
    }

    /// Puts the registration that answers for the active contexts in the entries of every ID
    /// with context registrations, and the contribution that answers in every point with
    /// context contributions; each one that stops answering is retired with its services and
    /// parked as a fresh copy, and the cached services made with it are reset.
    @discardableResult
    mutating func reselectContexts() -> Set<String> {
        guard var table = contexts else { return [] }
        let active = table.active
        var switched: Set<String> = []
        for (id, parked) in table.parked {
            let current = self[id]
            let candidates = parked + (current.map { [$0] } ?? [])
            guard ContextTable.answering(among: candidates, active: active) !== current else { continue }
            table.parked[id] = settle(id, current: current, candidates: candidates, active: active)
            switched.insert(id)
        }
        for (point, parked) in table.parkedContributions {
            guard let registration = self[point], let set = registration.contributions else { continue }
            var rewrite = PointRewrite(set: set, parked: parked)
            // The names with a waiting contribution, or answered by a context's.
            let names = parked.map(\.name) + set.entries.filter { $0.registration.context != nil }.map(\.name)
            for name in Set(names) {
                rewrite.settle(name, active: active)
            }
            guard !rewrite.dropped.isEmpty || rewrite.set !== set else { continue }
            table.parkedContributions[point] = rewrite.parked
            setEntry(
                point, to: Registration(copying: registration, contributions: rewrite.set),
                dropping: rewrite.dropped)
            switched.insert(point)
        }
        contexts = table
        resetDependents(of: switched)
        return switched
    }

    /// Resets the cached services made with the registrations of `changed`, and those made
    /// with them, and so on: none keeps a service that a switch took out of its answer.
    mutating func resetDependents(of changed: Set<String>) {
        guard !changed.isEmpty else { return }
        // A service made before its container traced may have used any of them: it goes too.
        resetServices(of: Container.dependents(in: self) { !$1.isTraced || $1.used(anyOf: changed) })
    }

    /// Makes the candidate that answers the entry of `id`, retiring `current` if it stops
    /// answering (or was replaced, when it is not among the candidates).
    private mutating func settle(
        _ id: String, current: Registration?, candidates: [Registration], active: [RegistrationContext]
    ) -> [Registration] {
        let answering = ContextTable.answering(among: candidates, active: active)
        if answering !== current {
            setEntry(id, to: answering)
        }
        return candidates.filter { $0 !== answering }.map {
            $0 === current ? Registration(copying: $0) : $0
        }
    }
}

/// A point's contributions being rewritten for the active contexts: of each name, the set
/// holds the contribution that answers and the others wait, parked.
struct PointRewrite {
    var set: ContributionSet
    var parked: [ContributionSet.Entry]
    /// The registrations whose services go: replaced, or parked as fresh copies.
    var dropped: [Registration] = []

    /// Adds `entry`, replacing the contribution of its name and context, and settles its name.
    mutating func add(_ entry: ContributionSet.Entry, active: [RegistrationContext]) -> ContributionSet.Entry?
    {
        let context = entry.registration.context
        var replaced = parked.firstIndex { $0.name == entry.name && $0.registration.context == context }
            .map { parked.remove(at: $0) }
        if let current = set.entries.first(where: { $0.name == entry.name }),
            current.registration.context == context
        {
            replaced = current
            set = set.removing(named: entry.name)?.set ?? set
        }
        if let replaced { dropped.append(replaced.registration) }
        parked.append(entry)
        settle(entry.name, active: active)
        return replaced
    }

    /// Puts the contribution named `name` that answers for `active` into the set, and parks
    /// the others; one that answered before is parked as a fresh copy.
    mutating func settle(_ name: String, active: [RegistrationContext]) {
        let current = set.entries.first { $0.name == name }
        let waiting = parked.filter { $0.name == name }
        let candidates = waiting + (current.map { [$0] } ?? [])
        let answering = ContextTable.answering(among: candidates.map(\.registration), active: active)
        guard answering !== current?.registration else { return }
        parked.removeAll { $0.name == name && $0.registration !== current?.registration }
        if let current, let removal = set.removing(named: name) {
            set = removal.set
            dropped.append(current.registration)
            parked.append(current.with())
        }
        for candidate in waiting {
            if candidate.registration === answering {
                set = set.adding(candidate).set
            } else {
                parked.append(candidate)
            }
        }
    }
}
