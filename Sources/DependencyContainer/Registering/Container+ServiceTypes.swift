extension Container {
    /// The service type of each registration this container makes itself, by ID; inherited
    /// registrations are not included.
    ///
    /// For the plugin loader's check that a plugin registers the host's own interface types,
    /// not those of another copy of their module, which no load of the host's could cast.
    package var ownServiceTypes: [String: Any.Type] {
        store.read { entries in entries.mapValues(\.serviceType) }
    }
}
