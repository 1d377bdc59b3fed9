import Foundation

/// The modules to lint, as the command plugin describes them to `inject-scan lint`.
///
/// ```json
/// {"modules": [{"name": "ToastFeature", "files": ["Sources/ToastFeature/ToastProvider.swift"],
///               "dependencies": ["AppInterfaces"]}]}
/// ```
///
/// Relative file paths are resolved against the description file's directory. A module with
/// `"isTest": true` is a test target: its registrations are overrides.
public struct ModuleDescription: Codable, Equatable, Sendable {
    /// One source module.
    public struct Module: Codable, Equatable, Sendable {
        /// The module's name.
        public var name: String
        /// Its Swift files.
        public var files: [String]
        /// The modules of this package it depends on.
        public var dependencies: [String]
        /// Whether it is a test target; `false` when the description leaves it out.
        public var isTest: Bool

        private enum CodingKeys: String, CodingKey {
            case name, files, dependencies, isTest
        }

        /// Creates a module.
        ///
        /// - Parameters:
        ///   - name: The module's name.
        ///   - files: Its Swift files.
        ///   - dependencies: The modules of this package it depends on.
        ///   - isTest: Whether it is a test target.
        public init(name: String, files: [String], dependencies: [String], isTest: Bool = false) {
            self.name = name
            self.files = files
            self.dependencies = dependencies
            self.isTest = isTest
        }

        /// Reads a module; `isTest` is optional, so descriptions written before it still load.
        ///
        /// - Parameter decoder: The decoder.
        /// - Throws: A `DecodingError` for a missing or mistyped key.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decode(String.self, forKey: .name)
            files = try container.decode([String].self, forKey: .files)
            dependencies = try container.decode([String].self, forKey: .dependencies)
            isTest = try container.decodeIfPresent(Bool.self, forKey: .isTest) ?? false
        }
    }

    /// The modules.
    public var modules: [Module]

    /// Creates a description.
    ///
    /// - Parameter modules: The modules.
    public init(modules: [Module]) {
        self.modules = modules
    }

    /// Reads a description from the JSON file at `path`, resolving relative file paths
    /// against its directory.
    ///
    /// - Parameter path: The file's path.
    /// - Returns: The description.
    /// - Throws: ``ScanError`` naming the file when it cannot be read or is not a valid description.
    public static func load(from path: String) throws(ScanError) -> ModuleDescription {
        let url = URL(fileURLWithPath: path)
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .unreadable(path: path, reason: error.localizedDescription)
        }
        var description: ModuleDescription
        do {
            description = try JSONDecoder().decode(ModuleDescription.self, from: data)
        } catch {
            throw .malformedDescription(path: path, reason: ScanError.describe(decodingError: error))
        }
        let base = url.deletingLastPathComponent()
        for index in description.modules.indices {
            description.modules[index].files = description.modules[index].files.map {
                $0.hasPrefix("/") ? $0 : base.appendingPathComponent($0).standardizedFileURL.path
            }
        }
        return description
    }
}
