import Foundation
import PackagePlugin

/// `swift package inject-lint [--format text|json|mermaid|dot]`: describes every Swift target
/// of the package to `inject-scan lint` and exits non-zero when it finds errors.
///
/// Test targets are described as such: they register mocks on purpose, so their
/// registrations are overrides, noted but never errors.
///
/// A target that calls `Feature.register(into:)` is a host: a load in a target it links whose
/// ID only targets it never registers provide is an error at the load's line.
@main
struct InjectLintPlugin: CommandPlugin {
    /// Writes the module description, runs the lint and forwards its output and status.
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var modules: [[String: Any]] = []
        for target in context.package.targets {
            guard let module = target as? SwiftSourceModuleTarget else { continue }
            let dependencies: [String] = module.dependencies.compactMap {
                if case .target(let dependency) = $0 { return dependency.name }
                return nil
            }
            modules.append([
                "name": module.name,
                "files": module.sourceFiles(withSuffix: "swift").map(\.url.path).sorted(),
                "dependencies": dependencies,
                "isTest": module.kind == .test,
            ])
        }
        modules.sort { ($0["name"] as? String ?? "") < ($1["name"] as? String ?? "") }
        let description = context.pluginWorkDirectoryURL.appendingPathComponent("modules.json")
        let data = try JSONSerialization.data(
            withJSONObject: ["modules": modules], options: [.prettyPrinted, .sortedKeys])
        try data.write(to: description)

        let process = Process()
        process.executableURL = try context.tool(named: "inject-scan").url
        process.arguments =
            ["lint", "--modules", description.path, "--root", context.package.directoryURL.path] + arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw LintFailure(status: process.terminationStatus)
        }
    }
}

/// The lint found errors, or could not run; its own output says which.
struct LintFailure: Error, CustomStringConvertible {
    let status: Int32

    var description: String {
        status == 1 ? "inject-lint found errors" : "inject-scan failed with exit status \(status)"
    }
}
