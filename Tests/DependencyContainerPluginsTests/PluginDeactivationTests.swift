import DependencyContainer
import Foundation
import Testing

@testable import DependencyContainerPlugins

@Suite("Plugin deactivation: everything goes as one change, and comes back")
struct PluginDeactivationTests {
    @Test("Deactivating removes the plugin's IDs and contributions; loads then fall back")
    func removesEverything() throws {
        let container = Container()
        container.contribute(to: .pluginMenu, named: "report") { "Report a problem" }
        let loader = PluginLoader(container: container)
        let plugin = try InProcessPlugin.load(InProcessPlugin.toast(), into: loader)
        #expect(container.load(.pluginToast) != nil)
        #expect(container.load(.pluginMenu).sorted() == ["Notify when live", "Report a problem"])

        let report = try loader.deactivate(plugin)
        #expect(report.removedIDs == ["PluginToastID"])
        #expect(report.removedContributions == ["PluginMenuPoint[notify]"])
        #expect(report.restored.isEmpty && report.leftInPlace.isEmpty && report.overruns.isEmpty)
        #expect(container.load(.pluginToast) == nil)
        #expect(container.load(.pluginMenu) == ["Report a problem"])
        #expect(loader.loadedPlugins.isEmpty)
        #expect(loader.inactivePlugins.map(\.manifest.name) == ["ToastTestPlugin"])
        #expect(report.description.contains("removed: PluginToastID, PluginMenuPoint[notify]"))
    }

    @Test("Kept services are disposed, the services made with them first")
    func disposesDependentsFirst() throws {
        let container = Container()
        let order = LockedValue<[String]>([])
        container.register(
            .hostPlayer, scope: .singleton, onDispose: { _ in order.withLock { $0.append("HostPlayerID") } }
        ) {
            resolver in HostPlayer(toast: resolver.load(.pluginToast))
        }
        let loader = PluginLoader(container: container)
        let plugin = try InProcessPlugin.load(
            InProcessPlugin.toast(disposed: { id in order.withLock { $0.append(id) } }), into: loader)
        let player = try #require(container.load(.hostPlayer))
        #expect(player.toast != nil)

        let report = try loader.deactivate(plugin, resettingDependents: true)
        #expect(report.dependents == ["HostPlayerID"])
        #expect(report.resetDependents)
        #expect(order.withLock { $0 } == ["HostPlayerID", "PluginToastID"])
        // Made anew at its next load, without the plugin.
        let remade = try #require(container.load(.hostPlayer))
        #expect(remade !== player)
        #expect(remade.toast == nil)
    }

    @Test("Dependents are named, through services in between, and left alone unless asked")
    func namesDependents() throws {
        let container = Container()
        let middle = InjectID<HostPlayer>("MiddlePlayerID")
        // A transient in between: the singleton holds it, and so the toast.
        container.register(middle) { resolver in HostPlayer(toast: resolver.load(.pluginToast)) }
        container.register(.hostPlayer, scope: .singleton) { resolver in
            HostPlayer(toast: resolver.load(middle)?.toast)
        }
        // A singleton that loads an existing dependent depends on the plugin too.
        let outer = InjectID<HostPlayer>("OuterPlayerID")
        container.register(outer, scope: .singleton) { resolver in
            HostPlayer(toast: resolver.load(.hostPlayer)?.toast)
        }
        // A singleton that never touched the plugin is no dependent.
        let bystander = InjectID<HostPlayer>("BystanderID")
        container.register(bystander, scope: .singleton) { HostPlayer(toast: nil) }
        let loader = PluginLoader(container: container)
        let plugin = try InProcessPlugin.load(InProcessPlugin.toast(), into: loader)
        let player = try #require(container.load(.hostPlayer))
        _ = container.load(outer)
        _ = container.load(bystander)

        let report = try loader.deactivate(plugin)
        #expect(report.dependents == ["HostPlayerID", "OuterPlayerID"])
        #expect(!report.resetDependents)
        #expect(report.description.contains("reset them with resettingDependents: true"))
        // Not reset: the same service, still holding what the plugin made.
        #expect(container.load(.hostPlayer) === player)
        #expect(player.toast != nil)
    }

