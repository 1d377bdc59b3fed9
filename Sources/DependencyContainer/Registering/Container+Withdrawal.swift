/// What an adoption does about the cached services made without the adopted registrations
/// (``AdoptionOutcome/dependents``).
package enum AdoptionDependents: Sendable {
    /// They are not looked for: a first load, which reports none.
    case ignored
    /// They are named in the outcome and left as they are.
    case named
    /// They are named and reset in the same change, so that their next load uses the adopted.
    case reset
}

/// What ``Container/adoptRegistrations(of:replacingExisting:declaring:owner:dependents:)`` did.
package struct AdoptionOutcome: Sendable {
    /// Whether the registrations moved.
    package let adopted: Bool
    /// The IDs that conflicted: on failure, why nothing moved; on success, what was replaced.
    package let conflicts: [String]
    /// What withdraws the adopted registrations; `nil` when nothing moved or nobody owns them.
    package let record: OwnedRegistrations?
    /// The IDs (or `Point[name]`) of the cached services made while nothing answered one of
    /// the adopted IDs, or with an adopted extension point's contributions as they were, sorted;
    /// empty when the adoption did not look for them.
    package var dependents: [String] = []
}

/// The registrations one owner put into a container, and what they replaced there: what
/// ``Container/withdrawRegistrations(_:resettingDependents:whenChanged:)`` takes out and
/// brings back.
///
/// `Sendable`: the registrations it keeps were never in a store, and are only copied.
package struct OwnedRegistrations: Sendable {
    /// Who owns them.
    package let owner: RegistrationOwner
    /// The IDs of the owner's registrations, sorted; extension points are in `contributions`.
    package internal(set) var ids: [String] = []
    /// The owner's contributions, by extension point and contribution name.
    var contributions: [(point: String, name: String)] = []
    /// Unused copies of the registrations the owner's replaced, by ID.
    var replaced: [String: Registration] = [:]
    /// Unused copies of the contributions the owner's replaced, by `Point[name]`.
    var replacedContributions: [String: ContributionSet.Entry] = [:]

    init(owner: RegistrationOwner) {
        self.owner = owner
    }
}

/// What a withdrawal changed, as one store change.
package struct WithdrawalOutcome: Sendable, Equatable {
    /// The owner's IDs taken out, sorted, with the ones that brought back what they had replaced.
    package var removedIDs: [String] = []
    /// The owner's contributions taken out, as `Point[name]`, sorted.
    package var removedContributions: [String] = []
    /// The IDs and contributions (`Point[name]`) whose replaced registrations came back, sorted.
    package var restored: [String] = []
    /// The owner's IDs and contributions that something else had replaced since: left as they are.
    package var leftInPlace: [String] = []
    /// The IDs (or `Point[name]`) of the cached services made with the owner's services, sorted.
    package var dependents: [String] = []
    /// Whether the dependents were reset, so that their next load makes them anew.
    package var resetDependents = false

    package init(resetDependents: Bool = false) {
        self.resetDependents = resetDependents
    }
}

extension Container {
    /// Takes every registration and contribution of `record`'s owner out of this container
    /// in one change, brings back what they replaced, and names, or resets, the cached
    /// services made with their services.
    ///
    /// A load sees all of the change or none of it. Everything taken out is retired as any
    /// write's is: dispose hooks run, latest-kept first, so that the dependents reset with it
    /// go before the owner's services they were made with, and observers hear of each ID.
    /// A registration the owner no longer holds (something replaced it since) stays.
    ///
    /// - Parameters:
    ///   - record: What the adoption recorded.
    ///   - resettingDependents: Whether the dependents are replaced by fresh copies, so that
    ///     their next load makes them without the owner.
    ///   - whenChanged: Called with the outcome under the store's lock, the moment the change
    ///     is made and before anything retired runs; it must not load or write.
    /// - Returns: What changed.
    /// - Complexity: O(*n*) in the registrations of this container, for the dependents.
    @discardableResult
    package func withdrawRegistrations(
        _ record: OwnedRegistrations, resettingDependents: Bool,
        whenChanged: (WithdrawalOutcome) -> Void = { _ in }
    ) -> WithdrawalOutcome {
        let owner = record.owner
        return store.modify { entries in
            var outcome = WithdrawalOutcome(resetDependents: resettingDependents)
            for id in record.ids {
                guard let current = entries[id], current.owner == owner else {
                    outcome.leftInPlace.append(id)
                    continue
                }
                outcome.removedIDs.append(id)
                if let replaced = record.replaced[id] {
                    entries.updateValue(Registration(freshCopyOf: replaced))
                    outcome.restored.append(id)
                } else {
                    entries.removeValue(forKey: id)
                }
            }
            for (point, names) in Dictionary(grouping: record.contributions, by: \.point) {
                withdrawContributions(
                    named: names.map(\.name), from: point, record: record, entries: &entries,
                    outcome: &outcome)
            }
            let dependents = Self.cachedServices(in: entries) { registration, notes in
                registration.owner != owner && notes.owners.contains(owner)
            }
            outcome.dependents = dependents.map(\.id).sorted()
            if resettingDependents {
                Self.reset(dependents, entries: &entries)
            }
            outcome.removedIDs.sort()
            outcome.removedContributions.sort()
            outcome.restored.sort()
            outcome.leftInPlace.sort()
            whenChanged(outcome)
            return outcome
        }
    }

    /// Takes the owner's contributions `names` out of `point`, bringing back the ones they replaced.
    private func withdrawContributions(
        named names: [String], from point: String, record: OwnedRegistrations, entries: inout StoreEntries,
        outcome: inout WithdrawalOutcome
    ) {
        guard let existing = entries[point], var set = existing.contributions else {
            outcome.leftInPlace += names.map { "\(point)[\($0)]" }
            return
        }
        var dropped: [Registration] = []
        for name in names {
            let id = "\(point)[\(name)]"
            guard set.entries.contains(where: { $0.name == name && $0.registration.owner == record.owner }),
                let (next, removed) = set.removing(named: name)
            else {
                outcome.leftInPlace.append(id)
                continue
            }
            set = next
            dropped.append(removed.registration)
            outcome.removedContributions.append(id)
            if let replaced = record.replacedContributions[id] {
                set =
                    set.adding(
                        ContributionSet.Entry(
                            name: replaced.name, priority: replaced.priority,
                            registration: Registration(freshCopyOf: replaced.registration))
                    ).set
                outcome.restored.append(id)
            }
        }
        guard !dropped.isEmpty else { return }
        entries.replacePoint(
            point, with: set.count == 0 ? nil : Registration(copying: existing, contributions: set),
            dropping: dropped)
    }
}
