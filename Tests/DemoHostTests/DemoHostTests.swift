import DCExampleAnalyticsFeature
import DCExampleAppInterfaces
import DCExampleDemoHostKit
import DCExamplePlayerFeature
import DCExampleToastFeature
import DependencyContainer
import Foundation
import Testing

/// Every feature linked, as in the demo-host executable.
let linkedFeatures: [Feature: DemoHost.FeatureEntry] = [
    .toast: DCExampleToastFeature.register(into:),
    .player: DCExamplePlayerFeature.register(into:),
    .analytics: DCExampleAnalyticsFeature.register(into:),
]

/// A toast that records messages instead of showing them, for the override test.
final class MockToast: ToastInject, @unchecked Sendable {
    private(set) var messages: [String] = []
    func show(_ message: String, duration: Duration) { messages.append(message) }
}

@Suite("Demo host scenario")
struct DemoHostTests {
    private func run(excluding excluded: Set<Feature> = []) -> (lines: [String], absent: [String]) {
        let log = TranscriptLog(echo: false)
        let host = DemoHost(log: log, linkedFeatures: linkedFeatures)
        host.registerFeatures(excluding: excluded)
        let absent = host.runScenario()
        return (log.lines, absent)
    }

    @Test("With every feature, the scenario crosses player → toast → player")
    func everyFeature() {
        let (lines, absent) = run()
        #expect(absent.isEmpty)
        let expected = [
            "scenario: open \"Intro\"",
            "player: playing \"Intro\" for Mina",
            "analytics: play premium=true title=Intro",
            "player → toast: announce",
            "toast → player: pause while the toast is up",
            "player: paused \"Intro\"",
            "toast: \"Now playing Intro\" for 2.0 seconds",
            "toast → player: resume",
            "player: resumed \"Intro\"",
            "scenario: player menu: Sleep timer, Notify when live, Report a problem",
            "scenario: save to favourites",
            "analytics: favourite title=Intro",
            "toast → player: pause while the toast is up",
            "player: paused \"Intro\"",
            "toast: \"Saved Intro to favourites\" for 1.0 seconds",
            "toast → player: resume",
            "player: resumed \"Intro\"",
            "scenario: done, every feature present",
        ]
        #expect(lines == expected)
    }

    @Test("Without the toast, the player falls back and the run completes")
    func withoutToast() {
        let (lines, absent) = run(excluding: [.toast])
        #expect(absent == ["ToastInjectID"])
        #expect(lines.contains("host: left out the toast feature"))
        #expect(lines.contains("toast (fallback): not shown: \"Now playing Intro\""))
        #expect(lines.contains("player: playing \"Intro\" for Mina"))
        #expect(!lines.contains { $0.hasPrefix("toast → player") })
        #expect(lines.last == "scenario: done without ToastInjectID")
        #expect(lines.contains("scenario: player menu: Sleep timer, Report a problem"))
    }

    @Test("Without the player, toasts show without pausing anything")
    func withoutPlayer() {
        let (lines, absent) = run(excluding: [.player])
        #expect(absent == ["PlayerInjectID"])
        #expect(lines.contains("player (fallback): cannot play \"Intro\""))
        #expect(lines.contains("toast: \"Saved nothing to favourites\" for 1.0 seconds"))
        #expect(!lines.contains { $0.hasPrefix("toast → player") })
    }

    @Test("Without analytics, events are dropped and the miss is reported")
    func withoutAnalytics() {
        let (lines, absent) = run(excluding: [.analytics])
        #expect(absent == ["AnalyticsInjectID"])
        #expect(!lines.contains { $0.hasPrefix("analytics:") })
        #expect(
            lines.contains { $0.hasPrefix("container: missing: nothing registered for 'AnalyticsInjectID'") })
    }

    @Test("Without any feature, everything falls back")
    func withoutAnything() {
        let (lines, absent) = run(excluding: Set(Feature.allCases))
        #expect(absent == ["PlayerInjectID", "ToastInjectID", "AnalyticsInjectID"])
        #expect(lines.last == "scenario: done without PlayerInjectID, ToastInjectID, AnalyticsInjectID")
        #expect(lines.contains("scenario: player menu: (empty)"))
    }

    @Test("A mock toast injected through a test override sees the announcements of a player made there")
    func mockToastThroughOverride() {
        let log = TranscriptLog(echo: false)
        let host = DemoHost(log: log, linkedFeatures: linkedFeatures)
        host.registerFeatures()
        let mock = MockToast()
        let handOver = UncheckedMock(mock)
        let absent = host.container.withOverrides { overrides in
            overrides.register(.toast) { handOver.toast }
            // The player is a singleton: the container's would be built with the real toast,
            // since a cached service never captures an override. These live in the override.
            DCExamplePlayerFeature.register(into: overrides)
        } operation: {
            host.runScenario()
        }
        #expect(absent.isEmpty)
        #expect(mock.messages == ["Now playing Intro", "Saved Intro to favourites"])
        #expect(!log.lines.contains { $0.hasPrefix("toast:") })
        // Outside the override the real feature is back, and no cached service kept the mock.
        #expect(!(host.container.load(.toast) is MockToast))
        host.container.load(.player)?.play("Outro")
        #expect(mock.messages == ["Now playing Intro", "Saved Intro to favourites"])
    }

    @Test("A singleton player first made under a test override keeps the real toast")
    func overrideDoesNotLeakIntoPlayer() {
        let log = TranscriptLog(echo: false)
        let host = DemoHost(log: log, linkedFeatures: linkedFeatures)
        host.registerFeatures()
        let mock = MockToast()
        let handOver = UncheckedMock(mock)
        host.container.withOverrides { overrides in
            overrides.register(.toast) { handOver.toast }
        } operation: {
            host.container.load(.player)?.play("Intro")
        }
        #expect(mock.messages.isEmpty, "the cached player was built with the container's toast")
        #expect(log.lines.contains { $0.hasPrefix("toast: \"Now playing Intro\"") })
    }

    @Test("Plugin directories that hold no plugin, or do not exist, are reported and the run goes on")
    func pluginDirectoriesWithoutPlugins() throws {
        let log = TranscriptLog(echo: false)
        let host = DemoHost(log: log, linkedFeatures: linkedFeatures)
        host.registerFeatures()
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent(
            "no-plugins-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: empty, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(at: empty) }
        let reports = host.loadPlugins(from: [empty.path, "/nonexistent/plugins"])
        #expect(reports.map(\.loaded.count) == [0, 0])
        #expect(log.lines.contains("plugins: no plugin libraries in \(empty.path)"))
        #expect(log.lines.contains("plugins: failed: /nonexistent/plugins: no such file"))
        #expect(host.runScenario().isEmpty)
    }

    @Test("The registration table lists the host's and the features' registrations")
    func registrationTable() {
        let log = TranscriptLog(echo: false)
        let host = DemoHost(log: log, linkedFeatures: linkedFeatures)
        host.registerFeatures()
        host.logRegistrations()
        #expect(log.lines.first == "registrations:")
        let ids = host.container.registrations.map(\.id)
        #expect(
            ids == [
                "AnalyticsInjectID", "AppLogInjectID", "BannerInjectID", "CatalogInjectID",
                "PlaybackHistoryID",
                "PlayerInjectID", "PlayerMenuExtensionPoint", "SessionSocketID", "ToastInjectID",
                "UserSessionInjectID",
            ])
        #expect(
            log.lines.contains {
                $0.contains("PlayerInjectID") && $0.hasSuffix("DCExamplePlayerFeature.PlayerProvider")
            })
    }
}

