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
    ///
    /// A plugin registers into a scratch container first, so that a plugin that fails part
    /// way leaves the host's container as it was. The check for conflicts and the insertion
    /// happen under one lock acquisition, so no other registration can slip in between.
    /// Contributions join the extension points this container already has; only a
    /// contribution of a name the point already has conflicts.
    ///
    /// - Parameters:
    ///   - staging: The scratch container. It is left unchanged.
    ///   - replacingExisting: Whether IDs this container already registers are replaced; if
    ///     not, any such ID makes the whole transfer fail.
    ///   - declarations: What the factories load, by ID, for registrations that declare nothing
    ///     (a plugin manifest's `dependencies`).
    /// - Returns: The IDs that conflicted with existing registrations: on failure, the reason
    ///   nothing was moved; on success with `replacingExisting`, the IDs replaced. A
    ///   contribution is named `Point[name]`.
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
    /// - Parameters:
    ///   - staging: The scratch container. It is left unchanged.
    ///   - replacingExisting: Whether IDs this container already registers are replaced.
    ///   - declarations: What the factories load, by ID, for registrations that declare nothing.
    ///   - owner: Who the adopted registrations belong to; `nil` for none.
    ///   - dependents: Whether the cached services made without the adopted registrations (a
    ///     miss of one of their IDs, or a load of one of their extension points, noted since
    ///     owned registrations exist) are looked for, and reset in the same change; only
    ///     for an owner's registrations.
    /// - Returns: Whether they moved, the conflicting IDs, the record that withdraws them,
    ///   and the dependents found.
    package func adoptRegistrations(
        of staging: Container, replacingExisting: Bool, declaring declarations: [String: [Dependency]],
        owner: RegistrationOwner?, dependents: AdoptionDependents = .ignored
    ) -> AdoptionOutcome {
        if owner != nil { CreationTraceReaders.add(.owners, for: self) }
        // Fresh copies: each container releases its own registrations' services when freed. One
        // that declares nothing takes what the plugin's manifest declares for it.
        let incoming = staging.store.read { entries in
            entries.mapValues { registration in
                guard registration.dependencies == nil, let declared = declarations[registration.id] else {
                    return Registration(copying: registration, owner: owner)
                }
                var settings = registration.settings
                settings.dependencies = declared
                return Registration(copying: registration, settings: settings, owner: owner)
            }
        }
        return store.modify { entries in
            var conflicts: [String] = []
            var merged: [String: Registration] = [:]
            // The points merged with an existing one, and the contributions each merge replaces.
            var mergedPoints: [String: (point: Registration, dropped: [Registration])] = [:]
            var record = OwnedRegistrations(owner: owner ?? RegistrationOwner())
            for (id, registration) in incoming {
                guard let existing = entries[id] else {
                    merged[id] = registration
                    // A new point leaves when its last contribution does, not with its owner.
                    if let added = registration.contributions {
                        record.contributions += added.entries.map { (point: id, name: $0.name) }
                    } else {
                        record.ids.append(id)
                    }
                    continue
                }
                guard let added = registration.contributions, let present = existing.contributions,
                    let point = Self.mergedPoint(existing, registration)
                else {
                    conflicts.append(id)
                    merged[id] = registration
                    record.ids.append(id)
                    // Kept unused, to come back when the owner's registrations go.
                    record.replaced[id] = Registration(freshCopyOf: existing)
                    continue
                }
                var set = point === existing ? present : present.retyped(added.elementType)
                var dropped: [Registration] = []
                for entry in added.entries {
                    let (next, replaced) = set.adding(entry)
                    record.contributions.append((point: id, name: entry.name))
                    if let replaced {
                        conflicts.append(entry.registration.id)
                        dropped.append(replaced.registration)
                        record.replacedContributions[entry.registration.id] = ContributionSet.Entry(
                            name: replaced.name, priority: replaced.priority,
                            registration: Registration(freshCopyOf: replaced.registration))
                    }
                    set = next
                }
                // Only the contributions the merge replaces go; the point keeps the others.
                mergedPoints[id] = (Registration(copying: point, contributions: set), dropped)
            }
            conflicts.sort()
            guard conflicts.isEmpty || replacingExisting else {
                return AdoptionOutcome(adopted: false, conflicts: conflicts, record: nil)
            }
            for registration in merged.values {
                entries.updateValue(registration)
            }
            for (id, merge) in mergedPoints {
                entries.replacePoint(id, with: merge.point, dropping: merge.dropped)
            }
            record.ids.sort()
            guard let owner else { return AdoptionOutcome(adopted: true, conflicts: conflicts, record: nil) }
            var outcome = AdoptionOutcome(adopted: true, conflicts: conflicts, record: record)
            guard dependents != .ignored else { return outcome }
            let provided = Set(record.ids + record.contributions.map(\.point))
            let found = Self.dependents(in: entries) { registration, notes in
                registration.owner != owner && notes.lookedUp(anyOf: provided)
            }
            outcome.dependents = found.map(\.id).sorted()
            if dependents == .reset {
                Self.reset(found, entries: &entries)
            }
            return outcome
        }
    }

    /// The registration whose element type the merge of the point `existing` with the
    /// adopted point `incoming` takes: `existing` when they have one type, the typed one
    /// when the other holds a plugin's placeholders only; `nil` when their types differ.
    private static func mergedPoint(_ existing: Registration, _ incoming: Registration) -> Registration? {
        if ObjectIdentifier(existing.serviceType) == ObjectIdentifier(incoming.serviceType)
            || incoming.isPlaceholderPoint
        {
            return existing
        }
        return existing.isPlaceholderPoint ? incoming : nil
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
            let dependents = Self.dependents(in: entries) { registration, notes in
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

extension Container {
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
                Self.reset(found, entries: &entries)
            }
            return found.map(\.id).sorted()
        }
    }
}
