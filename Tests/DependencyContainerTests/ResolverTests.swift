import DependencyContainer
import Foundation
import Testing

/// A player that keeps the resolver its factory got, to load with it later.
private final class KeepingPlayer: PlayerInject {
    let title: String
    let resolver: Resolver
    init(title: String = "kept", resolver: Resolver) {
        self.title = title
        self.resolver = resolver
    }
}

/// Registers a transient `KeepingPlayer` in `container` and loads it while `toast` overrides
/// the container's toast.
private func transientPlayer(in container: Container, loadedWhileOverriding toast: RecordingToast)
    -> KeepingPlayer?
{
    container.register(.player) { resolver in KeepingPlayer(resolver: resolver) }
    return container.withOverrides {
        $0.register(.toast) { toast }
    } operation: {
        container.load(.player) as? KeepingPlayer
    }
}

private struct ContributionFailure: Error {}

private struct MenuItem: Sendable, Equatable {
    let title: String
}

@Suite("Resolver: the context a factory runs in")
struct ResolverTests {
    @Test("A transient service's kept resolver sees the override scope its load came through")
    func transientKeepsOverrides() throws {
        let container = Container()
        let real = RecordingToast()
        let mock = RecordingToast()
        let other = RecordingToast()
        container.register(.toast) { real }
        let player = try #require(transientPlayer(in: container, loadedWhileOverriding: mock))
        // Outside the scope, and inside another one, its loads still see the mock.
        #expect(player.resolver.load(.toast) === mock)
        let inOther = container.withOverrides {
            $0.register(.toast) { other }
        } operation: {
            player.resolver.load(.toast)
        }
        #expect(inOther === mock)
        #expect(try player.resolver.require(.toast) === mock)
        // The container itself is unchanged.
        #expect(container.load(.toast) === real)
    }

    @Test("A kept resolver's async loads see the same context")
    func asyncLoadsKeepContext() async throws {
        let container = Container()
        let mock = RecordingToast()
        container.register(.toast) { RecordingToast() }
        let player = try #require(transientPlayer(in: container, loadedWhileOverriding: mock))
        #expect(await player.resolver.loadAsync(.toast) === mock)
        #expect(try await player.resolver.requireAsync(.toast) === mock)
    }

    @Test("A cached service's kept resolver sees its own container, not the caller's overrides")
    func cachedIgnoresCallerOverrides() throws {
        let container = Container()
        let real = RecordingToast()
        container.register(.toast) { real }
        container.register(.player, scope: .singleton) { resolver in KeepingPlayer(resolver: resolver) }
        let player = try #require(container.load(.player) as? KeepingPlayer)
        let seen = container.withOverrides {
            $0.register(.toast) { RecordingToast() }
        } operation: {
            player.resolver.load(.toast)
        }
        #expect(seen === real)
    }

    @Test("A parent's singleton loaded through a child resolves from the parent; a transient from the child")
    func childContext() throws {
        let parent = Container()
        let child = Container(parent: parent)
        let parentToast = RecordingToast()
        let childToast = RecordingToast()
        parent.register(.toast) { parentToast }
        child.register(.toast) { childToast }
        parent.register(.player, scope: .singleton) { resolver in KeepingPlayer(resolver: resolver) }
        let cached = try #require(child.load(.player) as? KeepingPlayer)
        #expect(cached.resolver.container === parent)
        #expect(cached.resolver.load(.toast) === parentToast)

        let transientID = uniqueID((any PlayerInject).self)
        parent.register(transientID) { resolver in KeepingPlayer(resolver: resolver) }
        let transient = try #require(child.load(transientID) as? KeepingPlayer)
        #expect(transient.resolver.container === child)
        #expect(transient.resolver.load(.toast) === childToast)
    }

    @Test("A kept resolver's later loads are loads of their own: no cycle with the service it made")
    func laterLoadsAreNoCycle() throws {
        let container = Container()
        let log = EventLog()
        container.setDiagnosticsHandler(log.handler)
        container.register(.player, scope: .singleton) { resolver in KeepingPlayer(resolver: resolver) }
        let player = try #require(container.load(.player) as? KeepingPlayer)
        // Inside its factory this load would be a cycle; afterwards it returns the service.
        #expect(player.resolver.load(.player) === player)
        #expect(log.all.isEmpty)
    }

    @Test("require for an extension point throws the first failure and reports nothing")
    func requireExtensionPoint() throws {
        let container = Container()
        let log = EventLog()
        container.setDiagnosticsHandler(log.handler)
        let point = ExtensionPoint<MenuItem>("ResolverMenu-\(UUID())")
        let titles = InjectID<[String]>("ResolverTitles-\(UUID())")
        container.register(titles) { resolver throws in try resolver.require(point).map(\.title) }
        #expect(container.load(titles) == [])

        container.contribute(to: point, named: "share", priority: 1) { MenuItem(title: "Share") }
        #expect(try container.require(titles) == ["Share"])

        container.contribute(to: point, named: "broken") { _ throws -> MenuItem in throw ContributionFailure()
        }
        #expect(throws: ContainerError.self) { try container.require(titles) }
        #expect(log.all.isEmpty)

        // `load` leaves the failing contribution out and reports it.
        let loaded = InjectID<[String]>("ResolverLoaded-\(UUID())")
        container.register(loaded) { resolver in resolver.load(point).map(\.title) }
        #expect(container.load(loaded) == ["Share"])
        #expect(log.all.count == 1)
    }
}
