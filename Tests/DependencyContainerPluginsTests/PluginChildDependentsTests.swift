import DependencyContainer
import Foundation
import Testing

@testable import DependencyContainerPlugins

@Suite("Plugin deactivation: dependents in child containers")
struct PluginChildDependentsTests {
    @Test(
        "Child and grandchild services made with the plugin are named on deactivation, and reset when asked",
        arguments: [false, true])
    func deactivation(resetting: Bool) throws {
        let container = Container()
        let child = Container(parent: container)
        let grandchild = Container(parent: child)
        let screen = InjectID<HostPlayer>("ScreenPlayerID")
        child.register(.hostPlayer, scope: .singleton) { resolver in
            HostPlayer(toast: resolver.load(.pluginToast))
        }
        grandchild.register(screen, scope: .singleton) { resolver in
            HostPlayer(toast: resolver.load(.pluginToast))
        }
        // A child with nothing made with the plugin, and one already freed.
        let unrelated = Container(parent: container)
        unrelated.register(InjectID<Int>("CounterID"), scope: .singleton) { 1 }
        _ = unrelated.load(InjectID<Int>("CounterID"))
        _ = Container(parent: child)
        let loader = PluginLoader(container: container)
        let plugin = try InProcessPlugin.load(InProcessPlugin.toast(), into: loader)
        let player = try #require(child.load(.hostPlayer))
        #expect(player.toast != nil)
        #expect(grandchild.load(screen)?.toast != nil)

        let report = try loader.deactivate(plugin, resettingDependents: resetting)
        #expect(report.dependents.isEmpty)
        #expect(report.dependentsInChildContainers == ["HostPlayerID", "ScreenPlayerID"])
        #expect(report.description.contains("dependents in child containers: HostPlayerID, ScreenPlayerID"))
        let after = try #require(child.load(.hostPlayer))
        #expect((after === player) == !resetting)
        #expect((after.toast == nil) == resetting)
        #expect((grandchild.load(screen)?.toast == nil) == resetting)
    }

    @Test("Child services made while the plugin was off are named on its return, and reset when asked")
    func activation() throws {
        let container = Container()
        let child = Container(parent: container)
        child.register(.hostPlayer, scope: .singleton) { resolver in
            HostPlayer(toast: resolver.load(.pluginToast))
        }
        let loader = PluginLoader(container: container)
        let plugin = try InProcessPlugin.load(InProcessPlugin.toast(), into: loader)
        try loader.deactivate(plugin)
        let without = try #require(child.load(.hostPlayer))
        #expect(without.toast == nil)

        let named = try loader.activate(plugin)
        #expect(named.dependents.isEmpty)
        #expect(named.dependentsInChildContainers == ["HostPlayerID"])
        #expect(child.load(.hostPlayer) === without)

        try loader.deactivate(pluginNamed: "ToastTestPlugin")
        let reset = try loader.activate(pluginNamed: "ToastTestPlugin", resettingDependents: true)
        #expect(reset.dependentsInChildContainers == ["HostPlayerID"])
        #expect(child.load(.hostPlayer)?.toast != nil)
    }

    @Test("A child's services made with a never-loaded plugin's placeholder are named on deactivation")
    func installedPlugin() throws {
        let fixture = try InstalledPluginFixture()
        defer { fixture.remove() }
        try fixture.place()
        let container = Container()
        let child = Container(parent: container)
        child.register(.hostPlayer, scope: .singleton) { resolver in
            HostPlayer(toast: resolver.load(.pluginToast))
        }
        let loader = fixture.loader(into: container)
        _ = loader.install(in: fixture.directory)
        #expect(child.load(.hostPlayer)?.toast != nil)
        let report = try loader.deactivate(pluginNamed: "ToastTestPlugin", resettingDependents: true)
        #expect(report.dependentsInChildContainers == ["HostPlayerID"])
        #expect(child.load(.hostPlayer)?.toast == nil)
    }
}
