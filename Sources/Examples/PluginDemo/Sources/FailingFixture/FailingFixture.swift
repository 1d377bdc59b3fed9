import DCExampleAppInterfaces
import DependencyContainer
import DependencyContainerPlugins

/// Why the fixture's registration fails.
struct HalfwayFailure: Error, CustomStringConvertible {
    var description: String { "the analytics backend is unreachable" }
}

/// Registers one service, then fails: the loader must keep neither.
@_cdecl("dependency_container_plugin_entry")
public func dependencyContainerPluginEntry() -> UnsafeRawPointer? {
    PluginExport.descriptor(
        manifest: PluginManifest(
            name: "FailingFixture", version: "1.0.0", providedIDs: ["ToastInjectID", "AnalyticsInjectID"])
    ) { container in
        container.register(.toast) { NullToast(log: PrintLog()) }
        throw HalfwayFailure()
    }
}
