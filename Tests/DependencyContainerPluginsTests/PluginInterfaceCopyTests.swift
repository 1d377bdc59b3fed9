import DependencyContainer
import Foundation
import Testing

@testable import DependencyContainerPlugins

/// The host's copy of an interface module.
enum HostInterfaces {
    protocol Greeter: AnyObject, Sendable {}
}

/// Another copy of the same module, as a plugin that links its own would have it: the same
/// names, other types.
enum PluginCopyInterfaces {
    protocol Greeter: AnyObject, Sendable {}
}

final class HostGreeter: HostInterfaces.Greeter {}
final class CopiedGreeter: PluginCopyInterfaces.Greeter {}

@Suite("Plugin loader: a plugin with its own copy of the interface module is refused by name")
struct PluginInterfaceCopyTests {
    private static let manifest = PluginManifest(
        name: "GreeterPlugin", version: "1.0.0", providedIDs: ["GreeterID"])
    private static let path = "/plugins/libGreeterPlugin.so"

    @Test(
        "A plugin registering an interface type of another copy is refused, naming the ID, the type and the fix"
    )
    func otherCopy() throws {
        let container = Container()
        let loader = PluginLoader(
            container: container, sharedInterfaces: [(any HostInterfaces.Greeter).self], stepHook: nil)
        let descriptor = try #require(
            PluginExport.descriptor(manifest: Self.manifest) { container in
                container.register(InjectID<any PluginCopyInterfaces.Greeter>("GreeterID")) {
                    CopiedGreeter()
                }
            })
        guard case .failed(let error) = loader.load(descriptor: descriptor, path: Self.path) else {
            Issue.record("expected the plugin to be refused")
            return
        }
        let name = String(describing: (any HostInterfaces.Greeter).self)
        #expect(error == .separateInterfaceCopy(path: Self.path, registrations: ["'GreeterID' (\(name))"]))
        #expect(
            error.description.contains("build the plugin against the dynamic library host and plugins share"))
        #expect(container.registrations.isEmpty)
        // Without the check, the host's load could not cast what the plugin made.
        let unchecked = Container()
        _ = PluginLoader(container: unchecked).load(descriptor: descriptor, path: Self.path)
        #expect(unchecked.load(InjectID<any HostInterfaces.Greeter>("GreeterID")) == nil)
    }

    @Test("A plugin registering the host's own interface type loads")
    func sameCopy() throws {
        let container = Container()
        let loader = PluginLoader(
            container: container, sharedInterfaces: [(any HostInterfaces.Greeter).self], stepHook: nil)
        let descriptor = try #require(
            PluginExport.descriptor(manifest: Self.manifest) { container in
                container.register(InjectID<any HostInterfaces.Greeter>("GreeterID")) { HostGreeter() }
            })
        guard case .loaded = loader.load(descriptor: descriptor, path: Self.path) else {
            Issue.record("expected the plugin to load")
            return
        }
        #expect(container.load(InjectID<any HostInterfaces.Greeter>("GreeterID")) != nil)
    }
}
