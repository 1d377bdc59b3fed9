import DependencyContainer
import Foundation
import Testing

@Suite("Verifying the composition by running factories")
struct RunningVerificationTests {
    @Test("The running check catches a load the declaration misses, which verify() alone cannot see")
    func undeclaredLoad() throws {
        let container = Container()
        let line = #line + 1
        container.register(.toast, dependencies: [.load(.player)]) { resolver in
            _ = resolver.load(.player)
            _ = resolver.load(.analytics)
            return RecordingToast()
        }
        container.register(.analytics, dependencies: []) { CountingAnalytics() }
        #expect(container.verify().problems.map(\.kind) == [.missingOptionalDependency])
        let report = container.verify(running: true)
        let problem = try #require(report.problems.first { $0.kind == .undeclaredLoad })
        #expect(problem.severity == .error)
        #expect(problem.dependencyID == "AnalyticsInjectID")
        #expect(problem.location == VerifiedRegistration.Location(file: #fileID, line: line))
        #expect(!report.isClean)
        #expect(container.verify(running: false) == container.verify())
    }

    @Test("The async check also runs main-actor and async factories, catching their undeclared loads")
    func isolatedFactories() async throws {
        let container = Container()
        let made = Counter()
        container.registerOnMainActor(.banner, scope: .singleton, dependencies: []) { resolver in
            made.increment()
            return BannerToast(player: resolver.load(.player))
        }
        let database = uniqueID(Counter.self)
        container.registerAsync(database, scope: .singleton, dependencies: [.load(.toast)]) { resolver in
            _ = await resolver.loadAsync(.toast)
            _ = await resolver.loadAsync(.analytics)
            return Counter()
        }
        container.register(.analytics, dependencies: []) { CountingAnalytics() }
        // The synchronous check never runs them.
        let synchronous = runSynchronously(container)
        #expect(!synchronous.problems.contains { $0.kind == .undeclaredLoad })
        let report = await container.verifyRunningIncludingIsolated()
        let undeclared = report.problems.filter { $0.kind == .undeclaredLoad }
        #expect(Set(undeclared.map(\.registrationID)) == ["BannerInjectID", database.name])
        #expect(Set(undeclared.compactMap(\.dependencyID)) == ["PlayerInjectID", "AnalyticsInjectID"])
        // Run once, in the sandbox: nothing was cached in the container.
        #expect(made.count == 1)
        let banner = await container.loadAsync(.banner)
        #expect(banner != nil)
        #expect(made.count == 2)
    }

    /// The synchronous check, called from a synchronous context, as an app's test would.
    private func runSynchronously(_ container: Container) -> VerificationReport {
        container.verify(running: true)
    }

    @Test("An ID built at run time that the declaration misses is reported, with the nil it got")
    func runtimeID() throws {
        let container = Container()
        let feature = "Search"
        container.register(.toast, dependencies: []) { resolver in
            _ = resolver.load(InjectID<Counter>("Feature" + feature))
            return RecordingToast()
        }
        let problem = try #require(container.verify(running: true).problems.first)
        #expect(problem.dependencyID == "FeatureSearch")
        #expect(problem.message.contains("got nil"))
    }

    @Test("The running check caches nothing in the container: its services are the sandbox's")
    func cachesNothing() throws {
        let container = Container()
        let made = Counter()
        let dependencyMade = Counter()
        container.register(.toast, scope: .singleton, dependencies: [.require(.analytics)]) { resolver in
            made.increment()
            _ = try resolver.require(.analytics)
            return RecordingToast()
        }
        container.register(.analytics, scope: .singleton, dependencies: []) {
            dependencyMade.increment()
            return CountingAnalytics()
        }
        #expect(container.verify(running: true).isClean)
        #expect(made.count == 1)
        #expect(dependencyMade.count == 2, "run once as its own check, once as the toast's dependency")
        let first = try #require(container.load(.toast))
        #expect(made.count == 2, "the container made its own singleton")
        #expect(container.load(.toast) === first)
        #expect(dependencyMade.count == 3)
    }

    @Test("A registration that opts out is not run; its declaration is still checked")
    func optOut() {
        let container = Container()
        let made = Counter()
        container.register(.toast, dependencies: [.require(.analytics)], verify: .skip) {
            made.increment()
            return RecordingToast()
        }
        #expect(container.verify(running: true).problems.map(\.kind) == [.missingDependency])
        // The provider loads the player without declaring it, but is never run.
        container.register(VerifiedSkippedProvider.self)
        #expect(container.verify(running: true).hasNoProblems)
        #expect(made.count == 0)
    }

    @Test("Contributions are run too, and a factory that fails is a note")
    func contributionsAndFailures() throws {
        struct Broken: Error {}
        let container = Container()
        let menu = ExtensionPoint<String>("VerifyRunningMenu")
        container.contribute(to: menu, named: "share", dependencies: []) { resolver in
            _ = resolver.load(.player)
            return "Share"
        }
        container.register(.toast, dependencies: [.load(menu)]) { resolver in
            _ = resolver.load(menu)
            throw Broken()
        }
        let report = container.verify(running: true)
        let undeclared = try #require(report.problems.first { $0.kind == .undeclaredLoad })
        #expect(undeclared.registrationID == "VerifyRunningMenu[share]")
        #expect(undeclared.dependencyID == "PlayerInjectID")
        let failed = try #require(report.problems.first { $0.kind == .factoryFailed })
        #expect(failed.severity == .note)
        #expect(failed.registrationID == "ToastInjectID")
        #expect(report.problems.count == 2, "the point's load is declared")
    }

    @Test("Undeclared registrations, main-actor and async factories are not run")
    func notRun() {
        let container = Container()
        let made = Counter()
        container.register(.toast) {
            made.increment()
            return RecordingToast()
        }
        container.registerAsync(.player, dependencies: []) {
            made.increment()
            return StubPlayer()
        }
        #expect(container.verify(running: true).hasNoProblems)
        #expect(made.count == 0)
    }
}

/// A provider whose factory has side effects, so the running check leaves it alone.
enum VerifiedSkippedProvider: InjectProvider {
    static var id: InjectID<any AnalyticsInject> { .analytics }
    static var dependencies: [Dependency]? { [] }
    static var runningCheck: RunningCheck { .skip }
    static func make(with resolver: Resolver) -> any AnalyticsInject {
        _ = resolver.load(.player)
        return CountingAnalytics()
    }
}
