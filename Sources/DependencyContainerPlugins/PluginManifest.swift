/// What a plugin library declares about itself: who it is and which IDs it provides.
///
/// The loader reads the manifest before the plugin registers anything, checks its ABI
/// version, and afterwards checks that the plugin registered exactly the IDs it declared.
///
/// ```swift
/// let manifest = PluginManifest(name: "ToastPlugin", version: "1.0.0", providedIDs: ["ToastInjectID"])
/// ```
public struct PluginManifest: Codable, Hashable, Sendable {
    /// The plugin's name; a host loads at most one plugin of each name.
    public var name: String

    /// The plugin's own version, for reports.
    public var version: String

    /// The plugin ABI the library was built for; see ``PluginABI/currentVersion``.
    public var abiVersion: Int

    /// The string IDs the plugin registers.
    public var providedIDs: [String]

    /// Creates a manifest for the current plugin ABI.
    ///
    /// - Parameters:
    ///   - name: The plugin's name.
    ///   - version: The plugin's own version.
    ///   - providedIDs: The string IDs the plugin registers.
    public init(name: String, version: String, providedIDs: [String]) {
        self.name = name
        self.version = version
        self.abiVersion = Int(PluginABI.currentVersion)
        self.providedIDs = providedIDs
    }
}
