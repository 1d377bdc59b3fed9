/// What ``PluginLoader/activate(_:resettingDependents:)``, or ``PluginLoader/activateWithoutBlocking(_:resettingDependents:)``, did.
public struct PluginActivationReport: Sendable, CustomStringConvertible {
    /// The plugin, as this activation loaded it.
    public let plugin: LoadedPlugin

    /// The cached services of the container (singletons, weak and named-scope services) made
    /// while the plugin was off that looked for one of its IDs and found nothing, or loaded
    /// one of the extension points it contributes to, sorted by ID (`Point[name]` for a
    /// contribution): each keeps its fallback until it is reset.
    ///
    /// The engine notes such lookups once a plugin has been loaded in the process.
    public let dependents: [String]

    /// Whether the dependents were reset with the activation, so that their next load makes
    /// them with the plugin.
    public let resetDependents: Bool

    /// The listeners that took longer than the loader's time limit to hear of the
    /// activation, and were no longer waited for.
    public internal(set) var overruns: [PluginOverrun]

    /// The cached services of the container's child containers (and theirs) made without the
    /// plugin while it was off, sorted; reset with the dependents, each child in a change of
    /// its own right after the plugin's.
    public internal(set) var dependentsInChildContainers: [String] = []

    /// One line per thing the activation did.
    public var description: String {
        var lines = ["activated \(plugin.manifest.name) \(plugin.manifest.version)"]
        lines += PluginOverrun.reportLines(
            dependents: dependents, inChildContainers: dependentsInChildContainers, reset: resetDependents,
            unlessReset: "still hold their fallbacks", overruns: overruns)
        return lines.joined(separator: "\n")
    }
}
