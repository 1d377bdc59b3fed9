extension Container {
    /// The IDs this container registers itself, sorted; inherited registrations are not
    /// included.
    package var ownIDs: [String] {
        store.read { $0.keys.sorted() }
    }

    /// Moves every registration of `staging` into this container, all or nothing.
    ///
    /// A plugin registers into a scratch container first, so that a plugin that fails part
    /// way leaves the host's container as it was. The check for conflicts and the insertion
    /// happen under one lock acquisition, so no other registration can slip in between.
    ///
    /// - Parameters:
    ///   - staging: The scratch container. It is left unchanged.
    ///   - replacingExisting: Whether IDs this container already registers are replaced; if
    ///     not, any such ID makes the whole transfer fail.
    /// - Returns: The IDs that conflicted with existing registrations: on failure, the reason
    ///   nothing was moved; on success with `replacingExisting`, the IDs replaced.
    package func adoptRegistrations(of staging: Container, replacingExisting: Bool) -> (
        adopted: Bool, conflicts: [String]
    ) {
        // Fresh copies: each container releases its own registrations' services when freed.
        let incoming = staging.store.read { $0.mapValues(Registration.init(freshCopyOf:)) }
        let (adopted, conflicts, replaced) = store.modify { entries in
            let conflicts = incoming.keys.filter { entries[$0] != nil }.sorted()
            guard conflicts.isEmpty || replacingExisting else {
                return (false, conflicts, [Registration]())
            }
            let replaced = conflicts.compactMap { entries[$0] }
            entries.merge(incoming) { _, new in new }
            return (true, conflicts, replaced)
        }
        withExtendedLifetime(replaced) {}
        return (adopted, conflicts)
    }
}
