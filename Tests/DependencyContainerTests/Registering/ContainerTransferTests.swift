import DependencyContainer
import Testing

@Suite("Container: moving registrations between containers")
struct ContainerTransferTests {
    @Test("All registrations move, singletons included, and the staging container is unchanged")
    func adoptsEverything() {
        let host = Container()
        host.register(.analytics) { CountingAnalytics() }
        let staging = Container()
        staging.register(.toast) { RecordingToast() }
        staging.register(.player, scope: .singleton) { StubPlayer(title: "staged") }
        let outcome = host.adoptRegistrations(of: staging, replacingExisting: false)
        #expect(outcome.adopted && outcome.conflicts.isEmpty)
        #expect(host.ownIDs == ["AnalyticsInjectID", "PlayerInjectID", "ToastInjectID"])
        #expect(host.load(.player) === host.load(.player))
        #expect(staging.ownIDs == ["PlayerInjectID", "ToastInjectID"])
    }

    @Test("A conflict moves nothing unless replacing is allowed")
    func conflicts() {
        let host = Container()
        host.register(.player) { StubPlayer(title: "host") }
        let staging = Container()
        staging.register(.player) { StubPlayer(title: "plugin") }
        staging.register(.toast) { RecordingToast() }

        let refused = host.adoptRegistrations(of: staging, replacingExisting: false)
        #expect(!refused.adopted)
        #expect(refused.conflicts == ["PlayerInjectID"])
        #expect(host.ownIDs == ["PlayerInjectID"])
        #expect(host.load(.player)?.title == "host")

        let replaced = host.adoptRegistrations(of: staging, replacingExisting: true)
        #expect(replaced.adopted)
        #expect(replaced.conflicts == ["PlayerInjectID"])
        #expect(host.load(.player)?.title == "plugin")
        #expect(host.load(.toast) != nil)
    }

    @Test("Readers that cached a snapshot see the moved registrations")
    func invalidatesSnapshots() {
        let host = Container()
        for _ in 0..<20 { _ = host.load(.toast) }  // enough reads to publish a snapshot
        let staging = Container()
        staging.register(.toast) { RecordingToast() }
        _ = host.adoptRegistrations(of: staging, replacingExisting: false)
        #expect(host.load(.toast) != nil)
    }
}
