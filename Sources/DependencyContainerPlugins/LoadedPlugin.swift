/// A plugin the loader has loaded and whose registrations are now in the host's container.
public struct LoadedPlugin: Hashable, Sendable, CustomStringConvertible {
    /// What the plugin declared about itself.
    public let manifest: PluginManifest

    /// The library's path, as resolved on disk.
    public let path: String

    /// The IDs it registered, sorted.
    public let providedIDs: [String]

    /// The IDs it replaced, when the host's policy allows replacing.
    public let replacedIDs: [String]

    /// The name, version, IDs and path.
    public var description: String {
        "\(manifest.name) \(manifest.version) provides \(providedIDs.joined(separator: ", ")) (\(path))"
    }
}
