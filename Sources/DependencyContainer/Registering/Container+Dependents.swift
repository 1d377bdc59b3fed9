extension Container {
    // MARK: The cached services a plugin's going or coming leaves behind

    /// The registrations in `entries`, contributions included, that keep a service whose
    /// factory met what `isDependent` looks for in its notes.
    ///
    /// - Parameters:
    ///   - entries: The store's entries, inside a change.
    ///   - isDependent: Whether a registration, given what its kept service's factory met,
    ///     is a dependent.
    /// - Returns: The dependents, in no particular order.
    /// - Complexity: O(*n*) in the registrations and contributions of the store.
    static func cachedServices(
        in entries: StoreEntries, where isDependent: (Registration, CreationNotes) -> Bool
    ) -> [Registration] {
        var found: [Registration] = []
        func visit(_ registration: Registration) {
            guard registration.isShared else { return }
            let notes = registration.keptServiceNotes
            if !notes.isEmpty, isDependent(registration, notes) {
                found.append(registration)
            }
        }
        for registration in entries.values {
            if let contributions = registration.contributions {
                for entry in contributions.entries { visit(entry.registration) }
            } else {
                visit(registration)
            }
        }
        return found
    }

    /// Replaces each of `dependents` by a fresh copy, as ``reset(scope:)`` does a scope's, so
    /// that its next load makes its service anew; the change retires the old services.
    ///
    /// - Complexity: O(*n*) in the registrations of the store.
    static func reset(_ dependents: [Registration], entries: inout StoreEntries) {
        guard !dependents.isEmpty else { return }
        let ids = Set(dependents.map { ObjectIdentifier($0) })
        for registration in Array(entries.values) {
            if ids.contains(ObjectIdentifier(registration)) {
                entries.replacePoint(
                    registration.id, with: Registration(freshCopyOf: registration), dropping: [])
            } else if let contributions = registration.contributions?.resetting(where: {
                ids.contains(ObjectIdentifier($0))
            }) {
                entries.replacePoint(
                    registration.id,
                    with: Registration(copying: registration, contributions: contributions.set),
                    dropping: contributions.replaced)
            }
        }
    }
}
