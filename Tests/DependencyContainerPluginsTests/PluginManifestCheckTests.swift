import DependencyContainer
import Foundation
import Testing

@testable import DependencyContainerPlugins

/// The loader checks what a plugin registered against its manifest both ways: nothing it did
/// not declare, and everything it declared.
@Suite("Plugin manifests: registrations checked against the manifest in both directions")
struct PluginManifestCheckTests {
    private static let path = "/plugins/libToastTestPlugin.so"

    /// Loads `descriptor`, expecting it to be refused.
    private func refusal(of descriptor: UnsafeRawPointer, into loader: PluginLoader) -> PluginLoadError? {
        guard case .failed(let error) = loader.load(descriptor: descriptor, path: Self.path) else {
            return nil
        }
        return error
    }

    @Test(
        "A plugin that registers an ID its manifest does not list is refused by name and leaves the container empty"
    )
    func undeclaredID() throws {
        let container = Container()
        let loader = PluginLoader(container: container)
        // Everything declared is registered; one more ID is not declared.
        let descriptor = try #require(
            PluginExport.descriptor(
                manifest: PluginManifest(
                    name: "ToastTestPlugin", version: "1.0.0", providedIDs: ["PluginToastID"])
            ) { container in
                container.register(.pluginToast) { PluginToast(generation: 1) }
                container.register(.hostPlayer) { HostPlayer(toast: nil) }
            })
        let error = try #require(refusal(of: descriptor, into: loader))
        #expect(error == .manifestMismatch(path: Self.path, undeclared: ["HostPlayerID"], unregistered: []))
        #expect(error.description.contains("registered undeclared IDs [\"HostPlayerID\"]"))
        #expect(container.registrations.isEmpty)
        #expect(container.load(.pluginToast) == nil)
        #expect(loader.loadedPlugins.isEmpty)
    }

    @Test("A plugin that contributes an entry its manifest does not list is refused by name")
    func undeclaredContribution() throws {
        let container = Container()
        let loader = PluginLoader(container: container)
        let descriptor = try #require(
            PluginExport.descriptor(
                manifest: PluginManifest(
                    name: "ToastTestPlugin", version: "1.0.0", providedIDs: ["PluginToastID"])
            ) { container in
                container.register(.pluginToast) { PluginToast(generation: 1) }
                container.contribute(to: .pluginMenu, named: "notify") { "Notify when live" }
            })
        let error = try #require(refusal(of: descriptor, into: loader))
        #expect(
            error
                == .manifestMismatch(
                    path: Self.path, undeclared: ["PluginMenuPoint[notify]"], unregistered: []))
        #expect(container.registrations.isEmpty)
        #expect(container.load(.pluginMenu).isEmpty)
    }

    @Test("A plugin that does not register an ID its manifest lists is refused by name")
    func unregisteredID() throws {
        let container = Container()
        let loader = PluginLoader(container: container)
        let descriptor = try #require(
            PluginExport.descriptor(
                manifest: PluginManifest(
                    name: "ToastTestPlugin", version: "1.0.0", providedIDs: ["PluginToastID", "HostPlayerID"])
            ) { container in
                container.register(.pluginToast) { PluginToast(generation: 1) }
            })
        let error = try #require(refusal(of: descriptor, into: loader))
        #expect(error == .manifestMismatch(path: Self.path, undeclared: [], unregistered: ["HostPlayerID"]))
        #expect(container.registrations.isEmpty)
    }

    @Test("A plugin that registers exactly what it declares loads")
    func exactMatch() throws {
        let container = Container()
        let loader = PluginLoader(container: container)
        let plugin = try InProcessPlugin.load(InProcessPlugin.toast(), into: loader)
        #expect(plugin.providedIDs == ["PluginToastID"])
        #expect(container.registrations.map(\.id) == ["PluginMenuPoint", "PluginToastID"])
    }
}
