import Foundation
import PackagePlugin

/// Generates `<Target>.register(into:)`, registering every provider and item of the target it
/// is applied to, so a new provider cannot be forgotten.
///
/// The scanning and the code generation are in `inject-scan generate`; this only wires it up.
@main
struct RegistrationPlugin: BuildToolPlugin {
    /// Returns the command that writes `<Target>+Registration.swift` from the target's Swift files.
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let module = target as? SwiftSourceModuleTarget else { return [] }
        let inputs = module.sourceFiles(withSuffix: "swift").map(\.url)
        let output = context.pluginWorkDirectoryURL.appendingPathComponent(
            "\(module.name)+Registration.swift")
        return [
            .buildCommand(
                displayName: "Generating \(module.name).register(into:)",
                executable: try context.tool(named: "inject-scan").url,
                arguments: ["generate", "--module", module.name, "--output", output.path]
                    + inputs.map(\.path),
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }
}
