import DependencyContainer
import Foundation
import Testing

@testable import DependencyContainerPlugins

/// Dependents made by async factories, and through a plugin's contributions: the loads that
/// the synchronous engine's frames do not see, noted all the same.
@Suite("Plugin deactivation: dependents made asynchronously or from contributions")
struct PluginDependentsTests {
    /// A host service an async factory makes.
    private static let asyncPlayer = InjectID<HostPlayer>("AsyncPlayerID")

    @Test(
        "An async singleton that loads the plugin's service is a dependent, whether its load made it or found it",
        arguments: [false, true])
    func asyncSingletonIsDependent(toastExistsFirst: Bool) async throws {
        let container = Container()
        container.registerAsync(Self.asyncPlayer, scope: .singleton) { resolver in
            await Task.yield()
            return HostPlayer(toast: await resolver.loadAsync(.pluginToast))
        }
        let loader = PluginLoader(container: container)
        let plugin = try InProcessPlugin.load(InProcessPlugin.toast(), into: loader)
        if toastExistsFirst {
            #expect(container.load(.pluginToast) != nil)
        }
        let player = try #require(await container.loadAsync(Self.asyncPlayer))
        #expect(player.toast != nil)

        let report = try await loader.deactivateWithoutBlocking(plugin, resettingDependents: true)
        #expect(report.dependents == ["AsyncPlayerID"])
        let remade = try #require(await container.loadAsync(Self.asyncPlayer))
        #expect(remade !== player)
        #expect(remade.toast == nil)
    }

    @Test("An async singleton's synchronous loads, direct or through a host singleton, are noted")
    func asyncSingletonThroughSynchronousLoads() async throws {
        let container = Container()
        let direct = InjectID<HostPlayer>("DirectPlayerID")
        container.registerAsync(direct, scope: .singleton) { resolver in
            HostPlayer(toast: resolver.load(.pluginToast))
        }
        container.register(.hostPlayer, scope: .singleton) { resolver in
            HostPlayer(toast: resolver.load(.pluginToast))
        }
        container.registerAsync(Self.asyncPlayer, scope: .singleton) { resolver in
            HostPlayer(toast: await resolver.loadAsync(.hostPlayer)?.toast)
        }
        let loader = PluginLoader(container: container)
        let plugin = try InProcessPlugin.load(InProcessPlugin.toast(), into: loader)
        // Published first, so that the async factories' loads take the fast path.
        _ = container.load(.pluginToast)
        _ = container.load(.hostPlayer)
        #expect(await container.loadAsync(direct)?.toast != nil)
        #expect(await container.loadAsync(Self.asyncPlayer)?.toast != nil)

        let report = try await loader.deactivateWithoutBlocking(plugin)
        #expect(report.dependents == ["AsyncPlayerID", "DirectPlayerID", "HostPlayerID"])
    }

    @Test("A host singleton that loads the plugin's cached contributions is a dependent")
    func contributionLoaderIsDependent() throws {
        let container = Container()
        let menu = InjectID<[String]>("HostMenuID")
        container.register(menu, scope: .singleton) { resolver in resolver.load(.pluginMenu) }
        let manifest = PluginManifest(
            name: "MenuTestPlugin", version: "1.0.0", providedIDs: [],
            contributions: ["PluginMenuPoint": ["share"]])
        let descriptor = try #require(
            PluginExport.descriptor(manifest: manifest) { container in
                container.contribute(to: .pluginMenu, named: "share", scope: .singleton) { "Share" }
            })
        let loader = PluginLoader(container: container)
        let plugin = try InProcessPlugin.load(descriptor, into: loader, path: "/plugins/libMenuTestPlugin.so")
        // The contribution exists before the menu is made: the menu's load reads it in place.
        #expect(container.load(.pluginMenu) == ["Share"])
        #expect(container.load(menu) == ["Share"])

        let report = try loader.deactivate(plugin, resettingDependents: true)
        #expect(report.removedContributions == ["PluginMenuPoint[share]"])
        #expect(report.dependents == ["HostMenuID"])
        #expect(container.load(menu) == [])
    }

    @Test(
        "Services made while the plugin was off, which missed its ID or loaded its point, are dependents of its return"
    )
    func madeWhileOff() throws {
        let container = Container()
        let menu = InjectID<[String]>("HostMenuID")
        container.register(.hostPlayer, scope: .singleton) { resolver in
            HostPlayer(toast: resolver.load(.pluginToast))
        }
        container.register(menu, scope: .singleton) { resolver in resolver.load(.pluginMenu) }
        // Requires the toast: fails while it is off, and is never kept, so no dependent.
        let strict = InjectID<HostPlayer>("StrictPlayerID")
        container.register(strict, scope: .singleton) { resolver in
            HostPlayer(toast: try resolver.require(.pluginToast))
        }
        // Made without looking the plugin up: no dependent.
        let bystander = InjectID<HostPlayer>("BystanderID")
        container.register(bystander, scope: .singleton) { HostPlayer(toast: nil) }
        let loader = PluginLoader(container: container)
        let plugin = try InProcessPlugin.load(InProcessPlugin.toast(), into: loader)
        try loader.deactivate(plugin)
        let fallback = try #require(container.load(.hostPlayer))
        #expect(fallback.toast == nil)
        #expect(container.load(menu) == [])
        #expect(container.load(strict) == nil)
        _ = container.load(bystander)

        let report = try loader.activate(plugin, resettingDependents: true)
        #expect(report.dependents == ["HostMenuID", "HostPlayerID"])
        #expect(report.resetDependents)
        #expect(report.description.contains("dependents: HostMenuID, HostPlayerID (reset)"))
        let remade = try #require(container.load(.hostPlayer))
        #expect(remade !== fallback && remade.toast != nil)
        #expect(container.load(menu) == ["Notify when live"])
        #expect(container.load(strict)?.toast != nil)
    }

    @Test("Without resetting, the return names its dependents and leaves their fallbacks")
    func madeWhileOffLeftAlone() throws {
        let container = Container()
        container.register(.hostPlayer, scope: .weak) { resolver in
            HostPlayer(toast: resolver.load(.pluginToast))
        }
        let loader = PluginLoader(container: container)
        let plugin = try InProcessPlugin.load(InProcessPlugin.toast(), into: loader)
        try loader.deactivate(plugin)
        let fallback = try #require(container.load(.hostPlayer))

        let report = try loader.activate(plugin)
        #expect(report.dependents == ["HostPlayerID"])
        #expect(!report.resetDependents)
        #expect(report.description.contains("reset them with resettingDependents: true"))
        #expect(container.load(.hostPlayer) === fallback)
        withExtendedLifetime(fallback) {}
    }

    @Test("An async singleton made while the plugin was off is a dependent of its return")
    func asyncMadeWhileOff() async throws {
        let container = Container()
        container.registerAsync(Self.asyncPlayer, scope: .singleton) { resolver in
            HostPlayer(toast: await resolver.loadAsync(.pluginToast))
        }
        let loader = PluginLoader(container: container)
        let plugin = try InProcessPlugin.load(InProcessPlugin.toast(), into: loader)
        try await loader.deactivateWithoutBlocking(plugin)
        #expect(await container.loadAsync(Self.asyncPlayer)?.toast == nil)

        let report = try await loader.activateWithoutBlocking(plugin, resettingDependents: true)
        #expect(report.dependents == ["AsyncPlayerID"])
        #expect(await container.loadAsync(Self.asyncPlayer)?.toast != nil)
    }
}
