import DependencyContainer
import Foundation
import Testing

@testable import DependencyContainerPlugins

/// A main-actor service a test plugin provides, as a Swift 6 app's view models are.
@MainActor
final class PluginBanner {
    var isShown = true
}

extension InjectID where Service == PluginBanner {
    static var pluginBanner: Self { InjectID("PluginBannerID") }
}

@Suite("Plugin deactivation from the main actor")
struct PluginMainActorDeactivationTests {
    /// A plugin whose banner lives on the main actor and is hidden by its dispose hook.
    private static func bannerPlugin(hidden: @escaping @Sendable () -> Void) throws -> UnsafeRawPointer {
        let manifest = PluginManifest(
            name: "BannerTestPlugin", version: "1.0.0", providedIDs: ["PluginBannerID"])
        return try #require(
            PluginExport.descriptor(manifest: manifest) { container in
                container.registerOnMainActor(
                    .pluginBanner, scope: .singleton,
                    onDispose: { banner in
                        banner.isShown = false
                        hidden()
                    }
                ) { PluginBanner() }
            })
    }

    @Test("Awaited on the main actor, deactivation runs the main-actor dispose hooks before it returns")
    @MainActor
    func awaitedOnTheMainActor() async throws {
        let hidden = LockedValue(0)
        let container = Container()
        let loader = PluginLoader(container: container)
        let plugin = try InProcessPlugin.load(
            Self.bannerPlugin { hidden.withLock { $0 += 1 } }, into: loader,
            path: "/plugins/libBannerTestPlugin.so")
        let banner = try #require(container.load(.pluginBanner))

        let report = try await loader.deactivateWithoutBlocking(plugin)
        #expect(report.removedIDs == ["PluginBannerID"])
        #expect(report.overruns.isEmpty)
        #expect(hidden.withLock { $0 } == 1)
        #expect(!banner.isShown)
        #expect(container.load(.pluginBanner) == nil)

        let activation = try await loader.activateWithoutBlocking(plugin)
        #expect(activation.plugin.manifest.name == "BannerTestPlugin")
        #expect(container.load(.pluginBanner)?.isShown == true)
    }

    @Test(
        "Called synchronously on the main actor, the main-actor hooks run after it returns, reported as overrunning"
    )
    @MainActor
    func synchronousOnTheMainActor() async throws {
        let hidden = LockedValue(0)
        let container = Container()
        let loader = PluginLoader(container: container, deactivationTimeLimit: 0.2)
        let plugin = try InProcessPlugin.load(
            Self.bannerPlugin { hidden.withLock { $0 += 1 } }, into: loader,
            path: "/plugins/libBannerTestPlugin.so")
        _ = try #require(container.load(.pluginBanner))

        // Called from async code, without `await`: the blocking form has its own name, so
        // this compiles only while no async overload of `deactivate` can take the call.
        let report = try loader.deactivate(plugin)
        #expect(report.overruns.map(\.step) == [.disposal])
        #expect(report.overruns.first?.culprit.contains("PluginBannerID") == true)
        await container.waitForDisposals()
        #expect(hidden.withLock { $0 } == 1)
    }
}
