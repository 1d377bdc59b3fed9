import DependencyContainer
import Foundation
import Testing

/// A service whose instances the tests tell apart.
final class LivedToken: Sendable {
    let serial: Int
    init(serial: Int) {
        self.serial = serial
    }
}

/// Waits until a time to live of `seconds` has surely passed on the monotonic clock.
func outlive(_ seconds: Double) {
    Thread.sleep(forTimeInterval: seconds * 3)
}

/// The time to live of the tests whose services must expire: short, and slept past.
let shortLife = 0.05

@Suite("Time to live")
struct TimeToLiveTests {
    @Test("A singleton within its time to live is shared")
    func sharedWithinTimeToLive() {
        let container = Container()
        let id = uniqueID(LivedToken.self)
        let made = Counter()
        container.register(id, options: RegistrationOptions(scope: .singleton, timeToLive: 3600)) { _ in
            LivedToken(serial: made.increment())
        }
        let first = container.load(id)
        #expect(first != nil)
        #expect(container.load(id) === first)
        #expect(made.count == 1)
        #expect(container.hasCachedService(for: id))
    }

    @Test("A singleton past its time to live is made again, and the old one disposed of")
    func singletonExpires() throws {
        let container = Container()
        let id = uniqueID(LivedToken.self)
        let made = Counter()
        let disposed = Protected<[Int]>([])
        let options = RegistrationOptions<LivedToken>(
            scope: .singleton,
            lifecycle: ServiceLifecycle(onDispose: { token in disposed.withLock { $0.append(token.serial) } }
            ),
            timeToLive: shortLife)
        container.register(id, options: options) { _ in LivedToken(serial: made.increment()) }
        let first = try #require(container.load(id))
        outlive(shortLife)
        #expect(!container.hasCachedService(for: id))
        let second = try #require(container.load(id))
        #expect(second !== first)
        #expect(container.load(id) === second)
        #expect(made.count == 2)
        #expect(disposed.withLock { $0 } == [first.serial])
        #expect(container.contains(id))
    }

    @Test("A named scope's service past its time to live is made again")
    func namedScopeExpires() throws {
        let container = Container()
        let id = uniqueID(LivedToken.self)
        let made = Counter()
        container.register(id, options: RegistrationOptions(scope: .session, timeToLive: shortLife)) { _ in
            LivedToken(serial: made.increment())
        }
        let first = try #require(container.load(id))
        outlive(shortLife)
        #expect(container.load(id) !== first)
        #expect(made.count == 2)
    }

    @Test("A weak service still held but past its time to live is made again")
    func weakExpires() throws {
        let container = Container()
        let id = uniqueID(LivedToken.self)
        let made = Counter()
        container.register(id, options: RegistrationOptions(scope: .weak, timeToLive: shortLife)) { _ in
            LivedToken(serial: made.increment())
        }
        let first = try #require(container.load(id))
        #expect(container.load(id) === first)
        outlive(shortLife)
        let second = try #require(container.load(id))
        #expect(second !== first)
        withExtendedLifetime(first) {}
    }

    @Test("A child's load of its parent's expired singleton replaces it in the parent")
    func expiresThroughChild() throws {
        let parent = Container()
        let child = Container(parent: parent)
        let id = uniqueID(LivedToken.self)
        let made = Counter()
        parent.register(id, options: RegistrationOptions(scope: .singleton, timeToLive: shortLife)) { _ in
            LivedToken(serial: made.increment())
        }
        let first = try #require(child.load(id))
        outlive(shortLife)
        let second = try #require(child.load(id))
        #expect(second !== first)
        #expect(parent.load(id) === second)
        #expect(made.count == 2)
    }

    @Test("A time to live on a transient or graph registration changes nothing")
    func ignoredForUnkeptScopes() {
        let container = Container()
        let id = uniqueID(LivedToken.self)
        container.register(id, options: RegistrationOptions(scope: .transient, timeToLive: 10)) { _ in
            LivedToken(serial: 0)
        }
        #expect(container.load(id) !== container.load(id))
        #expect(container.registrations.first { $0.id == id.name }?.timeToLive == nil)
    }

    @Test("registrations shows the time to live", arguments: [Scope.singleton, .weak, .session])
    func shownInRegistrations(scope: Scope) throws {
        let container = Container()
        let id = uniqueID(LivedToken.self)
        container.register(id, options: RegistrationOptions(scope: scope, timeToLive: 300)) { _ in
            LivedToken(serial: 0)
        }
        let info = try #require(container.registrations.first { $0.id == id.name })
        #expect(info.timeToLive == 300)
        #expect(info.description.contains("time to live 300.0 s"))
    }

    @Test("An infinite time to live keeps the service as long as its scope does")
    func infiniteTimeToLive() {
        let container = Container()
        let id = uniqueID(LivedToken.self)
        let outcome = container.register(
            id, options: RegistrationOptions(scope: .singleton, timeToLive: .infinity)
        ) { _ in LivedToken(serial: 0) }
        #expect(outcome.isRegistered)
        #expect(container.load(id) === container.load(id))
    }

    @Test("An async load of an expired singleton makes it again")
    func asyncLoadExpires() async throws {
        let container = Container()
        let id = uniqueID(LivedToken.self)
        let made = Counter()
        container.register(id, options: RegistrationOptions(scope: .singleton, timeToLive: shortLife)) { _ in
            LivedToken(serial: made.increment())
        }
        let first = try await container.requireAsync(id)
        outlive(shortLife)
        let second = try await container.requireAsync(id)
        #expect(second !== first)
        #expect(made.count == 2)
    }
}

@Suite("Time to live: bad input", .tags(.badInput))
struct TimeToLiveBadInputTests {
    @Test(
        "A time to live that is not a positive number rejects the registration, naming the ID",
        arguments: [0, -1, -Double.infinity, Double.nan])
    func badTimeToLive(timeToLive: Double) {
        let container = Container()
        let id = uniqueID(LivedToken.self)
        let log = EventLog()
        container.setDiagnosticsHandler(log.handler)
        let outcome = container.register(
            id, options: RegistrationOptions(scope: .singleton, timeToLive: timeToLive)
        ) { _ in LivedToken(serial: 0) }
        guard case .rejected(.invalidID(let rejected, let reason)) = outcome else {
            Issue.record("expected a rejection, got \(outcome)")
            return
        }
        #expect(rejected == id.name)
        #expect(reason.contains("time to live"))
        #expect(!container.contains(id))
        #expect(log.all.count == 1)
    }
}
