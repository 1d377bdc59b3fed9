import DCKitAppInterfaces

/// The greeter this plugin provides.
final class FriendlyGreeter: GreeterInject {
    func greet(_ name: String) -> String {
        "Hello, \(name), from the greeter plugin!"
    }
}

/// The plugin's one entry: returns the descriptor the host's loader reads.
@_cdecl("dependency_container_plugin_entry")
public func dependencyContainerPluginEntry() -> UnsafeRawPointer? {
    PluginExport.descriptor(
        manifest: PluginManifest(
            name: "GreeterPlugin", version: "1.0.0", providedIDs: ["GreeterInjectID"],
            contributions: ["ShareMenuExtensionPoint": ["card"]])
    ) { container in
        container.register(.greeter, scope: .singleton) { FriendlyGreeter() as any GreeterInject }
        container.contribute(to: .shareMenu, named: "card") { ShareOption(title: "Greeting card") }
    }
}
