import DependencyContainer
import Foundation
import Testing

/// A player made from a title.
private final class TitledPlayer: PlayerInject, Sendable {
    let title: String
    init(title: String) { self.title = title }
}

private func titledPlayerID(_ label: String = #function) -> ArgumentInjectID<String, any PlayerInject> {
    ArgumentInjectID("\(label)-\(UUID().uuidString)")
}

/// Keeps a provider and a lazy handle its factory took.
private final class Playlist: Sendable {
    let makePlayer: ArgumentProvider<String, any PlayerInject>
    let intro: ArgumentLazy<String, any PlayerInject>
    init(
        makePlayer: ArgumentProvider<String, any PlayerInject>, intro: ArgumentLazy<String, any PlayerInject>
    ) {
        self.makePlayer = makePlayer
        self.intro = intro
    }
}

@Suite("Handles for argument IDs", .tags(.lifetime))
struct ArgumentHandleTests {
    @Test("A provider makes a service from each call's argument")
    func providerMakesEachCall() throws {
        let container = Container()
        let id = titledPlayerID()
        container.register(id) { _, title in TitledPlayer(title: title) }
        let makePlayer = container.provider(id)
        #expect(makePlayer.id == id)
        #expect(makePlayer("a")?.title == "a")
        #expect(try makePlayer.require("b").title == "b")
        #expect(makePlayer("a") !== makePlayer("a"))
    }

    @Test("A provider of an absent ID yields nil and reports; require throws and reports nothing")
    func providerAbsent() {
        let container = Container()
        let log = EventLog()
        container.setDiagnosticsHandler(log.handler)
        let makePlayer = container.provider(titledPlayerID())
        #expect(makePlayer("a") == nil)
        #expect(log.all.count == 1)
        #expect(throws: ContainerError.self) { try makePlayer.require("a") }
        #expect(log.all.count == 1)
    }

    @Test("A lazy handle makes its service from its argument once, and copies share it")
    func lazyLoadsOnce() throws {
        let container = Container()
        let id = titledPlayerID()
        let counter = Counter()
        container.register(id) { _, title in
            counter.increment()
            return TitledPlayer(title: title)
        }
        let intro = container.lazy(id, argument: "Intro")
        #expect(counter.count == 0)
        let copy = intro
        #expect(intro.value?.title == "Intro")
        #expect(copy.value === intro.value)
        #expect(try intro.require() === intro.value)
        #expect(counter.count == 1)
        #expect(intro.argument == "Intro")
    }

    @Test("A lazy handle that found nothing tries again")
    func lazyRetries() throws {
        let container = Container()
        let id = titledPlayerID()
        let intro = container.lazy(id, argument: "Intro")
        #expect(intro.value == nil)
        #expect(throws: ContainerError.self) { try intro.require() }
        container.register(id) { _, title in TitledPlayer(title: title) }
        #expect(try intro.require().title == "Intro")
    }

    @Test("Resolvers hand out the handles to factories")
    func fromResolver() throws {
        let container = Container()
        let id = titledPlayerID()
        container.register(id) { _, title in TitledPlayer(title: title) }
        let playlistID = uniqueID(Playlist.self)
        container.register(playlistID, scope: .singleton) { resolver in
            Playlist(makePlayer: resolver.provider(id), intro: resolver.lazy(id, argument: "Intro"))
        }
        let playlist = try #require(container.load(playlistID))
        #expect(playlist.makePlayer("Outro")?.title == "Outro")
        #expect(playlist.intro.value?.title == "Intro")
    }

    @Test("Handles kept in a cached service do not keep its container alive")
    func handlesDoNotKeepContainer() throws {
        weak var weakContainer: Container?
        var kept: Playlist?
        let id = titledPlayerID()
        do {
            let container = Container()
            weakContainer = container
            container.register(id) { _, title in TitledPlayer(title: title) }
            let playlistID = uniqueID(Playlist.self)
            container.register(playlistID, scope: .singleton) { resolver in
                Playlist(makePlayer: resolver.provider(id), intro: resolver.lazy(id, argument: "Intro"))
            }
            kept = container.load(playlistID)
            #expect(kept?.makePlayer("a") != nil)
        }
        #expect(weakContainer == nil)
        let playlist = try #require(kept)
        #expect(playlist.makePlayer("a") == nil)
        #expect(playlist.intro.value == nil)
        #expect {
            try playlist.makePlayer.require("a")
        } throws: { error in
            guard case .containerReleased = error as? ContainerError else { return false }
            return true
        }
        #expect {
            try playlist.intro.require()
        } throws: { error in
            guard case .containerReleased = error as? ContainerError else { return false }
            return true
        }
    }

    @Test("verify() accepts the declared handles, and a handle breaks a cycle")
    func verifiesHandles() {
        let container = Container()
        let id = titledPlayerID()
        let playlistID = uniqueID(Playlist.self)
        // The player's factory loads the playlist: through handles, no cycle.
        container.register(id, dependencies: [.load(playlistID)]) { resolver, title in
            _ = resolver.load(playlistID)
            return TitledPlayer(title: title)
        }
        container.register(playlistID, scope: .singleton, dependencies: [.provider(id), .lazy(id)]) {
            resolver in
            Playlist(makePlayer: resolver.provider(id), intro: resolver.lazy(id, argument: "Intro"))
        }
        let report = container.verify()
        #expect(report.isClean, "\(report)")
    }

    @Test("Dependency declares the argument handles by kind")
    func dependencyDeclarations() {
        let id = ArgumentInjectID<String, any PlayerInject>("TitledPlayer")
        #expect(Dependency.provider(id).kind == .provider)
        #expect(Dependency.lazy(id, optional: true).kind == .lazy)
        #expect(Dependency.lazy(id, optional: true).isOptional)
        #expect(Dependency.provider(id).serviceType == Dependency.require(id).serviceType)
        #expect(Dependency.provider(id).description == "TitledPlayer (provider)")
    }
}
