import Foundation

/// The modules to lint, as the command plugin describes them to `inject-scan lint`.
///
/// ```json
/// {"modules": [{"name": "ToastFeature", "files": ["Sources/ToastFeature/ToastProvider.swift"],
///               "dependencies": ["AppInterfaces"]}]}
/// ```
///
/// Relative file paths are resolved against the description file's directory.
public struct ModuleDescription: Codable, Equatable, Sendable {
    /// One source module.
    public struct Module: Codable, Equatable, Sendable {
        /// The module's name.
        public var name: String
        /// Its Swift files.
        public var files: [String]
        /// The modules of this package it depends on.
        public var dependencies: [String]

        /// Creates a module.
        ///
        /// - Parameters:
        ///   - name: The module's name.
        ///   - files: Its Swift files.
        ///   - dependencies: The modules of this package it depends on.
        public init(name: String, files: [String], dependencies: [String]) {
            self.name = name
            self.files = files
            self.dependencies = dependencies
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
