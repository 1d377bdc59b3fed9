import DependencyContainer
import Foundation
import Testing

/// A toast that makes players through a provider.
private final class ProvidingToast: ToastInject {
    let players: ServiceProvider<any PlayerInject>
    init(players: ServiceProvider<any PlayerInject>) { self.players = players }
    func request(message: String, timeInterval: TimeInterval) {}
}

@Suite("Service providers", .tags(.lifetime))
struct ServiceProviderTests {
    @Test("Each call loads anew: a transient is new each time, a singleton the same")
    func loadsEachCall() throws {
        let container = Container()
        container.register(.player) { _ in StubPlayer() }
        let transient = container.provider(.player)
        #expect(transient() !== transient())
        #expect(try transient.require() !== transient.require())

        container.register(.player, scope: .singleton) { _ in StubPlayer() }
        let singleton = container.provider(.player)
        #expect(singleton() === singleton())
    }

    @Test("An absent service is nil and reported; require throws and reports nothing")
    func absent() {
        let container = Container()
        let log = EventLog()
        container.setDiagnosticsHandler(log.handler)
        let provider = container.provider(.player)
        #expect(provider() == nil)
        #expect(log.all.count == 1)
        #expect(throws: ContainerError.self) { try provider.require() }
        #expect(log.all.count == 1)
    }

    @Test("A provider kept in a cached service follows its context and not the caller's overrides")
    func context() throws {
        let container = Container()
        container.register(.player) { _ in StubPlayer(title: "real") }
        container.register(.toast, scope: .singleton) { resolver in
            ProvidingToast(players: resolver.provider(.player))
        }
        let toast = try #require(container.load(.toast) as? ProvidingToast)
        let seen = container.withOverrides {
            $0.register(.player) { _ in StubPlayer(title: "mock") }
        } operation: {
            toast.players()
        }
        #expect(seen?.title == "real")
    }

    @Test("A provider kept in a cached service does not keep its container alive")
    func weakContext() throws {
        weak var weakContainer: Container?
        var kept: ServiceProvider<any PlayerInject>?
        do {
            let container = Container()
            weakContainer = container
            container.register(.player) { _ in StubPlayer() }
            container.register(.toast, scope: .singleton) { resolver in
                ProvidingToast(players: resolver.provider(.player))
            }
            kept = (container.load(.toast) as? ProvidingToast)?.players
            #expect(kept?.callAsFunction() != nil)
        }
        #expect(weakContainer == nil)
        let provider = try #require(kept)
        #expect(provider() == nil)
        #expect(throws: ContainerError.self) { try provider.require() }
    }
}
