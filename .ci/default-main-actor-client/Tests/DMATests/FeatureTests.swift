import DMAInterfaces
import DMAPlayerFeature
import DMAToastFeature
import DependencyContainer
import Testing

@Suite("Features of a default main-actor app, wired through DependencyContainer")
struct FeatureTests {
    private func makeContainer() -> Container {
        let container = Container()
        container.register(.eventLog, scope: .singleton) { EventLog() }
        ToastFeature.register(into: container)
        container.register(PlayerProvider.self)
        return container
    }

    @Test("The composition root verifies clean, and a missing feature is found without running a factory")
    func compositionRootVerifies() {
        let container = makeContainer()
        let report = container.verify()
        // The event log's closure declares nothing: no problem, but not clean.
        #expect(report.hasNoProblems && !report.isClean, "\(report)")
        #expect(report.unchecked.isEmpty == false, "the event log's closure declares nothing")
        let withoutToast = Container()
        withoutToast.register(PlayerProvider.self)
        // The player's toast is optional: a note, not an error.
        #expect(withoutToast.verify().hasNoProblems)
        #expect(withoutToast.verify().problems.map(\.dependencyID) == ["DMAToastInjectID"])
    }

    @Test("Playing announces the title with a toast")
    func playAnnounces() throws {
        let container = makeContainer()
        let player = try #require(container.load(.player))
        player.play("Intro")
        #expect(container.load(.toast)?.shown == ["Now playing Intro"])
        #expect(container.load(.eventLog)?.all == ["toast: Now playing Intro"])
    }

    @Test("Without the toast feature the player still plays")
    func playsWithoutToast() throws {
        let container = Container()
        container.register(PlayerProvider.self)
        let player = try #require(container.load(.player))
        player.play("Intro")
        #expect(player.nowPlaying == "Intro")
        #expect(container.load(.toast) == nil)
    }

    @Test("A test overrides a main-actor feature with a main-actor stub")
    func overrideWithStub() {
        let container = makeContainer()
        let stub = StubToast()
        container.withOverrides { overrides in
            overrides.registerOnMainActor(.toast) { stub }
        } operation: {
            container.load(.toast)?.show("Saved")
        }
        #expect(stub.shown == ["Saved"])
        #expect(container.load(.toast) !== stub, "the override ends with the operation")
    }

    @Test("Off the main actor, the main-actor features load with await")
    nonisolated func loadAsyncOffMainActor() async {
        let container = await makeContainer()
        #expect(await container.loadAsync(.player) != nil)
        #expect(container.load(.eventLog) != nil, "a nonisolated service loads synchronously anywhere")
    }
}

/// A toast that keeps what it is asked to show.
final class StubToast: ToastInject {
    private(set) var shown: [String] = []
    func show(_ message: String) { shown.append(message) }
    func showNowPlaying() {}
}
