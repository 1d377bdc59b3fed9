import DependencyContainer
import Testing

enum PlayerProvider: InjectProvider {
    static var id: InjectID<any PlayerInject> { .player }
    static func make(with resolver: Resolver) -> any PlayerInject { StubPlayer(title: "provided") }
}

enum SingletonToastProvider: InjectProvider {
    static var id: InjectID<any ToastInject> { .toast }
    static var scope: Scope { .singleton }
    static func make(with resolver: Resolver) throws -> any ToastInject {
        RecordingToast(player: try resolver.require(.player))
    }
}

@Suite("InjectProvider")
struct InjectProviderTests {
    @Test("A provider type registers under its ID with the default transient scope")
    func providerRegistration() {
        let container = Container()
        container.register(PlayerProvider.self)
        #expect(container.load(.player)?.title == "provided")
        #expect(container.load(.player) !== container.load(.player))
        #expect(container.registrations.first?.scope == .transient)
    }

    @Test("A provider's scope and dependencies are honoured")
    func providerWithDependencies() {
        let container = Container()
        container.register(SingletonToastProvider.self)
        #expect(container.load(.toast) == nil)
        container.register(PlayerProvider.self)
        let toast = container.load(.toast) as? RecordingToast
        #expect(toast?.player?.title == "provided")
        #expect(container.load(.toast) === toast)
    }
}
