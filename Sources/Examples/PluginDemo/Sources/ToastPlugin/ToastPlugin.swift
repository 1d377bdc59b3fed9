import DependencyContainerPlugins
import ToastPluginFeature

/// The plugin's one entry: returns the descriptor the host's loader reads.
@_cdecl("dependency_container_plugin_entry")
public func dependencyContainerPluginEntry() -> UnsafeRawPointer? {
    PluginExport.descriptor(
        manifest: PluginManifest(
            name: "ToastPlugin", version: "1.0.0", providedIDs: ["ToastInjectID"],
            // The toast feature also adds an entry to the player's menu.
            contributions: ["PlayerMenuExtensionPoint": ["notify-when-live"]])
    ) { container in
        ToastPluginFeature.register(into: container)
    }
}
