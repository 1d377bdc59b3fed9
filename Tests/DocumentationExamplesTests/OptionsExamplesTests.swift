import DependencyContainer
import Testing

// The examples of the registration options' doc comments and of the Contexts article's
// contributions, compiled and run.

@Suite("Registration options examples")
struct OptionsExamplesTests {
    @Test("Options stated as one value, shared by a registration")
    func sharedOptions() {
        let container = Container()
        container.register(.toast, dependencies: []) { ConsoleToast() }
        let shared = RegistrationOptions<any PlayerInject>(scope: .singleton, dependencies: [.load(.toast)])
        container.register(.player, options: shared) { resolver in
            Player(toast: resolver.load(.toast))
        }
        #expect(container.load(.player) === container.load(.player))
        #expect(container.verify().isClean)
    }

    @Test("Options with an async dispose hook")
    func asyncLifecycleOptions() async throws {
        let container = Container()
        let options = RegistrationOptions<Database>(
            scope: .singleton, lifecycle: .async(onDispose: { try await $0.flush() }),
            dependencies: [])
        container.register(.database, options: options) { _ in Database() }
        let database = try #require(container.load(.database))
        container.removeAll()
        await container.waitForDisposals()
        #expect(database.flushCount == 1)
    }

    @Test("A contribution's options")
    func contributionOptions() {
        let container = Container()
        let options = RegistrationOptions<MenuEntry>(scope: .singleton, dependencies: [])
        container.contribute(to: .playerMenu, named: "share", options: options) { _ in
            MenuEntry(title: "Share")
        }
        #expect(container.load(.playerMenu).map(\.title) == ["Share"])
    }

    @Test("A contribution for a context is in the point only while its context is active")
    func contextContribution() {
        let container = Container()
        let point = ExtensionPoint<String>("ContextsMenu")
        container.contribute(to: point, named: "inspector", context: .preview) { "Inspector" }
        #expect(container.load(point).isEmpty)
        container.setActiveContexts([.preview])
        #expect(container.load(point) == ["Inspector"])
    }
}
