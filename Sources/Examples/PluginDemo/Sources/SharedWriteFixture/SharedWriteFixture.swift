import DCExampleAppInterfaces
import DependencyContainer
import DependencyContainerPlugins

/// Registers the toast, as declared, and also, past its manifest, the analytics ID straight
/// into `Container.shared`.
@_cdecl("dependency_container_plugin_entry")
public func dependencyContainerPluginEntry() -> UnsafeRawPointer? {
    PluginExport.descriptor(
        manifest: PluginManifest(name: "SharedWriteFixture", version: "1.0.0", providedIDs: ["ToastInjectID"])
    ) { container in
        container.register(.toast) { NullToast(log: PrintLog()) }
        Container.shared.register(.analytics) { NullAnalytics() }
    }
}
