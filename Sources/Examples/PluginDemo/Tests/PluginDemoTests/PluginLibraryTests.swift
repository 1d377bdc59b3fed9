import DCExampleAnalyticsFeature
import DCExampleAppInterfaces
import DCExampleDemoHostKit
import DCExamplePlayerFeature
import DependencyContainer
import DependencyContainerPlugins
import Foundation
import Testing

/// The path of `lib<name>.so` that `swift build` made beside the test bundle.
func library(_ name: String) throws -> String {
    try PluginLoader.builtLibraryPath(named: name)
}

@Suite("Real plugin libraries, loaded in-process")
struct PluginLibraryTests {
    private func host(
        linking features: [Feature: DemoHost.FeatureEntry] = [
            .player: DCExamplePlayerFeature.register(into:),
            .analytics: DCExampleAnalyticsFeature.register(into:),
        ]
    ) -> (DemoHost, TranscriptLog) {
        let log = TranscriptLog(echo: false)
        let host = DemoHost(log: log, linkedFeatures: features)
        host.registerFeatures()
        return (host, log)
    }

    @Test("The toast plugin registers the toast, and the scenario runs with it")
    func toastPlugin() throws {
        let path = try PluginLoader.builtLibraryPath(named: "ToastPlugin")
        let (host, log) = host()
        #expect(host.container.load(.toast) == nil)
        let loader = PluginLoader(container: host.container)
        guard case .loaded(let plugin) = loader.load(at: path) else {
            Issue.record("the toast plugin did not load")
            return
        }
        #expect(plugin.manifest.name == "ToastPlugin")
        #expect(plugin.providedIDs == ["ToastInjectID"])
        #expect(
            host.container.registrations.first { $0.id == "ToastInjectID" }?.provider
                == "ToastPluginFeature.ToastProvider")
        // Its menu entry joins the linked features' entries, in the point's order.
        #expect(plugin.contributions == ["PlayerMenuExtensionPoint[notify-when-live]"])
        #expect(
            host.container.load(.playerMenu).map(\.title) == [
                "Sleep timer", "Notify when live", "Report a problem",
            ])
        #expect(host.runScenario().isEmpty)
        #expect(log.lines.contains("toast: \"Now playing Intro\" for 2.0 seconds"))
        #expect(log.lines.contains("toast → player: pause while the toast is up"))
    }

    @Test("The toast plugin verifies clean in the demo host, its manifest's load sites included")
    func verifiedPlugin() throws {
        let path = try library("ToastPlugin")
        let (host, _) = host()
        let loader = PluginLoader(container: host.container, verificationPolicy: .refuse)
        guard case .loaded(let plugin) = loader.load(at: path) else {
            Issue.record("the toast plugin did not load")
            return
        }
        #expect(plugin.verificationProblems.filter { $0.severity != .note }.isEmpty)
        #expect(plugin.manifest.loadSites.allSatisfy { $0.file.hasPrefix("ToastPluginFeature/") })
        let report = host.container.verify()
        #expect(report.hasNoProblems, "\(report)")
        #expect(report.checkedSiteCount >= plugin.manifest.loadSites.count)
    }

    @Test("A host without the player refuses the toast plugin before it activates, naming the missing ID")
    func refusedPlugin() throws {
        let path = try library("ToastPlugin")
        let (host, _) = host(linking: [.analytics: DCExampleAnalyticsFeature.register(into:)])
        let before = host.container.registrations
        let result = PluginLoader(container: host.container, verificationPolicy: .refuse).load(at: path)
        guard case .failed(.verificationFailed(_, let plugin, let problems)) = result else {
            Issue.record("expected a verification failure, got \(result)")
            return
        }
        #expect(plugin == "ToastPlugin")
        #expect(problems.contains { $0.dependencyID == "PlayerInjectID" && $0.severity == .error })
        #expect(host.container.registrations == before)
        #expect(host.container.load(.toast) == nil)
    }

    @Test("Loading the same plugin twice is a no-op with a note")
    func loadTwice() throws {
        let path = try library("ToastPlugin")
        let (host, _) = host()
        let loader = PluginLoader(container: host.container)
        _ = loader.load(at: path)
        guard case .alreadyLoaded(let note) = loader.load(at: path) else {
            Issue.record("expected alreadyLoaded")
            return
        }
        #expect(note.contains("ToastPlugin is already loaded"))
        #expect(loader.loadedPlugins.count == 1)
    }

    @Test("loadAll picks up lib…Plugin libraries only and the host's scenario uses them")
    func loadAllFromBuildDirectory() throws {
        _ = try library("ToastPlugin")
        let (host, log) = host()
        let reports = host.loadPlugins(from: [PluginLoader.builtProductsDirectory])
        #expect(reports.first?.loaded.map(\.manifest.name) == ["ToastPlugin"])
        #expect(reports.first?.failures.isEmpty == true)
        host.logRegistrations()
        #expect(log.lines.contains { $0.contains("ToastInjectID") && $0.contains("← plugin") })
    }

    @Test("Without the plugin the scenario falls back")
    func withoutPlugin() {
        let (host, log) = host()
        #expect(host.runScenario() == ["ToastInjectID"])
        #expect(log.lines.contains("toast (fallback): not shown: \"Now playing Intro\""))
    }

    @Test("A plugin that fails part way leaves the container as it was")
    func failingPlugin() throws {
        let path = try library("FailingFixture")
        let (host, _) = host()
        let before = host.container.registrations
        let result = PluginLoader(container: host.container).load(at: path)
        guard case .failed(let error) = result else {
            Issue.record("expected a failure, got \(result)")
            return
        }
        #expect(error == .registrationFailed(path: path, message: "the analytics backend is unreachable"))
        #expect(host.container.registrations == before)
        #expect(host.container.load(.toast) == nil)
    }

    @Test("A plugin providing an ID the host has is rejected by default, replacing only when allowed")
    func duplicateIDs() throws {
        let path = try library("DuplicateFixture")
        let (host, _) = host()
        let before = host.container.registrations
        let rejected = PluginLoader(container: host.container).load(at: path)
        guard case .failed(let error) = rejected else {
            Issue.record("expected a failure, got \(rejected)")
            return
        }
        #expect(error == .duplicateIDs(path: path, ids: ["AppLogInjectID"]))
        #expect(error.description.contains("'AppLogInjectID', already registered by the host"))
        #expect(host.container.registrations == before)

        let replacing = PluginLoader(container: host.container, conflictPolicy: .replace)
        guard case .loaded(let plugin) = replacing.load(at: path) else {
            Issue.record("expected the replacing loader to load it")
            return
        }
        #expect(plugin.replacedIDs == ["AppLogInjectID"])
        #expect(host.container.load(.toast) is NullToast)
    }

    @Test("A plugin must register exactly the IDs it declares")
    func undeclaredIDs() throws {
        let path = try library("UndeclaredFixture")
        let (host, _) = host(linking: [:])
        let result = PluginLoader(container: host.container).load(at: path)
        guard case .failed(let error) = result else {
            Issue.record("expected a failure, got \(result)")
            return
        }
        #expect(
            error
                == .manifestMismatch(
                    path: path, undeclared: ["AnalyticsInjectID"], unregistered: ["ToastInjectID"]))
        #expect(host.container.load(.analytics) == nil)
    }
}
