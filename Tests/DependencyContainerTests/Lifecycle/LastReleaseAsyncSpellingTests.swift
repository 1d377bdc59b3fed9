import DependencyContainer
import Testing

@Suite("The last release's async spellings keep their behaviour")
struct LastReleaseAsyncSpellingTests {
    @available(*, deprecated, message: "tests the deprecated async warmUp()")
    @Test("await warmUp() in async code runs main-actor and async eager factories, as it did")
    func warmUp() async {
        let container = Container()
        let banner = uniqueID(Connection.self, "banner")
        let database = uniqueID(Connection.self, "database")
        container.registerOnMainActor(banner, scope: .singleton, eager: true) { Connection("banner") }
        container.registerAsync(database, scope: .singleton, eager: true) { Connection("database") }
        let report = await container.warmUp()
        #expect(report.entries.count == 2)
        #expect(report.skipped.isEmpty && report.failures.isEmpty, "\(report)")
        #expect(container.load(banner)?.name == "banner")
    }

    @available(*, deprecated, message: "tests the deprecated async verify(running:)")
    @Test("await verify(running: true) in async code runs main-actor and async factories, as it did")
    func verifyRunning() async {
        let container = Container()
        let made = Counter()
        container.registerOnMainActor(.banner, dependencies: []) { resolver in
            made.increment()
            return BannerToast(player: resolver.load(.player))
        }
        let database = uniqueID(Counter.self)
        container.registerAsync(database, dependencies: []) { resolver in
            made.increment()
            _ = await resolver.loadAsync(.analytics)
            return Counter()
        }
        let report = await container.verify(running: true)
        #expect(made.count == 2)
        let undeclared = report.problems.filter { $0.kind == .undeclaredLoad }
        #expect(Set(undeclared.map(\.registrationID)) == ["BannerInjectID", database.name])
        let declaredOnly = await container.verify(running: false)
        #expect(declaredOnly == container.verify())
        #expect(made.count == 2)
    }
}