@Suite("Demo host isolation scenario")
struct DemoHostIsolationTests {
    @Test("On the main actor: the banner loads synchronously, and three tasks await one catalog fetch")
    @MainActor
    func isolationScenario() async {
        let log = TranscriptLog(echo: false)
        let host = DemoHost(log: log, linkedFeatures: linkedFeatures)
        host.registerFeatures()
        await host.runIsolationScenario()
        #expect(
            log.lines == [
                "banner (main actor): \"Welcome back, Mina\"",
                "catalog (async): fetched 5 titles",
                "isolation: 3 tasks loaded one catalog; up next: Verse, Chorus, Bridge",
            ])
        let info = host.container.registrations.filter { $0.isolation != .nonisolated }
        #expect(info.map(\.id) == ["BannerInjectID", "CatalogInjectID"])
        #expect(info.map(\.isolation) == [.mainActor, .asynchronous])
    }

    @Test("Without the player feature the banner and the catalog are absent and the scenario goes on")
    @MainActor
    func withoutPlayer() async {
        let log = TranscriptLog(echo: false)
        let host = DemoHost(log: log, linkedFeatures: linkedFeatures)
        host.registerFeatures(excluding: [.player])
        await host.runIsolationScenario()
        #expect(log.lines.contains("isolation: the banner is absent"))
        #expect(log.lines.last == "isolation: the catalog is absent")
        #expect(
            log.lines.contains {
                $0.hasPrefix("container: missing: nothing registered for 'CatalogInjectID'")
            })
    }
}

/// Hands the non-Sendable mock to the override's `@Sendable` factory; the test is single-threaded.
private struct UncheckedMock: @unchecked Sendable {
    let toast: MockToast
    init(_ toast: MockToast) {
        self.toast = toast
    }
}

@Suite("Demo host composition root")
struct DemoHostVerificationTests {
    @Test(
        "The composition root verifies clean: generated providers and the host's declared closures are checked"
    )
    func compositionRootIsClean() {
        let host = DemoHost(log: TranscriptLog(echo: false), linkedFeatures: linkedFeatures)
        host.registerFeatures()
        let report = host.container.verify()
        // Every registration and every load site is checked: the host's closures that load
        // nothing have an inferred empty list, and each of its loads is written out.
        #expect(report.isClean, "\(report)")
        #expect(report.isComplete, "\(report)")
        #expect(report.checkedSiteCount >= 7, "\(report)")
        #expect(report.uncheckedSites.isEmpty, "\(report)")
        #expect(report.unchecked.isEmpty, "\(report)")
    }

    @Test("Running every checked factory once finds no load that the generated declarations miss")
    func runningCheckIsClean() {
        let host = DemoHost(log: TranscriptLog(echo: false), linkedFeatures: linkedFeatures)
        host.registerFeatures()
        let report = host.container.verify(running: true)
        #expect(report.hasNoProblems, "\(report)")
        #expect(!report.problems.contains { $0.kind == .undeclaredLoad })
    }

    @Test("Without the player feature, the toast's required lazy player is reported missing")
    func missingFeature() throws {
        let host = DemoHost(log: TranscriptLog(echo: false), linkedFeatures: linkedFeatures)
        host.registerFeatures(excluding: [.player])
        let report = host.container.verify()
        let missing = try #require(report.problems.first { $0.kind == .missingDependency })
        #expect(missing.registrationID == "ToastInjectID")
        #expect(missing.dependencyID == "PlayerInjectID")
        // The host's own load of the player is optional: a note at its line, not an error.
        let hostLoad = try #require(report.siteProblems.first { $0.dependencyID == "PlayerInjectID" })
        #expect(hostLoad.severity == .note)
        #expect(hostLoad.site?.file == "DCExampleDemoHostKit/DemoHost+PluginLifecycle.swift")
    }
}
