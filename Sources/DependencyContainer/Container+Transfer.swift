extension Container {
    /// The IDs this container registers itself, sorted; inherited registrations are not
    /// included.
    package var ownIDs: [String] {
        storage.withLock { $0.entries.keys.sorted() }
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
        let incoming = staging.storage.withLock { $0.entries }
        let (adopted, conflicts, unpublished) = storage.withLock { storage in
            let conflicts = incoming.keys.filter { storage.entries[$0] != nil }.sorted()
            guard conflicts.isEmpty || replacingExisting else {
                return (false, conflicts, Snapshot?.none)
            }
            storage.entries.merge(incoming) { _, new in new }
            return (true, conflicts, storage.didChange(generation))
        }
        withExtendedLifetime(unpublished) {}
        return (adopted, conflicts)
    }
}
