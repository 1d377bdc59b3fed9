import AnalyticsFeature
import AppInterfaces
import DependencyContainer
import PlayerFeature
import Testing
import ToastFeature

@Suite("The app's features, wired through DependencyContainer")
struct PlayerTests {
    @Test("each feature's generated entry registers its provider")
    func generatedEntries() {
        #expect(ToastFeature.registeredTypes == ["ToastProvider"])
        #expect(PlayerFeature.registeredTypes == ["PlayerProvider"])
        #expect(AnalyticsFeature.registeredTypes == ["AnalyticsProvider"])
    }

    @Test("playing announces the title with a toast and an analytics event")
    func playAnnounces() throws {
        let container = Container()
        ToastFeature.register(into: container)
        PlayerFeature.register(into: container)
        AnalyticsFeature.register(into: container)

        let player = try #require(container.load(.player))
        player.play("Intro")

        #expect(player.nowPlaying == "Intro")
        #expect(container.load(.toast)?.shown == ["Now playing Intro"])
        #expect(container.load(.analytics)?.events == ["play Intro"])
    }

    @Test("without the toast feature the player still plays")
    func playsWithoutToast() throws {
        let container = Container()
        PlayerFeature.register(into: container)
        AnalyticsFeature.register(into: container)

        let player = try #require(container.load(.player))
        player.play("Intro")

        #expect(container.load(.toast) == nil)
        #expect(container.load(.analytics)?.events == ["play Intro"])
    }
}
