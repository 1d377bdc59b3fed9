import DCExampleAppInterfaces
import DependencyContainer
import DependencyContainerPlugins

/// Provides the toast and the app log; hosts register their own log, so this conflicts.
@_cdecl("dependency_container_plugin_entry")
public func dependencyContainerPluginEntry() -> UnsafeRawPointer? {
    PluginExport.descriptor(
        manifest: PluginManifest(
            name: "DuplicateFixture", version: "1.0.0", providedIDs: ["AppLogInjectID", "ToastInjectID"])
    ) { container in
        container.register(.appLog) { PrintLog() }
        container.register(.toast) { NullToast(log: PrintLog()) }
    }
}
