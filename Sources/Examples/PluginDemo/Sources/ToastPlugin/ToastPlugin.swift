import DependencyContainerPlugins
import ToastPluginFeature

/// The plugin's one entry: returns the descriptor the host's loader reads.
@_cdecl("dependency_container_plugin_entry")
public func dependencyContainerPluginEntry() -> UnsafeRawPointer? {
    PluginExport.descriptor(
        manifest: PluginManifest(name: "ToastPlugin", version: "1.0.0", providedIDs: ["ToastInjectID"])
    ) { container in
        ToastPluginFeature.register(into: container)
    }
}
