import DependencyContainer
import Foundation
import Testing

@testable import DependencyContainerPlugins

@Suite("Plugin manifests: load sites, and verifying a plugin before it is activated")
struct PluginLoadSiteTests {
    private static let path = "/plugins/libToastTestPlugin.so"

    /// The toast plugin's code requires the host's player, at a place in its source.
    private static let requiresPlayer = LoadSite(
        .require(.hostPlayer), file: "ToastTestPlugin/Toast.swift", line: 9,
        expression: "try r.require(.hostPlayer)")

    /// The toast plugin's manifest, listing `sites`.
    private static func manifest(_ sites: [LoadSite]) -> PluginManifest {
        var manifest = InProcessPlugin.toastManifest
        manifest.loadSites = sites
        return manifest
    }

    @Test("A manifest's load sites round-trip as JSON; one written before they existed has none")
    func roundTrip() throws {
        let manifest = Self.manifest([
            Self.requiresPlayer, .unchecked("r.load(id)", file: "T/T.swift", line: 3),
        ])
        let decoded = try JSONDecoder().decode(PluginManifest.self, from: JSONEncoder().encode(manifest))
        #expect(decoded == manifest)
        let older =
            #"{"name":"ToastPlugin","version":"1.0.0","abiVersion":1,"providedIDs":["ToastInjectID"]}"#
        #expect(try JSONDecoder().decode(PluginManifest.self, from: Data(older.utf8)).loadSites.isEmpty)
        #expect(
            !String(decoding: try JSONEncoder().encode(InProcessPlugin.toastManifest), as: UTF8.self)
                .contains("loadSites"))
    }

    @Test(
        "Under .refuse, a plugin whose load site the host does not provide is refused, naming the ID and plugin"
    )
    func refused() throws {
        let container = Container()
        let loader = PluginLoader(container: container, verificationPolicy: .refuse)
        let result = loader.load(
            descriptor: InProcessPlugin.toast(manifest: Self.manifest([Self.requiresPlayer])), path: Self.path
        )
        guard case .failed(.verificationFailed(let path, let plugin, let problems)) = result else {
            Issue.record("expected verificationFailed, got \(result)")
            return
        }
        #expect(path == Self.path)
        #expect(plugin == "ToastTestPlugin")
        #expect(problems.map(\.dependencyID) == ["HostPlayerID"])
        #expect(
            problems.first?.location
                == VerifiedRegistration.Location(file: "ToastTestPlugin/Toast.swift", line: 9))
        let description = PluginLoadError.verificationFailed(path: path, plugin: plugin, problems: problems)
            .description
        #expect(description.contains("ToastTestPlugin") && description.contains("HostPlayerID"))
        // Nothing of it was adopted, sites included.
        #expect(container.load(.pluginToast) == nil)
        #expect(container.verify().checkedSiteCount == 0)
    }

    @Test("Under .refuse, a plugin whose sites the host provides, or only optionally misses, is activated")
    func accepted() throws {
        let container = Container()
        container.register(.hostPlayer, dependencies: []) { HostPlayer(toast: nil) }
        let optional = LoadSite(
            .load(.pluginToastMissing), file: "ToastTestPlugin/Toast.swift", line: 12,
            expression: "r.load(.missing)")
        let loader = PluginLoader(container: container, verificationPolicy: .refuse)
        let plugin = try InProcessPlugin.load(
            InProcessPlugin.toast(manifest: Self.manifest([Self.requiresPlayer, optional])), into: loader)
        #expect(plugin.verificationProblems.map(\.severity) == [.note])
        let report = container.verify()
        #expect(report.hasNoProblems, "\(report)")
        #expect(report.checkedSiteCount == 2)
    }

    @Test("Under .report, the plugin is activated and its problems listed; verify() then checks its sites")
    func reported() throws {
        let container = Container()
        let loader = PluginLoader(container: container, verificationPolicy: .report)
        let plugin = try InProcessPlugin.load(
            InProcessPlugin.toast(manifest: Self.manifest([Self.requiresPlayer])), into: loader)
        #expect(plugin.verificationProblems.map(\.kind) == [.missingDependency])
        #expect(container.load(.pluginToast) != nil)
        #expect(container.verify().siteProblems.map(\.site) == [Self.requiresPlayer])
    }

    @Test(
        "Under .off, nothing is checked before, but the active plugin's sites are verify()'s until it is deactivated"
    )
    func sitesFollowActivation() throws {
        let container = Container()
        let loader = PluginLoader(container: container)
        #expect(loader.verificationPolicy == .off)
        let plugin = try InProcessPlugin.load(
            InProcessPlugin.toast(manifest: Self.manifest([Self.requiresPlayer])), into: loader)
        #expect(plugin.verificationProblems.isEmpty)
        #expect(container.verify().siteProblems.count == 1)
        _ = try loader.deactivate(plugin)
        #expect(container.verify().checkedSiteCount == 0)
        _ = try loader.activate(plugin)
        #expect(container.verify().siteProblems.count == 1)
    }
}

extension InjectID where Service == PluginToast {
    fileprivate static var pluginToastMissing: Self { InjectID("MissingPluginToastID") }
}
