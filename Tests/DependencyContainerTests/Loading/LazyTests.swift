import DependencyContainer
import Dispatch
import Foundation
import Testing

/// A toast that reaches the player through a lazy handle, as the example app's does.
private final class LazyToast: ToastInject {
    let player: Lazy<any PlayerInject>
    init(player: Lazy<any PlayerInject>) { self.player = player }
    func request(message: String, timeInterval: TimeInterval) {}
}

/// A player that holds the toast it was made with.
private final class ToastedPlayer: PlayerInject {
    let title = "toasted"
    let toast: (any ToastInject)?
    init(toast: (any ToastInject)?) { self.toast = toast }
}

private struct PlayerDown: Error {}

@Suite("Lazy handles", .tags(.lifetime))
struct LazyTests {
    @Test("Toast and player need each other: both are created eagerly, the player on first use")
    func mutualNeed() throws {
        let container = Container()
        let players = Counter()
        container.register(.toast, scope: .singleton) { resolver in LazyToast(player: resolver.lazy(.player))
        }
        container.register(.player, scope: .singleton) { resolver in
            players.increment()
            return ToastedPlayer(toast: resolver.load(.toast))
        }
        let toast = try #require(container.load(.toast) as? LazyToast)
        #expect(players.count == 0)
        let player = try #require(toast.player.value as? ToastedPlayer)
        #expect(player.toast === toast)
        #expect(toast.player.value === player)
        #expect(try toast.player.require() === player)
        #expect(players.count == 1)
    }

    @Test("A transient service is loaded once per handle, and copies share it")
    func loadsOnce() {
        let container = Container()
        let players = Counter()
        container.register(.player) { _ in
            players.increment()
            return StubPlayer()
        }
        let lazy = container.lazy(.player)
        let copy = lazy
        #expect(lazy.value === copy.value)
        #expect(players.count == 1)
        #expect(container.lazy(.player).value !== lazy.value)
    }

    @Test("An absent service is nil and reported; a later use loads it once registered")
    func absentThenRegistered() {
        let container = Container()
        let log = EventLog()
        container.setDiagnosticsHandler(log.handler)
        let lazy = container.lazy(.player)
        #expect(lazy.value == nil)
        #expect(log.all.count == 1)
        #expect(throws: ContainerError.self) { try lazy.require() }
        #expect(log.all.count == 1)  // require reports nothing
        container.register(.player) { _ in StubPlayer(title: "late") }
        #expect(lazy.value?.title == "late")
    }

