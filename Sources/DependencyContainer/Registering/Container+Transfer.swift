extension Container {
    /// The IDs this container registers itself (not inherited ones), sorted.
    package var ownIDs: [String] {
        store.read { $0.keys.sorted() }
    }

    /// The names of the contributions this container makes itself, sorted, by point.
    package var ownContributions: [String: [String]] {
        store.read { entries in
            entries.compactMapValues { $0.contributions?.entries.map(\.name).sorted() }
        }
    }

    /// Moves every registration and contribution of `staging` into this container, all or
    /// nothing, owned by `owner`, so that ``withdrawRegistrations(_:resettingDependents:whenChanged:)``
    /// can take them out again as one change and bring back what they replaced.
    ///
    /// With `dependents`, the cached services made without the owner's registrations (a miss
    /// of one of their IDs, or a load of one of their points) are named, or reset in the change.
    package func adoptRegistrations(
        of staging: Container, replacingExisting: Bool, declaring declarations: [String: [Dependency]] = [:],
        owner: RegistrationOwner? = nil, dependents: AdoptionDependents = .ignored
    ) -> AdoptionOutcome {
        if owner != nil { CreationTraceReaders.add(.owners, for: self) }
        // Fresh copies: each container releases its own registrations' services. One that
        // declares nothing takes what the plugin's manifest declares for it.
        func copy(_ registration: Registration, contributions: ContributionSet?? = nil) -> Registration {
            var settings: RegistrationSettings?
            if registration.dependencies == nil, let declared = declarations[registration.id] {
                settings = registration.settings
                settings?.dependencies = declared
            }
            return Registration(
                copying: registration, contributions: contributions, settings: settings, owner: owner)
        }
        let (services, contributions) = staging.store.everything()
        let incoming = services.map { copy($0) }
        followContexts(of: incoming + contributions.values.flatMap { $0.entries.map(\.registration) })
        return store.modify { entries in
            var conflicts: Set<String> = []
            var record = OwnedRegistrations(owner: owner ?? RegistrationOwner())
            // The writes wait for the verdict on the conflicts: all or nothing.
            var writes: [(inout StoreEntries) -> Void] = []
            for registration in incoming {
                if let existing = entries[registration.id] {
                    conflicts.insert(registration.id)
                    record.replaced[registration.id] = Registration(copying: existing)
                }
                record.ids.append(registration.id)
                writes.append { _ = $0.admit(registration, as: .copy) }
            }
            for (point, incomingPoint) in contributions {
                let template = copy(
                    incomingPoint.point,
                    contributions: ContributionSet(
                        elementType: incomingPoint.point.contributions!.elementType, entries: []))
                let existing = entries[point]
                if let existing, !existing.acceptsContributions(to: template) {
                    // Replaced whole, as a registration: it comes back when the owner's go.
                    conflicts.insert(point)
                    record.replaced[point] = Registration(copying: existing)
                    record.ids.append(point)
                    writes.append { $0.removeValue(forKey: point) }
                } else {
                    let present = Dictionary(
                        (existing?.contributions?.entries ?? []).map { ($0.name, $0) },
                        uniquingKeysWith: { a, _ in a })
                    for entry in incomingPoint.entries {
                        // A new point leaves when its last contribution does, not with its owner.
                        record.contributions.append((point: point, name: entry.name))
                        guard let replaced = present[entry.name] else { continue }
                        conflicts.insert(entry.registration.id)
                        record.replacedContributions[entry.registration.id] = replaced.with()
                    }
                }
                let copies = incomingPoint.entries.map { $0.with(copy($0.registration)) }
                writes.append { _ = $0.admit(template, to: .contributions(copies), as: .copy) }
            }
            guard conflicts.isEmpty || replacingExisting else {
                return AdoptionOutcome(adopted: false, conflicts: conflicts.sorted(), record: nil)
            }
            for write in writes { write(&entries) }
            record.ids.sort()
            var outcome = AdoptionOutcome(
                adopted: true, conflicts: conflicts.sorted(), record: owner == nil ? nil : record)
            guard let owner, dependents != .ignored else { return outcome }
            let provided = Set(record.ids + record.contributions.map(\.point))
            outcome.dependents = Self.dependentIDs(in: &entries, resetting: dependents == .reset) {
                $0.owner != owner && $1.lookedUp(anyOf: provided)
            }
            return outcome
        }
    }

    /// Takes every registration and contribution of `record`'s owner out of this container
    /// in one change, brings back what they replaced, and names, or resets, their dependents.
    ///
    /// Dispose hooks run latest-kept first, so reset dependents go before the services they
    /// were made with. A registration the owner no longer holds (replaced since) stays.
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
                entries.removeValue(forKey: id)
                if let replaced = record.replaced[id] {
                    _ = entries.admit(Registration(copying: replaced), as: .copy)
                    outcome.restored.append(id)
                }
            }
            for (point, owned) in Dictionary(grouping: record.contributions, by: \.point) {
                let names = Set(owned.map(\.name))
                let isOwned = { (entry: ContributionSet.Entry) in
                    names.contains(entry.name) && entry.registration.owner == owner
                }
                // The owner's contributions waiting for a context go too.
                var gone: Set<String> = []
                if var table = entries.contexts, let parked = table.parkedContributions[point] {
                    for entry in parked where isOwned(entry) {
                        entries.removed.append(entry.registration)
                        gone.insert(entry.name)
                    }
                    table.parkedContributions[point] = parked.filter { !isOwned($0) }
                    entries.contexts = table
                }
                let existing = entries[point]
                var set = existing?.contributions
                var dropped: [Registration] = []
                var restored: [ContributionSet.Entry] = []
                for name in names.sorted() {
                    let id = "\(point)[\(name)]"
                    if let (next, removed) = set?.removing(named: name), isOwned(removed) {
                        set = next
                        dropped.append(removed.registration)
                        gone.insert(name)
                        if let replaced = record.replacedContributions[id] {
                            restored.append(replaced)
                            outcome.restored.append(id)
                        }
                    }
                    if gone.contains(name) {
                        outcome.removedContributions.append(id)
                    } else {
                        outcome.leftInPlace.append(id)
                    }
                }
                guard let existing, let set, !dropped.isEmpty else { continue }
                entries.setEntry(
                    point, to: set.count == 0 ? nil : Registration(copying: existing, contributions: set),
                    dropping: dropped)
                if !restored.isEmpty {
                    _ = entries.admit(existing, to: .contributions(restored.map { $0.with() }), as: .copy)
                }
            }
            outcome.dependents = Self.dependentIDs(in: &entries, resetting: resettingDependents) {
                $0.owner != owner && $1.owners.contains(owner)
            }
            // The IDs are sorted already, as the record's are.
            outcome.removedContributions.sort()
            outcome.restored.sort()
            outcome.leftInPlace.sort()
            whenChanged(outcome)
            return outcome
        }
    }

    /// Every container below this one still alive, each before its own children.
    package var descendants: [Container] {
        children.live.flatMap { [$0] + $0.descendants }
    }

    /// The IDs of this container's cached services made with one of `owner`'s services (or,
    /// with `lookingUp`, after a load of one of those IDs or points), sorted, and reset when
    /// `resetting`: for a plugin's dependents in child containers, which its adoption does not see.
    package func cachedDependents(
        of owner: RegistrationOwner, lookingUp ids: Set<String>? = nil, resetting: Bool
    ) -> [String] {
        store.modify { entries in
            Self.dependentIDs(in: &entries, resetting: resetting) { registration, notes in
                registration.owner != owner
                    && (ids.map(notes.lookedUp(anyOf:)) ?? notes.owners.contains(owner))
            }
        }
    }

    /// The sorted IDs of ``dependents(in:where:)``, reset in the same change when `resetting`.
    private static func dependentIDs(
        in entries: inout StoreEntries, resetting: Bool,
        where isDependent: (Registration, CreationNotes) -> Bool
    ) -> [String] {
        let found = dependents(in: entries, where: isDependent)
        if resetting { entries.resetServices(of: found) }
        return found.map(\.id).sorted()
    }
}
