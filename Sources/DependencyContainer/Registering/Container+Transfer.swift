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
        // Fresh copies: each container releases its own registrations' services when freed. One
        // that declares nothing takes what the plugin's manifest declares for it.
        let incoming = staging.store.read { entries in
            entries.mapValues { registration in
                guard registration.dependencies == nil, let declared = declarations[registration.id] else {
                    return Registration(freshCopyOf: registration)
                }
                return Registration(freshCopyOf: registration, declaring: declared)
            }
        }
        let (adopted, conflicts) = store.modify { entries in
            var conflicts: [String] = []
            var merged: [String: Registration] = [:]
            // The points merged with an existing one, and the contributions each merge replaces.
            var mergedPoints: [String: (point: Registration, dropped: [Registration])] = [:]
            for (id, registration) in incoming {
                guard let existing = entries[id] else {
                    merged[id] = registration
                    continue
                }
                guard let added = registration.contributions, let present = existing.contributions,
                    ObjectIdentifier(existing.serviceType) == ObjectIdentifier(registration.serviceType)
                else {
                    conflicts.append(id)
                    merged[id] = registration
                    continue
                }
                var set = present
                var dropped: [Registration] = []
                for entry in added.entries {
                    let (next, replaced) = set.adding(entry)
                    if let replaced {
                        conflicts.append(entry.registration.id)
                        dropped.append(replaced.registration)
                    }
                    set = next
                }
                // Only the contributions the merge replaces go; the point keeps the others.
                mergedPoints[id] = (Registration(copying: existing, contributions: set), dropped)
            }
            conflicts.sort()
            guard conflicts.isEmpty || replacingExisting else {
                return (false, conflicts)
            }
            for registration in merged.values {
                entries.updateValue(registration)
            }
            for (id, merge) in mergedPoints {
                entries.replacePoint(id, with: merge.point, dropping: merge.dropped)
            }
            return (true, conflicts)
        }
        return (adopted, conflicts)
    }
}