    @Test("Weak services and cached contributions made with the plugin are dependents, and are reset")
    func weakAndContributionDependents() throws {
        let container = Container()
        container.register(.hostPlayer, scope: .weak) { resolver in
            HostPlayer(toast: resolver.load(.pluginToast))
        }
        let banner = ExtensionPoint<HostPlayer>("BannerPoint")
        container.contribute(to: banner, named: "now-playing", scope: .singleton) { resolver in
            HostPlayer(toast: resolver.load(.pluginToast))
        }
        let loader = PluginLoader(container: container)
        let plugin = try InProcessPlugin.load(InProcessPlugin.toast(), into: loader)
        let held = try #require(container.load(.hostPlayer))
        let element = try #require(container.load(banner).first)
        #expect(held.toast != nil && element.toast != nil)

        let report = try loader.deactivate(plugin, resettingDependents: true)
        #expect(report.dependents == ["BannerPoint[now-playing]", "HostPlayerID"])
        #expect(container.load(.hostPlayer).map { $0 === held } == false)
        #expect(container.load(banner).first?.toast == nil)
    }

    @Test("Observers hear removed for the ID and the contribution")
    func observersHearRemovals() throws {
        let container = Container()
        let loader = PluginLoader(container: container)
        let plugin = try InProcessPlugin.load(InProcessPlugin.toast(), into: loader)
        let changes = LockedValue<[String]>([])
        let toastToken = container.observe(.pluginToast) { change in
            if case .removed(let info) = change { changes.withLock { $0.append("removed \(info.id)") } }
        }
        let menuToken = container.observe(.pluginMenu) { change in
            if case .removed(let name, _) = change { changes.withLock { $0.append("removed \(name)") } }
        }
        try loader.deactivate(plugin)
        #expect(changes.withLock { $0 }.sorted() == ["removed PluginToastID", "removed notify"])
        toastToken.cancel()
        menuToken.cancel()
    }

    @Test("What the plugin replaced comes back, and the report says so")
    func restoresReplaced() throws {
        let container = Container()
        container.register(.pluginToast, scope: .singleton) { PluginToast(generation: 0) }
        container.contribute(to: .pluginMenu, named: "notify") { "Host's notify" }
        let loader = PluginLoader(container: container, conflictPolicy: .replace)
        let plugin = try InProcessPlugin.load(InProcessPlugin.toast(), into: loader)
        #expect(plugin.replacedIDs == ["PluginMenuPoint[notify]", "PluginToastID"])
        #expect(container.load(.pluginToast)?.generation == 1)
        #expect(container.load(.pluginMenu) == ["Notify when live"])
        let replacements = LockedValue(0)
        let token = container.observe(.pluginToast) { change in
            if case .replaced = change { replacements.withLock { $0 += 1 } }
        }

        let report = try loader.deactivate(plugin)
        #expect(report.restored == ["PluginMenuPoint[notify]", "PluginToastID"])
        #expect(container.load(.pluginToast)?.generation == 0)
        #expect(container.load(.pluginMenu) == ["Host's notify"])
        #expect(replacements.withLock { $0 } == 1)
        #expect(report.description.contains("restored: PluginMenuPoint[notify], PluginToastID"))
        token.cancel()
    }

    @Test("What replaced the plugin's registration since stays")
    func leavesLaterReplacements() throws {
        let container = Container()
        let loader = PluginLoader(container: container)
        let plugin = try InProcessPlugin.load(InProcessPlugin.toast(), into: loader)
        // inject-lint: override
        container.register(.pluginToast) { PluginToast(generation: 99) }
        let report = try loader.deactivate(plugin)
        #expect(report.leftInPlace == ["PluginToastID"])
        #expect(report.removedContributions == ["PluginMenuPoint[notify]"])
        #expect(container.load(.pluginToast)?.generation == 99)
    }

    @Test("Lazy handles, providers and kept resolvers load nil after the plugin goes")
    func handlesSeeNil() throws {
        let container = Container()
        let kept = LockedValue<Resolver?>(nil)
        let keeper = InjectID<Int>("KeeperID")
        container.register(keeper) { resolver in
            kept.withLock { $0 = resolver }
            return 0
        }
        let loader = PluginLoader(container: container)
        let plugin = try InProcessPlugin.load(InProcessPlugin.toast(), into: loader)
        _ = container.load(keeper)
        let lazy = container.lazy(.pluginToast)
        let provider = container.provider(.pluginToast)
        #expect(provider() != nil)
        try loader.deactivate(plugin)
        #expect(lazy.value == nil)
        #expect(provider() == nil)
        #expect(kept.withLock { $0 }?.load(.pluginToast) == nil)
    }

