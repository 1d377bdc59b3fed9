/// What ``PluginLoader/loadAll(in:)`` did with each library in a directory.
public struct PluginLoadReport: Sendable, CustomStringConvertible {
    /// The plugins that loaded, in the order they were loaded.
    public var loaded: [LoadedPlugin] = []

    /// Libraries that failed, and why; the host's container is unchanged by each of them.
    public var failures: [PluginLoadError] = []

    /// Libraries passed over on purpose, such as a plugin that was already loaded, with why.
    public var notes: [String] = []

    /// One line per plugin, failure and note.
    public var description: String {
        let lines =
            loaded.map { "loaded: \($0)" } + failures.map { "failed: \($0)" } + notes.map { "note: \($0)" }
        return lines.isEmpty ? "no plugins" : lines.joined(separator: "\n")
    }
}

/// The outcome of loading one library.
public enum PluginLoadResult: Sendable {
    /// The plugin loaded and its registrations are in the host's container.
    case loaded(LoadedPlugin)

    /// The same plugin was loaded before; nothing happened. The note says which.
    case alreadyLoaded(note: String)

    /// The plugin did not load; the host's container is unchanged.
    case failed(PluginLoadError)
}
