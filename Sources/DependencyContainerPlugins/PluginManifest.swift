import DependencyContainer
import Foundation

/// What a plugin library declares about itself: who it is, which IDs it provides and what
/// it contributes to extension points.
///
/// The loader reads the manifest before the plugin registers anything, checks its ABI
/// version, and afterwards checks that the plugin registered exactly the IDs and
/// contributions it declared.
///
/// ```swift
/// let manifest = PluginManifest(name: "ToastPlugin", version: "1.0.0", providedIDs: ["ToastInjectID"])
/// ```
///
/// ```swift
/// let contributing = PluginManifest(
///     name: "ToastPlugin", version: "1.0.0", providedIDs: ["ToastInjectID"],
///     contributions: ["PlayerMenuExtensionPoint": ["notify-when-live"]])
/// ```
///
/// A plugin whose registrations declare nothing (closures registered by hand) may declare,
/// per provided ID, what its factory loads, so that `Container.verify()` checks it:
///
/// ```swift
/// let declaring = PluginManifest(
///     name: "ToastPlugin", version: "1.0.0", providedIDs: ["ToastInjectID"],
///     dependencies: ["ToastInjectID": [.lazy(.player)]])
/// ```
///
/// It may also list the places its code loads IDs outside factories (``loadSites``), which
/// RegistrationPlugin generates as the module's `loadSites`; the loader adds them to the host's
/// container while the plugin is active, so that `verify()` checks them, and can check them
/// before it activates the plugin (``PluginLoader/VerificationPolicy``):
///
/// ```swift
/// let loading = PluginManifest(
///     name: "ToastPlugin", version: "1.0.0", providedIDs: ["ToastInjectID"],
///     loadSites: [
///         LoadSite(
///             .require(.player), file: "ToastPlugin/Toast.swift", line: 9,
///             expression: "try r.require(.player)")
///     ])
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

    /// The contributions the plugin makes: contribution names by extension point name.
    public var contributions: [String: [String]]

    /// What the factories of provided IDs load, by provided ID, for `Container.verify()`.
    ///
    /// A registration that declares its own dependencies (as RegistrationPlugin's generated
    /// `register(into:)` does) keeps them; one that declares nothing takes the manifest's. The
    /// loader refuses a manifest that declares dependencies for an ID it does not provide.
    public var dependencies: [String: [Dependency]]

    /// The places the plugin's code loads IDs outside its factories, for `Container.verify()`;
    /// empty when the manifest lists none (and in manifests written before the field existed).
    public var loadSites: [LoadSite]

    /// Creates a manifest for the current plugin ABI.
    ///
    /// - Parameters:
    ///   - name: The plugin's name.
    ///   - version: The plugin's own version.
    ///   - providedIDs: The string IDs the plugin registers.
    ///   - contributions: The contribution names the plugin adds, by extension point name.
    ///   - dependencies: What the factories of provided IDs load, by provided ID.
    ///   - loadSites: The places the plugin's code loads IDs outside its factories.
    public init(
        name: String, version: String, providedIDs: [String], contributions: [String: [String]] = [:],
        dependencies: [String: [Dependency]] = [:], loadSites: [LoadSite] = []
    ) {
        self.name = name
        self.version = version
        self.abiVersion = Int(PluginABI.currentVersion)
        self.providedIDs = providedIDs
        self.contributions = contributions
        self.dependencies = dependencies
        self.loadSites = loadSites
    }

    /// Why the declared dependencies cannot be adopted, or `nil`: each must be for a provided ID.
    var dependencyProblem: String? {
        guard !dependencies.isEmpty else { return nil }
        let provided = Set(providedIDs)
        guard let stray = dependencies.keys.sorted().first(where: { !provided.contains($0) }) else {
            return nil
        }
        return "dependencies are declared for '\(stray)', which the plugin does not provide"
    }

    /// The provided IDs and the contributions as `Point[name]`: every ID the plugin registers.
    var allIDs: [String] {
        providedIDs + contributionIDs
    }

    /// The contributions as `Point[name]`, sorted, as ``LoadedPlugin/contributions`` lists them.
    var contributionIDs: [String] {
        contributions.flatMap { point, names in names.map { "\(point)[\($0)]" } }.sorted()
    }

    /// The manifest the JSON `bytes` hold, decoded by `JSONDecoder`, which says why a manifest
    /// is not valid.
    ///
    /// - Parameter bytes: The JSON text, as UTF-8.
    /// - Returns: The manifest.
    /// - Throws: `JSONDecoder`'s error for JSON that is not a valid manifest.
    static func decoded(from bytes: UnsafeBufferPointer<UInt8>) throws -> PluginManifest {
        try JSONDecoder().decode(PluginManifest.self, from: Data(buffer: bytes))
    }

    private enum CodingKeys: String, CodingKey {
        case name, version, abiVersion, providedIDs, contributions, dependencies, loadSites
    }

    /// Encodes the manifest, leaving out empty contributions, dependencies and load sites, which decode
    /// as absent: most manifests have neither, and decoding the two empty fields takes half
    /// again as long as decoding the rest, at every install that reads the manifest.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: The encoder's error.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(version, forKey: .version)
        try container.encode(abiVersion, forKey: .abiVersion)
        try container.encode(providedIDs, forKey: .providedIDs)
        if !contributions.isEmpty {
            try container.encode(contributions, forKey: .contributions)
        }
        if !dependencies.isEmpty {
            try container.encode(dependencies, forKey: .dependencies)
        }
        if !loadSites.isEmpty {
            try container.encode(loadSites, forKey: .loadSites)
        }
    }

    /// Decodes a manifest; one written before contributions, dependencies or load sites existed
    /// has none.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: A decoding error for a missing or malformed field.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        version = try container.decode(String.self, forKey: .version)
        abiVersion = try container.decode(Int.self, forKey: .abiVersion)
        providedIDs = try container.decode([String].self, forKey: .providedIDs)
        contributions = try container.decodeIfPresent([String: [String]].self, forKey: .contributions) ?? [:]
        dependencies =
            try container.decodeIfPresent([String: [Dependency]].self, forKey: .dependencies) ?? [:]
        loadSites = try container.decodeIfPresent([LoadSite].self, forKey: .loadSites) ?? []
    }
}
