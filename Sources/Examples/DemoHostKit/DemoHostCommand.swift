import DependencyContainer
import Foundation

/// The demo hosts' command line, shared by `demo-host` and the plugin demo's `plugin-host`.
public enum DemoHostCommand {
    /// Parses `arguments`, then registers, loads plugins, prints the table and runs the
    /// scenarios.
    ///
    /// It runs on the main actor, where the isolation scenario loads the main-actor banner
    /// synchronously.
    ///
    /// - Parameters:
    ///   - arguments: The command line without the program name.
    ///   - banner: What the host prints first, saying what it demonstrates.
    ///   - linkedFeatures: The entry of each feature module linked into the executable.
    ///   - isDebugBuild: Whether the executable is a debug build, which activates the debug
    ///     context; `demo-host` passes its own configuration.
    /// - Returns: The exit status: 0, or ``DemoOptionsError/exitStatus`` for a usage error.
    @MainActor
    public static func run(
        arguments: [String], banner: String, linkedFeatures: [Feature: DemoHost.FeatureEntry],
        isDebugBuild: Bool = false
    ) async -> Int32 {
        let options: DemoOptions
        do {
            options = try DemoOptions(arguments: arguments)
        } catch {
            FileHandle.standardError.write(Data("\(error)\n\n\(DemoOptions.usage)\n".utf8))
            return DemoOptionsError.exitStatus
        }
        if options.showsHelp {
            print(DemoOptions.usage)
            return 0
        }
        print(banner + "\n")
        // The contexts of this run: a UI test's DEPENDENCY_CONTAINER_CONTEXT, and `.debug` in a
        // debug build of the executable.
        RegistrationContext.activateDetected(isDebugBuild: isDebugBuild)
        let host = DemoHost(log: TranscriptLog(), linkedFeatures: linkedFeatures)
        host.registerFeatures(excluding: options.excludedFeatures)
        host.loadPlugins(from: options.pluginDirectories)
        host.logContexts()
        host.logRegistrations()
        host.warmUp()
        host.runScenario()
        await host.runIsolationScenario()
        await host.runLogoutScenario()
        host.runPluginLifecycleScenario()
        await host.runFeatureUpdateScenario()
        return 0
    }
}
