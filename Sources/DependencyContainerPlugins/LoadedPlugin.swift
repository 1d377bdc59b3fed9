import DependencyContainer

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

    /// What the loader's verification found in the plugin's registrations and load sites
    /// before it activated it, notes included; empty when the loader does not verify
    /// (``PluginLoader/VerificationPolicy/off``).
    public internal(set) var verificationProblems: [VerificationProblem] = []

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
