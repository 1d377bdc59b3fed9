import Foundation
import PackagePlugin

/// Generates `<Target>.register(into:)`, registering every provider and item of the target it
/// is applied to, so a new provider cannot be forgotten.
///
/// The entry also lists the target's load sites (`<Target>.loadSites`: every `@Injected`,
/// `load`, `require`, handle, argument, extension-point and `load(for:)` outside a factory) and
/// records them, with the dependencies it reads from closure registrations, so that a plain
/// `verify()` checks them. A target that registers nothing, such as an app's UI module, gets an
/// entry too: calling its `register(into:)` adds its sites.
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