    @Test("Reactivating registers the plugin again through a first load's checks")
    func reactivates() throws {
        let container = Container()
        let listener = RecordingListener()
        let loader = PluginLoader(container: container)
        loader.addListener(listener)
        let plugin = try InProcessPlugin.load(InProcessPlugin.toast(), into: loader)
        let first = try #require(container.load(.pluginToast))
        try loader.deactivate(plugin)
        let again = try loader.activate(plugin)
        #expect(again.plugin.manifest == plugin.manifest)
        #expect(again.dependents.isEmpty && again.overruns.isEmpty && !again.resetDependents)
        #expect(again.description == "activated ToastTestPlugin 1.0.0")
        let second = try #require(container.load(.pluginToast))
        #expect(second.generation == first.generation + 1)
        #expect(container.load(.pluginMenu) == ["Notify when live"])
        #expect(loader.loadedPlugins.map(\.manifest.name) == ["ToastTestPlugin"])
        #expect(loader.inactivePlugins.isEmpty)
        // The old value still names the plugin: a second round works.
        try loader.deactivate(plugin)
        try loader.activate(pluginNamed: "ToastTestPlugin")
        #expect(
            listener.events.withLock { $0 } == [
                "asked ToastTestPlugin", "deactivated ToastTestPlugin", "activated ToastTestPlugin",
                "asked ToastTestPlugin", "deactivated ToastTestPlugin", "activated ToastTestPlugin",
            ])
    }

    @Test("Reactivating against an ID the host took meanwhile fails, and the plugin stays off")
    func reactivationConflicts() throws {
        let container = Container()
        let loader = PluginLoader(container: container)
        let plugin = try InProcessPlugin.load(InProcessPlugin.toast(), into: loader)
        try loader.deactivate(plugin)
        container.register(.pluginToast) { PluginToast(generation: 7) }
        #expect(
            throws: PluginActivationError.activationFailed(
                name: "ToastTestPlugin",
                error: .duplicateIDs(path: plugin.path, ids: ["PluginToastID"]))
        ) {
            try loader.activate(plugin)
        }
        #expect(container.load(.pluginToast)?.generation == 7)
        #expect(container.load(.pluginMenu).isEmpty)
        #expect(loader.inactivePlugins.map(\.manifest.name) == ["ToastTestPlugin"])
        container.unregister(.pluginToast)
        try loader.activate(plugin)
        #expect(container.load(.pluginToast) != nil)
    }
}

