import DependencyContainer
import Testing

// The examples of the registration options of issue 42 (time to live, a default scope,
// registering once, changing a scope) and of selective reset and introspection, compiled
// and run.

extension InjectID where Service == String {
    static var sessionToken: Self { InjectID("SessionTokenInjectID") }
}

@Suite("Cache control examples")
struct CacheControlExamplesTests {
    @Test("A time to live stated in the options")
    func timeToLive() {
        let container = Container()
        let fiveMinutes = RegistrationOptions<String>(scope: .singleton, timeToLive: 300)
        container.register(.sessionToken, options: fiveMinutes) { _ in "token" }
        #expect(container.load(.sessionToken) == "token")
        #expect(container.hasCachedService(for: .sessionToken))
    }

    @Test("A container whose default scope is Swinject's")
    func swinjectLikeDefault() {
        let swinjectLike = Container(defaultScope: .graph)
        swinjectLike.register(.player) { resolver in Player(toast: resolver.load(.toast)) }
        #expect(swinjectLike.registrations.first?.scope == .graph)
    }

    @Test("Setting a container's default scope")
    func settingDefaultScope() {
        let container = Container()
        container.defaultScope = .singleton
        container.register(.analytics) { ConsoleAnalytics() }  // a singleton
        #expect(container.load(.analytics) === container.load(.analytics))
    }

    @Test("Resetting every cache, keeping the registrations")
    func resetCaches() {
        let container = Container()
        container.register(.analytics, scope: .singleton) { ConsoleAnalytics() }
        _ = container.load(.analytics)
        container.resetCaches()  // 1: the next load makes a new one
        #expect(container.contains(.analytics))
    }

    @Test("Removing an ID's context registrations, keeping its default")
    func removeContextRegistrations() {
        let container = Container()
        container.register(.analytics) { ConsoleAnalytics() }
        container.register(.analytics, context: .preview) { ConsoleAnalytics() }
        container.removeContextRegistrations(of: .analytics)  // 1: the default stays
        #expect(container.registrations.count == 1)
    }

    @Test("Changing the scope of a registration")
    func setScope() {
        let container = Container()
        container.register(.analytics) { ConsoleAnalytics() }
        container.setScope(.singleton, for: .analytics)  // .replaced(the transient one)
        #expect(container.load(.analytics) === container.load(.analytics))
    }

    @Test("A child contains what it inherits")
    func containsInherited() {
        let container = Container()
        let child = Container(parent: container)
        container.register(.analytics) { ConsoleAnalytics() }
        let inherited = child.contains(.analytics)  // true
        #expect(inherited)
    }

    @Test("Whether a service is cached")
    func hasCachedService() {
        let container = Container()
        container.register(.analytics, scope: .singleton) { ConsoleAnalytics() }
        let cached = container.hasCachedService(for: .analytics)  // false: not loaded yet
        #expect(!cached)
    }

    @Test("A start-up registration that a test's earlier one wins over")
    func registeringOnce() {
        let container = Container()
        // In the test, first:
        container.register(.sessionToken) { "test token" }
        // At start-up:
        let once = RegistrationOptions<String>(scope: .singleton, keepsExistingRegistration: true)
        container.register(.sessionToken, options: once) { _ in "production token" }  // .kept
        #expect(container.load(.sessionToken) == "test token")
    }
}
