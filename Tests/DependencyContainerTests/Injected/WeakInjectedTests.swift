import DependencyContainer
import Foundation
import Testing

/// A view that shows a player it does not own.
///
/// `@unchecked Sendable`: the wrapper is set once, in `init`; the property is thread-safe.
private final class MiniPlayer: @unchecked Sendable {
    @WeakInjected var player: (any PlayerInject)?

    init(container: Container) {
        _player = WeakInjected(.player, container: container)
    }
}

/// Holds a player weakly for a factory.
///
/// `@unchecked Sendable`: the test writes it before any factory runs, on one thread.
private final class PlayerOwner: @unchecked Sendable {
    weak var player: (any PlayerInject)?
    /// Handed out once `player` is gone.
    var fallback: (any PlayerInject)?
}

@Suite("@WeakInjected", .tags(.lifetime))
struct WeakInjectedTests {
    @Test("The property never keeps its service alive, and reads nil once it is freed")
    func doesNotKeepAlive() {
        let container = Container()
        let counter = Counter()
        let owner = PlayerOwner()
        container.register(.player) { _ in
            counter.increment()
            return owner.player ?? StubPlayer(title: "fallback")
        }
        let view = MiniPlayer(container: container)
        weak var weakPlayer: StubPlayer?
        do {
            let player = StubPlayer()
            weakPlayer = player
            owner.player = player
            #expect(view.player === player)
            #expect(view.$player.hasLoaded)
        }
        #expect(weakPlayer == nil)
        #expect(view.player == nil)
        #expect(!view.$player.hasLoaded)
        // Freed: no new load, which nobody would keep.
        #expect(counter.count == 1)
    }

    @Test("A reload or a reset after the service was freed loads again")
    func reloadAfterRelease() {
        let container = Container()
        let kept = StubPlayer(title: "kept")
        let owner = PlayerOwner()
        owner.fallback = kept
        container.register(.player) { _ in owner.player ?? owner.fallback ?? StubPlayer() }
        let view = MiniPlayer(container: container)
        do {
            let player = StubPlayer()
            owner.player = player
            #expect(view.player === player)
        }
        #expect(view.player == nil)
        #expect(view.$player.reload() === kept)
        #expect(view.player === kept)
        view.$player.reset()
        #expect(view.player === kept)
    }

    @Test("An assigned service is held weakly too")
    func assignedIsWeak() {
        let container = Container()
        let view = MiniPlayer(container: container)
        weak var weakPlayer: StubPlayer?
        do {
            let player = StubPlayer()
            weakPlayer = player
            view.player = player
            #expect(view.player === player)
        }
        #expect(weakPlayer == nil)
        #expect(view.player == nil)
        view.player = nil
        #expect(view.player == nil)  // nothing registered
    }

    @Test("A service that is a value is not held: each read loads it")
    func valueServiceIsNotHeld() {
        let container = Container()
        let counter = Counter()
        let id = uniqueID(Int.self)
        container.register(id) { _ in counter.increment() }
        let property = WeakInjected(id, container: container)
        #expect(property.wrappedValue == 1)
        #expect(property.wrappedValue == 2)
        #expect(!property.projectedValue.hasLoaded)
    }

    @Test("The property does not keep its container alive")
    func containerNotKept() {
        weak var weakContainer: Container?
        var view: MiniPlayer?
        do {
            let container = Container()
            weakContainer = container
            container.register(.player, scope: .singleton) { _ in StubPlayer() }
            view = MiniPlayer(container: container)
            #expect(view?.player != nil)
        }
        #expect(weakContainer == nil)
        #expect(view?.player == nil)
    }
}
