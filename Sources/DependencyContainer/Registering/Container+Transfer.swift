extension Container {
    /// The IDs this container registers itself, sorted; inherited registrations are not
    /// included.
    package var ownIDs: [String] {
        store.read { $0.keys.sorted() }
    }

    /// The contributions this container makes itself, by extension point name: the
    /// contribution names, sorted.
    package var ownContributions: [String: [String]] {
        store.read { entries in
            entries.compactMapValues { $0.contributions?.entries.map(\.name).sorted() }
        }
    }

    /// Moves every registration and contribution of `staging` into this container, all or
    /// nothing.
    package func adoptRegistrations(
        of staging: Container, replacingExisting: Bool, declaring declarations: [String: [Dependency]] = [:]
    ) -> (adopted: Bool, conflicts: [String]) {
        let outcome = adoptRegistrations(
            of: staging, replacingExisting: replacingExisting, declaring: declarations, owner: nil)
        return (outcome.adopted, outcome.conflicts)
    }

    /// Moves every registration and contribution of `staging` into this container, all or
    /// nothing, owned by `owner`, so that ``withdrawRegistrations(_:resettingDependents:whenChanged:)``
    /// can take them out again as one change and bring back what they replaced.
    ///
    /// Each copy is admitted (``StoreEntries/admit(_:to:as:)``), those for contexts that do
    /// not answer now included, so this container follows their contexts.
    ///
    /// With `dependents`, the cached services made without the adopted registrations (a miss
    /// of one of their IDs, or a load of one of their points) are named, or reset in the
    /// same change; only for an owner's registrations.
    ///
    /// - Returns: Whether they moved, the conflicting IDs, the record that withdraws them,
    ///   and the dependents found.
    package func adoptRegistrations(
        of staging: Container, replacingExisting: Bool, declaring declarations: [String: [Dependency]],
        owner: RegistrationOwner?, dependents: AdoptionDependents = .ignored
    ) -> AdoptionOutcome {
        if owner != nil { CreationTraceReaders.add(.owners, for: self) }
        // Fresh copies: each container releases its own registrations' services. One that
        // declares nothing takes what the plugin's manifest declares for it.
        func copy(_ registration: Registration, contributions: ContributionSet?? = nil) -> Registration {
            guard registration.dependencies == nil, let declared = declarations[registration.id] else {
                return Registration(copying: registration, contributions: contributions, owner: owner)
            }
            var settings = registration.settings
            settings.dependencies = declared
            return Registration(
                copying: registration, contributions: contributions, settings: settings, owner: owner)
        }
        let (services, contributions) = staging.store.everything()
        let incoming = services.map { copy($0) }
        followContexts(of: incoming + contributions.values.flatMap { $0.entries.map(\.registration) })
        let templates = contributions.mapValues { point in
            copy(
                point.point,
                contributions: ContributionSet(
                    elementType: point.point.contributions!.elementType, entries: []))
        }
        return store.modify { entries in
            var conflicts: Set<String> = []
            var ids: Set<String> = []
            var record = OwnedRegistrations(owner: owner ?? RegistrationOwner())
            for registration in incoming where entries[registration.id] != nil {
                conflicts.insert(registration.id)
                record.replaced[registration.id] = Registration(freshCopyOf: entries[registration.id]!)
            }
            for (point, incomingPoint) in contributions {
                let pointEntries = incomingPoint.entries
                let existing = entries[point]
                if let existing, !existing.acceptsContributions(to: templates[point]!) {
                    // Replaced whole, as a registration: it comes back when the owner's go.
                    conflicts.insert(point)
                    ids.insert(point)
                    record.replaced[point] = Registration(freshCopyOf: existing)
                } else {
                    let present = Dictionary(
                        (existing?.contributions?.entries ?? []).map { ($0.name, $0) },
                        uniquingKeysWith: { a, _ in a })
                    for entry in pointEntries {
                        // A new point leaves when its last contribution does, not with its owner.
                        record.contributions.append((point: point, name: entry.name))
                        guard let replaced = present[entry.name] else { continue }
                        conflicts.insert(entry.registration.id)
                        record.replacedContributions[entry.registration.id] = replaced.with()
                    }
                }
            }
            guard conflicts.isEmpty || replacingExisting else {
                return AdoptionOutcome(adopted: false, conflicts: conflicts.sorted(), record: nil)
            }
            for registration in incoming {
                ids.insert(registration.id)
                _ = entries.admit(registration, as: .copy)
            }
            for point in ids where contributions[point] != nil {
                entries.removeValue(forKey: point)
            }
            for (point, incomingPoint) in contributions {
                let copies = incomingPoint.entries.map { $0.with(copy($0.registration)) }
                _ = entries.admit(templates[point]!, to: .contributions(copies), as: .copy)
            }
            record.ids = ids.sorted()
            guard let owner else {
                return AdoptionOutcome(adopted: true, conflicts: conflicts.sorted(), record: nil)
            }
            var outcome = AdoptionOutcome(adopted: true, conflicts: conflicts.sorted(), record: record)
            guard dependents != .ignored else { return outcome }
            let provided = Set(record.ids + record.contributions.map(\.point))
            let found = Self.dependents(in: entries) { registration, notes in
                registration.owner != owner && notes.lookedUp(anyOf: provided)
            }
            outcome.dependents = found.map(\.id).sorted()
            if dependents == .reset {
                entries.resetServices(of: found)
            }
            return outcome
        }
    }

    /// Takes every registration and contribution of `record`'s owner out of this container
    /// in one change, brings back what they replaced, and names, or resets, the cached
    /// services made with their services.
    ///
    /// A load sees all of the change or none of it. Everything taken out is retired as any
    /// write's is: dispose hooks run, latest-kept first, so that the dependents reset with it
    /// go before the owner's services they were made with, and observers hear of each ID.
    /// A registration the owner no longer holds (something replaced it since) stays.
    ///
    /// - Returns: What changed.
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
                    _ = entries.admit(Registration(freshCopyOf: replaced), as: .copy)
                    outcome.restored.append(id)
                }
            }
            for (point, names) in Dictionary(grouping: record.contributions, by: \.point) {
                withdrawContributions(
                    named: names.map(\.name), from: point, record: record, entries: &entries,
                    outcome: &outcome)
            }
            let dependents = Self.dependents(in: entries) { registration, notes in
                registration.owner != owner && notes.owners.contains(owner)
            }
            outcome.dependents = dependents.map(\.id).sorted()
            if resettingDependents {
                entries.resetServices(of: dependents)
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
        // The owner's contributions waiting for a context go too.
        var parkedGone: Set<String> = []
        if var table = entries.contexts, let parked = table.parkedContributions[point] {
            let isOwned = { (entry: ContributionSet.Entry) in
                names.contains(entry.name) && entry.registration.owner == record.owner
            }
            for entry in parked where isOwned(entry) {
                entries.appendRemoved(entry.registration)
                parkedGone.insert(entry.name)
            }
            table.parkedContributions[point] = parked.filter { !isOwned($0) }
            entries.contexts = table
        }
        // A name of the owner's that the point's set does not hold.
        func unmatched(_ name: String) {
            if parkedGone.contains(name) {
                outcome.removedContributions.append("\(point)[\(name)]")
            } else {
                outcome.leftInPlace.append("\(point)[\(name)]")
            }
        }
        guard let existing = entries[point], var set = existing.contributions else {
            Set(names).forEach(unmatched)
            return
        }
        var dropped: [Registration] = []
        var restored: [ContributionSet.Entry] = []
        for name in Set(names).sorted() {
            let id = "\(point)[\(name)]"
            guard set.entries.contains(where: { $0.name == name && $0.registration.owner == record.owner }),
                let (next, removed) = set.removing(named: name)
            else {
                unmatched(name)
                continue
            }
            set = next
            dropped.append(removed.registration)
            outcome.removedContributions.append(id)
            if let replaced = record.replacedContributions[id] {
                restored.append(replaced)
                outcome.restored.append(id)
            }
        }
        guard !dropped.isEmpty else { return }
        entries.setEntry(
            point, to: set.count == 0 ? nil : Registration(copying: existing, contributions: set),
            dropping: dropped)
        let fresh = restored.map { $0.with() }
        if !fresh.isEmpty { _ = entries.admit(existing, to: .contributions(fresh), as: .copy) }
    }

    /// Every container below this one still alive: its children, theirs, and so on, each
    /// before its own children.
    package var descendants: [Container] {
        var found: [Container] = []
        var pending = children.live
        while !pending.isEmpty {
            let next = pending.removeFirst()
            found.append(next)
            pending += next.children.live
        }
        return found
    }

    /// The cached services of this container's own registrations that were made with one of
    /// `owner`'s services (or, with `lookingUp`, while one of those IDs or extension points
    /// had nothing, or its contributions as they were), sorted; reset in one change when
    /// `resetting` is set, so that their next load makes them anew.
    ///
    /// For a plugin's dependents in child containers, which its adoption and withdrawal, changes
    /// of the parent's store, do not see.
    package func cachedDependents(
        of owner: RegistrationOwner, lookingUp ids: Set<String>? = nil, resetting: Bool
    ) -> [String] {
        store.modify { entries in
            let found = Self.dependents(in: entries) { registration, notes in
                guard registration.owner != owner else { return false }
                guard let ids else { return notes.owners.contains(owner) }
                return notes.lookedUp(anyOf: ids)
            }
            if resetting {
                entries.resetServices(of: found)
            }
            return found.map(\.id).sorted()
        }
    }
}
