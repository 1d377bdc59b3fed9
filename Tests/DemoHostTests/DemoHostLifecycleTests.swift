import DCExampleAppInterfaces
import DCExampleDemoHostKit
import DependencyContainer
import Testing

@Suite("Demo host lifecycle")
struct DemoHostLifecycleTests {
    @Test(
        "Warm-up starts analytics before the first screen; logging out disposes the history, then its socket")
    @MainActor
    func warmUpAndLogout() async {
        let log = TranscriptLog(echo: false)
        let host = DemoHost(log: log, linkedFeatures: linkedFeatures)
        host.registerFeatures()
        host.warmUp()
        await host.runLogoutScenario()
        #expect(
            log.lines == [
                "warm-up: started AnalyticsInjectID before the first screen",
                "session: play \"Verse\"",
                "socket: opened for Mina",
                "session: log out",
                "history: saved 1 title for Mina before the socket closes",
                "socket: closed for Mina",
                "session: signed out; 2 session services disposed",
            ])
    }

    @Test("Without analytics, warm-up starts nothing and says so")
    func warmUpWithoutAnalytics() {
        let log = TranscriptLog(echo: false)
        let host = DemoHost(log: log, linkedFeatures: linkedFeatures)
        host.registerFeatures(excluding: [.analytics])
        host.warmUp()
        #expect(log.lines.last == "warm-up: started nothing before the first screen")
    }

    @Test("The now-playing screen follows the toast feature's replacement and removal through an observer")
    @MainActor
    func screenFollowsTheToastFeature() async throws {
        let log = TranscriptLog(echo: false)
        let host = DemoHost(log: log, linkedFeatures: linkedFeatures)
        host.registerFeatures()
        await host.runFeatureUpdateScenario()
        let lines = log.lines.filter { !$0.hasPrefix("container:") }
        #expect(lines.count == 8)
        #expect(lines.first == "now playing: shows toasts from DCExampleToastFeature.ToastProvider")
        #expect(lines.contains { $0.hasPrefix("now playing: the toast feature is now closure at") })
        // The replaced toast center is closed before the screen shows the next toast; whether
        // before or after the observer hears of it depends on other threads' loads.
        let closed = try #require(lines.firstIndex(of: "toast: closed"))
        #expect(
            closed > lines.firstIndex(of: "update: the toast feature updates at run time") ?? lines.endIndex)
        #expect(closed < lines.firstIndex(of: "toast (compact): \"Saved Verse to favourites\"") ?? -1)
        #expect(
            Array(lines.suffix(4)) == [
                "toast (compact): \"Saved Verse to favourites\"",
                "update: the toast feature is switched off",
                "now playing: the toast feature is gone; falling back",
                "toast (fallback): not shown: \"Saved Chorus to favourites\"",
            ])
    }
}
