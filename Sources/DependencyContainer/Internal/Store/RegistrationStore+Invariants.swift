extension RegistrationStore {
    /// Stops a debug build when the store breaks one of its rules, as swift-collections'
    /// `_checkInvariants()` does; release builds check nothing.
    func checkInvariants() {
        state.withLock { checkInvariants($0, touched: []) }
    }

    /// Checks `state` under the lock; a large store checks only what a change took out.
    func checkInvariants(_ state: State, touched removed: [Registration]) {
        #if DEBUG
            let violations = Self.invariantViolations(
                entries: state.entries, generation: state.generation,
                mirroredGeneration: generation.loadRelaxed(),
                published: state.published, removed: removed, checkingAll: state.entries.count <= 256)
            assert(
                violations.isEmpty, "RegistrationStore broke its rules: \(violations.joined(separator: "; "))"
            )
        #endif
    }

    /// The rules a store's state breaks, as sentences.
    static func invariantViolations(
        entries: [StoreKey: Registration], generation: UInt64, mirroredGeneration: UInt64,
        published: Snapshot?,
        removed: [Registration], checkingAll: Bool
    ) -> [String] {
        var violations: [String] = []
        if mirroredGeneration != generation {
            violations.append("the atomic generation \(mirroredGeneration) does not mirror \(generation)")
        }
        if let published {
            if published.generation != generation {
                violations.append(
                    "the published snapshot shows generation \(published.generation), not \(generation)")
            }
            if checkingAll,
                published.entries.count != entries.count
                    || entries.contains(where: { published.entries[$0.key] !== $0.value })
            {
                violations.append("the published snapshot differs from the entries")
            }
        }
        // Rule 3: what a change takes out leaves the store for good.
        for registration in removed where entries[StoreKey(registration.id)] === registration {
            violations.append("'\(registration.id)' was removed but is still an entry")
        }
        guard checkingAll else { return violations }
        for (key, registration) in entries {
            let id = key.id
            if registration.id != id {
                violations.append("the entry '\(id)' holds the registration of '\(registration.id)'")
            }
            if registration.isRetired {
                violations.append("the entry '\(id)' is retired")
            }
            for contribution in registration.contributions?.entries ?? []
            where contribution.registration.isRetired {
                violations.append("the contribution '\(contribution.registration.id)' of '\(id)' is retired")
            }
        }
        return violations
    }
}
