import DependencyContainer
import DependencyContainerTesting
import Foundation
import Testing

// An app container whose player is a singleton that keeps the toast: without isolated
// instances, whichever test loads it first would wire it with its own mock for every test.

/// A player kept as a singleton; numbered in creation order, and counting its disposals.
final class SingletonPlayer: PlayerInject, @unchecked Sendable {
    let toast: (any ToastInject)?
    let serial: Int
    private let disposed = LockedMessages()

    init(toast: (any ToastInject)?) {
        self.toast = toast
        serial = SingletonPlayer.nextSerial()
    }

    func play(_ title: String) { toast?.show("Now playing \(title)") }
    func dispose() { disposed.append("disposed") }
    var disposeCount: Int { disposed.all.count }

    private static let serials = LockedMessages()
    /// The next number in creation order.
    static func nextSerial() -> Int {
        serials.append("")
        return serials.all.count
    }
}

extension InjectID where Service == SingletonPlayer {
    static var singletonPlayer: Self { InjectID("SingletonPlayerInjectID") }
}

let isolatedAppContainer: Container = {
    let container = Container()
    container.register(.toast, scope: .singleton) { ConsoleToast() }
    container.register(.singletonPlayer, scope: .singleton, onDispose: { $0.dispose() }) { resolver in
        SingletonPlayer(toast: resolver.load(.toast))
    }
    // Made before any test starts: no test may see it.
    _ = container.load(.singletonPlayer)
    return container
}()

/// Each test loads the real cached player, wired with the test's own mock toast.
func checkOwnInstances(_ label: String) throws {
    let startedAfter = SingletonPlayer.nextSerial()
    let toast = try #require(isolatedAppContainer.load(.toast) as? RecordingToast)
    let player = try #require(isolatedAppContainer.load(.singletonPlayer))
    for _ in 0..<50 {
        #expect(isolatedAppContainer.load(.singletonPlayer) === player)
    }
    #expect(player.serial > startedAfter, "the player was made before the test started")
    #expect(player.toast === toast)
    player.play(label)
    #expect(toast.messages == ["Now playing \(label)"])
}

/// Six tests that run in parallel, each with its own singleton and its own mock.
@Suite("Testing trait: isolated instances", .tags(.concurrency))
struct IsolatedInstancesTraitTests {
    static let mock: @Sendable (Container) -> Void = {
        $0.register(.toast, scope: .singleton) { RecordingToast() }
    }

    @Test("Test 1 gets its own singleton player and mock", .isolatedInstances(isolatedAppContainer, mock))
    func first() throws { try checkOwnInstances("one") }

    @Test("Test 2 gets its own singleton player and mock", .isolatedInstances(isolatedAppContainer, mock))
    func second() throws { try checkOwnInstances("two") }

    @Test("Test 3 gets its own singleton player and mock", .isolatedInstances(isolatedAppContainer, mock))
    func third() throws { try checkOwnInstances("three") }

    @Test("Test 4 gets its own singleton player and mock", .isolatedInstances(isolatedAppContainer, mock))
    func fourth() async throws {
        try await Task.detached { try await Task.sleep(nanoseconds: 1_000_000) }.value
        try checkOwnInstances("four")
    }

    @Test("Test 5 gets its own singleton player and mock", .isolatedInstances(isolatedAppContainer, mock))
    func fifth() async throws {
        try checkOwnInstances("five")
    }

    @Test("Test 6 gets its own singleton player and mock", .isolatedInstances(isolatedAppContainer, mock))
    func sixth() async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try checkOwnInstances("six") }
            try await group.waitForAll()
        }
    }
}

@Suite("withIsolatedInstances: disposal at the end", .tags(.concurrency))
struct IsolatedInstancesDisposalTests {
    @Test("The services made in the scope are disposed when it ends; the container's own are untouched")
    func disposedAtEnd() async throws {
        let container = Container()
        container.register(.singletonPlayer, scope: .singleton, onDispose: { $0.dispose() }) { resolver in
            SingletonPlayer(toast: resolver.load(.toast))
        }
        let shared = try #require(container.load(.singletonPlayer))
        let isolated = try container.withIsolatedInstances {
            try #require(container.load(.singletonPlayer))
        }
        #expect(isolated !== shared)
        var disposed = false
        for _ in 0..<500 where !disposed {
            disposed = isolated.disposeCount == 1
            if !disposed { try await Task.sleep(nanoseconds: 2_000_000) }
        }
        #expect(disposed)
        #expect(shared.disposeCount == 0)
        #expect(container.load(.singletonPlayer) === shared)
    }

    @Test("A parent's singleton reached through a child is isolated too, and overrides compose")
    func parentsAndOverrides() throws {
        let parent = Container()
        parent.register(.singletonPlayer, scope: .singleton) { resolver in
            SingletonPlayer(toast: resolver.load(.toast))
        }
        parent.register(.toast, scope: .singleton) { ConsoleToast() }
        let child = Container(parent: parent)
        let shared = try #require(child.load(.singletonPlayer))
        try child.withOverrides {
            $0.register(.toast) { RecordingToast() }
        } operation: {
            try child.withIsolatedInstances {
                let player = try #require(child.load(.singletonPlayer))
                #expect(player !== shared)
                #expect(player.toast is RecordingToast)
            }
        }
    }
}

@Suite("Testing trait: isolated instances examples", .tags(.concurrency))
struct IsolatedInstancesExamplesTests {
    @Test(.isolatedInstances(appContainer) { $0.register(.toast, scope: .singleton) { RecordingToast() } })
    func playingShowsAToastInIsolation() throws {
        let toast = try #require(appContainer.load(.toast) as? RecordingToast)
        appContainer.load(.player)?.play("Intro")
        #expect(toast.messages == ["Now playing Intro"])
    }

    @Test(.isolatedInstances(appContainer))
    func startsWithAFreshPlayer() {
        #expect(appContainer.load(.player) != nil)
    }
}
