import DCExampleAppInterfaces
import DependencyContainer
import DependencyContainerPlugins

/// Declares the toast but registers analytics instead.
@_cdecl("dependency_container_plugin_entry")
public func dependencyContainerPluginEntry() -> UnsafeRawPointer? {
    PluginExport.descriptor(
        manifest: PluginManifest(name: "UndeclaredFixture", version: "1.0.0", providedIDs: ["ToastInjectID"])
    ) { container in
        container.register(.analytics) { NullAnalytics() }
    }
}