@Suite("Plugin deactivation: listeners, vetoes and time limits")
struct PluginListenerTests {
    @Test("A listener's veto changes nothing and names the listener and its reason")
    func veto() throws {
        let container = Container()
        let loader = PluginLoader(container: container)
        let plugin = try InProcessPlugin.load(InProcessPlugin.toast(), into: loader)
        let guardian = RecordingListener(veto: "a title is playing")
        loader.addListener(guardian)
        #expect(
            throws: PluginActivationError.vetoed(
                name: "ToastTestPlugin", listener: "RecordingListener", reason: "a title is playing")
        ) {
            try loader.deactivate(plugin)
        }
        #expect(container.load(.pluginToast) != nil)
        #expect(container.load(.pluginMenu) == ["Notify when live"])
        #expect(loader.loadedPlugins.count == 1)
        loader.removeListener(guardian)
        try loader.deactivate(plugin)
        #expect(container.load(.pluginToast) == nil)
    }

    @Test("A listener that overruns the time limit is reported, not waited for")
    func timedOutListener() throws {
        let container = Container()
        let loader = PluginLoader(container: container, deactivationTimeLimit: 0.2)
        let plugin = try InProcessPlugin.load(InProcessPlugin.toast(), into: loader)
        // It would veto, but too late: a host's switch works whatever a listener does.
        let slow = RecordingListener(veto: "not yet", delay: 3)
        loader.addListener(slow)
        let started = Date()
        let report = try loader.deactivate(plugin)
        #expect(Date().timeIntervalSince(started) < 2.5)
        #expect(report.overruns == [PluginOverrun(step: .veto, culprit: "RecordingListener", limit: 0.2)])
        #expect(report.description.contains("overran: veto: RecordingListener did not finish within 0.2 s"))
        #expect(container.load(.pluginToast) == nil)
    }

    @Test("A dispose hook that overruns is named in the report")
    func timedOutDisposal() throws {
        let container = Container()
        let loader = PluginLoader(container: container, deactivationTimeLimit: 0.2)
        let release = DispatchSemaphore(value: 0)
        let plugin = try InProcessPlugin.load(
            InProcessPlugin.toast(dispose: { _ = release.wait(timeout: .now() + 10) }), into: loader)
        _ = container.load(.pluginToast)
        let report = try loader.deactivate(plugin)
        release.signal()
        #expect(report.overruns.map(\.step) == [.disposal])
        #expect(report.overruns.first?.culprit == "the dispose hooks of PluginToastID")
        #expect(container.load(.pluginToast) == nil)
    }

    @Test("Listeners are held weakly")
    func weakListeners() throws {
        let loader = PluginLoader(container: Container())
        weak var gone: RecordingListener?
        do {
            let listener = RecordingListener(veto: "never")
            gone = listener
            loader.addListener(listener)
        }
        #expect(gone == nil)
        let plugin = try InProcessPlugin.load(InProcessPlugin.toast(), into: loader)
        // The freed listener's veto is not asked for.
        #expect(throws: Never.self) { try loader.deactivate(plugin) }
    }
}

@Suite("Plugin deactivation: misuse is a clear error")
struct PluginActivationMisuseTests {
    @Test("Deactivating twice and activating twice are errors that change nothing")
    func twice() throws {
        let container = Container()
        let loader = PluginLoader(container: container)
        let plugin = try InProcessPlugin.load(InProcessPlugin.toast(), into: loader)
        #expect(throws: PluginActivationError.alreadyActive(name: "ToastTestPlugin")) {
            try loader.activate(plugin)
        }
        try loader.deactivate(plugin)
        #expect(throws: PluginActivationError.alreadyInactive(name: "ToastTestPlugin")) {
            try loader.deactivate(plugin)
        }
        #expect(
            PluginActivationError.alreadyInactive(name: "ToastTestPlugin").description
                == "ToastTestPlugin: already deactivated")
    }

    @Test("A plugin another loader loaded, one never loaded, and one whose load failed are refused")
    func notThisLoaders() throws {
        let container = Container()
        let loader = PluginLoader(container: container)
        let other = PluginLoader(container: Container())
        let plugin = try InProcessPlugin.load(InProcessPlugin.toast(), into: other)
        #expect(throws: PluginActivationError.fromAnotherLoader(name: "ToastTestPlugin")) {
            try loader.deactivate(plugin)
        }
        #expect(throws: PluginActivationError.notLoaded(name: "GhostPlugin")) {
            try loader.deactivate(pluginNamed: "GhostPlugin")
        }
        // Declares an ID it does not register: the load fails past its manifest.
        let broken = PluginManifest(
            name: "BrokenTestPlugin", version: "1.0.0", providedIDs: ["PluginToastID", "MissingID"])
        guard
            case .failed(let error) = loader.load(
                descriptor: InProcessPlugin.toast(manifest: broken), path: "/p/libBroken.so")
        else {
            Issue.record("the broken plugin loaded")
            return
        }
        #expect(throws: PluginActivationError.failedToLoad(name: "BrokenTestPlugin", error: error)) {
            try loader.deactivate(pluginNamed: "BrokenTestPlugin")
        }
        #expect(container.registrations.isEmpty)
    }

    @Test("Loading a deactivated plugin again says how to bring it back")
    func loadingDeactivated() throws {
        let loader = PluginLoader(container: Container())
        let descriptor = InProcessPlugin.toast()
        let plugin = try InProcessPlugin.load(descriptor, into: loader)
        try loader.deactivate(plugin)
        guard case .alreadyLoaded(let note) = loader.load(descriptor: descriptor, path: plugin.path) else {
            Issue.record("expected alreadyLoaded")
            return
        }
        #expect(note.hasSuffix("it is deactivated, and activate(_:) brings it back"))
    }
}
