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

    /// The contributions it added to extension points, as `Point[name]`, sorted.
    public let contributions: [String]

    /// The loader that loaded it, which alone can deactivate and activate it.
    let loaderSerial: UInt64

    /// The name, version, IDs, contributions and path.
    public var description: String {
        let contributed =
            contributions.isEmpty ? "" : "; contributes \(contributions.joined(separator: ", "))"
        return
            "\(manifest.name) \(manifest.version) provides \(providedIDs.joined(separator: ", "))\(contributed) (\(path))"
    }
}
