import DependencyContainer
import Foundation
import Testing

@testable import DependencyContainerPlugins

/// The doc comments' examples of deactivation, compiled and run.
final class LicenceGuard: PluginListener {
    let licensed: Set<String>

    init(licensed: Set<String>) {
        self.licensed = licensed
    }

    func vetoDeactivation(of plugin: LoadedPlugin) -> String? {
        licensed.contains(plugin.manifest.name) ? "its licence runs until the end of the year" : nil
    }
}

@Suite("Plugin deactivation: the documented examples")
struct PluginDocExamplesTests {
    @Test("Deactivate with dependents reset, then activate again, as the doc comments show")
    func deactivateAndActivate() throws {
        let container = Container()
        container.register(.hostPlayer, scope: .singleton) { resolver in
            HostPlayer(toast: resolver.load(.pluginToast))
        }
        let loader = PluginLoader(container: container)
        var toastPlugin = try InProcessPlugin.load(InProcessPlugin.toast(), into: loader)
        _ = container.load(.hostPlayer)
        let licences = LicenceGuard(licensed: [])
        loader.addListener(licences)

        let report = try loader.deactivate(toastPlugin, resettingDependents: true)
        print(report.dependents)  // made with its services; made anew at their next load
        #expect(report.dependents == ["HostPlayerID"])
        // The player made meanwhile, without the toast, is a dependent of the return.
        #expect(container.load(.hostPlayer)?.toast == nil)

        let activation = try loader.activate(toastPlugin, resettingDependents: true)
        print(activation.dependents)  // made without it while it was off; made anew with it
        toastPlugin = activation.plugin
        #expect(activation.dependents == ["HostPlayerID"])
        #expect(container.load(.pluginToast) != nil)
        #expect(container.load(.hostPlayer)?.toast != nil)

        let guarded = LicenceGuard(licensed: ["ToastTestPlugin"])
        loader.addListener(guarded)
        #expect(throws: PluginActivationError.self) { try loader.deactivate(toastPlugin) }
    }

    @Test("Deactivate from the main actor with the async form, as its doc comment shows")
    @MainActor
    func deactivateFromTheMainActor() async throws {
        let container = Container()
        let loader = PluginLoader(container: container)
        let toastSwitch = ToastSwitch(
            loader: loader, toastPlugin: try InProcessPlugin.load(InProcessPlugin.toast(), into: loader))
        try await toastSwitch.switchToastOff()
        #expect(container.load(.pluginToast) == nil)
    }
}

/// The host of the async form's doc example.
@MainActor
private final class ToastSwitch {
    let loader: PluginLoader
    let toastPlugin: LoadedPlugin

    init(loader: PluginLoader, toastPlugin: LoadedPlugin) {
        self.loader = loader
        self.toastPlugin = toastPlugin
    }

    @MainActor
    func switchToastOff() async throws {
        try await loader.deactivateWithoutBlocking(toastPlugin, resettingDependents: true)
    }
}