    @Test("require throws the factory's failure and reports nothing")
    func requireFailure() {
        let container = Container()
        let log = EventLog()
        container.setDiagnosticsHandler(log.handler)
        container.register(.player) { _ throws -> any PlayerInject in throw PlayerDown() }
        #expect {
            try container.lazy(.player).require()
        } throws: { error in
            guard case .factoryFailed(let id, _) = error as? ContainerError else { return false }
            return id == "PlayerInjectID"
        }
        #expect(log.all.isEmpty)
    }

    @Test("A first use inside the factory of the service it points to is a cycle: nil and a diagnostic")
    func firstUseInOwnFactory() {
        for scope in [Scope.transient, .singleton] {
            let container = Container()
            let log = EventLog()
            container.setDiagnosticsHandler(log.handler)
            container.register(.player, scope: scope) { resolver in
                ToastedPlayer(toast: resolver.lazy(.player).value.map { _ in RecordingToast() })
            }
            #expect(container.load(.player) == nil, "\(scope)")
            #expect(
                log.all.contains { event in
                    guard case .failed(.cycle(let path)) = event else { return false }
                    return path == ["PlayerInjectID", "PlayerInjectID"]
                }, "\(scope): \(log.descriptions)")
        }
    }

    @Test("A use of a handle inside its own first load is a cycle, not a hang")
    func reentrantUse() {
        let container = Container()
        let log = EventLog()
        container.setDiagnosticsHandler(log.handler)
        let handle = Protected<Lazy<any PlayerInject>?>(nil)
        container.register(.player) { _ in
            let inner = handle.withLock { $0 }
            return ToastedPlayer(toast: inner?.value.map { _ in RecordingToast() })
        }
        let lazy = container.lazy(.player)
        handle.withLock { $0 = lazy }
        #expect(lazy.value == nil)
        #expect(
            log.all.contains { if case .failed(.cycle) = $0 { true } else { false } }, "\(log.descriptions)")
        #expect(throws: ContainerError.self) { try lazy.require() }
    }

    @Test("The first use loads as the resolver's context sees it, not as the calling task does")
    func contextOfOrigin() throws {
        let container = Container()
        container.register(.player) { _ in StubPlayer(title: "real") }
        container.register(.toast, scope: .singleton) { resolver in LazyToast(player: resolver.lazy(.player))
        }
        let toast = try #require(container.load(.toast) as? LazyToast)
        let seen = container.withOverrides {
            $0.register(.player) { _ in StubPlayer(title: "mock") }
        } operation: {
            toast.player.value
        }
        #expect(seen?.title == "real")
    }

    @Test("A handle kept in a cached service does not keep its container alive")
    func weakContext() throws {
        weak var weakContainer: Container?
        var kept: Lazy<any PlayerInject>?
        do {
            let container = Container()
            weakContainer = container
            container.register(.player) { _ in StubPlayer() }
            container.register(.toast, scope: .singleton) { resolver in
                LazyToast(player: resolver.lazy(.player))
            }
            kept = (container.load(.toast) as? LazyToast)?.player
        }
        #expect(weakContainer == nil)
        let lazy = try #require(kept)
        #expect(lazy.value == nil)
        #expect {
            try lazy.require()
        } throws: { error in
            guard case .containerReleased(let id, let type) = error as? ContainerError else { return false }
            return id == "PlayerInjectID" && type == "any PlayerInject"
        }
    }

    @Test("A handle taken under overrides loads nothing once their scope has ended")
    func overrideScopeGone() {
        let container = Container()
        container.register(.player) { _ in StubPlayer(title: "real") }
        let lazy = container.withOverrides {
            $0.register(.player) { _ in StubPlayer(title: "mock") }
        } operation: {
            container.lazy(.player)
        }
        // The scope it would load through is gone; loading from the container instead would
        // be a view the handle never had.
        #expect(lazy.value == nil)
        let inside = container.withOverrides {
            $0.register(.player) { _ in StubPlayer(title: "mock") }
        } operation: {
            container.lazy(.player).value?.title
        }
        #expect(inside == "mock")
    }

    @Test(
        "A handle a cached service takes is captive when its first use loads a named-scope service",
        arguments: [CaptiveDependencyPolicy.report, .fail])
    func captive(policy: CaptiveDependencyPolicy) throws {
        let container = Container()
        container.captiveDependencyPolicy = policy
        let log = EventLog()
        container.setDiagnosticsHandler(log.handler)
        container.register(.player, scope: .session) { _ in StubPlayer(title: "session") }
        container.register(.toast, scope: .singleton) { resolver in LazyToast(player: resolver.lazy(.player))
        }
        let toast = try #require(container.load(.toast) as? LazyToast)
        #expect(log.all.isEmpty)
        let player = toast.player.value
        #expect(
            log.all.contains { event in
                guard case .captiveDependency(.captiveDependency(let id, _, let dependency, _)) = event else {
                    return false
                }
                return id == "ToastInjectID" && dependency == "PlayerInjectID"
            }, "\(log.descriptions)")
        #expect(player?.title == (policy == .report ? "session" : nil))

        // A transient service keeps nothing for long: its handle is no captive.
        let transient = Container()
        let quiet = EventLog()
        transient.setDiagnosticsHandler(quiet.handler)
        transient.register(.player, scope: .session) { _ in StubPlayer(title: "session") }
        transient.register(.toast) { resolver in LazyToast(player: resolver.lazy(.player)) }
        #expect((transient.load(.toast) as? LazyToast)?.player.value?.title == "session")
        #expect(quiet.all.isEmpty)
    }

    @Test("A loaded service stays with the handle after its container is gone")
    func loadedOutlivesContainer() throws {
        var kept: Lazy<any PlayerInject>?
        do {
            let container = Container()
            container.register(.player) { _ in StubPlayer(title: "kept") }
            let lazy = container.lazy(.player)
            _ = lazy.value
            kept = lazy
        }
        #expect(try #require(kept).value?.title == "kept")
    }
}

@Suite("Lazy handles: threads racing on the first use", .tags(.concurrency))
struct LazyConcurrencyTests {
    @Test("Threads racing on the first use load once and all get the same service")
    func race() {
        for round in 0..<50 {
            let container = Container()
            let players = Counter()
            container.register(.player) { _ in
                players.increment()
                usleep(50)  // widen the window in which the others arrive
                return StubPlayer()
            }
            let lazy = container.lazy(.player)
            let seen = Protected<Set<ObjectIdentifier>>([])
            DispatchQueue.concurrentPerform(iterations: 8) { _ in
                guard let player = lazy.value else { return }
                seen.withLock { _ = $0.insert(ObjectIdentifier(player)) }
            }
            #expect(players.count == 1, "round \(round)")
            #expect(seen.withLock { $0.count } == 1, "round \(round)")
        }
    }
}
