import DependencyContainerPlugins
import ToastPluginFeature

/// The plugin's one entry: returns the descriptor the host's loader reads.
///
/// The toast feature provides the toast and adds an entry to the player's menu; the manifest
/// lists both.
@_cdecl("dependency_container_plugin_entry")
public func dependencyContainerPluginEntry() -> UnsafeRawPointer? {
    PluginExport.descriptor(
        manifest: PluginManifest(
            name: "ToastPlugin", version: "1.0.0", providedIDs: ["ToastInjectID"],
            contributions: ["PlayerMenuExtensionPoint": ["notify-when-live"]],
            // What the feature's code loads outside its factories, for the host's verify().
            loadSites: ToastPluginFeature.loadSites)
    ) { container in
        ToastPluginFeature.register(into: container)
    }
}
