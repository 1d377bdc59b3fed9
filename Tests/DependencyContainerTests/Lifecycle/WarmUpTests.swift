import DependencyContainer
import Foundation
import Testing

/// Two async factories that each wait for the other to start: they finish only when run
/// concurrently.
actor Rendezvous {
    private var arrived: Set<String> = []
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func arrive(_ name: String, expecting count: Int) async {
        arrived.insert(name)
        if arrived.count >= count {
            for waiter in waiting { waiter.resume() }
            waiting = []
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }
}

@Suite("Eager services", .tags(.concurrency))
struct WarmUpTests {
    @Test("warmUp creates eager services, dependencies first, and leaves lazy ones alone")
    func eagerOnly() throws {
        let container = Container()
        let made = Protected<[String]>([])
        let analytics = uniqueID(Connection.self, "analytics")
        let log = uniqueID(Connection.self, "log")
        let lazy = uniqueID(Connection.self, "lazy")
        container.register(log, scope: .singleton, eager: true) {
            made.withLock { $0.append("log") }
            return Connection("log")
        }
        container.register(analytics, scope: .singleton, eager: true) { resolver in
            made.withLock { $0.append("analytics") }
            return Connection("analytics", link: resolver.load(log))
        }
        container.register(lazy, scope: .singleton) {
            made.withLock { $0.append("lazy") }
            return Connection("lazy")
        }
        let report = container.warmUp()
        #expect(Set(made.withLock { $0 }) == ["log", "analytics"])
        #expect(made.withLock { $0 }.filter { $0 == "log" }.count == 1)
        #expect(report.entries.map(\.id).sorted() == [analytics.name, log.name].sorted())
        #expect(report.failures.isEmpty && report.skipped.isEmpty)
        let order = report.entries.map(\.id)
        #expect(order.firstIndex(of: log.name)! < order.firstIndex(of: analytics.name)!)
        #expect(report.entries.allSatisfy { $0.seconds >= 0 })
        #expect(report.description.hasPrefix("warm-up: 2 created, 0 failed, 0 skipped"))
    }

    @Test("A failing eager service is in the report with its error, and a later load tries again")
    func failure() throws {
        struct Offline: Error {}
        let container = Container()
        let id = uniqueID(Connection.self)
        let fails = Protected(true)
        container.register(id, scope: .singleton, eager: true) {
            if fails.withLock({ $0 }) { throw Offline() }
            return Connection("online")
        }
        let report = container.warmUp()
        let failure = try #require(report.failures.first)
        #expect(failure.id == id.name)
        guard case .failed(.factoryFailed(let failedID, let underlying)) = failure.outcome else {
            Issue.record("expected a factory failure, got \(failure.outcome)")
            return
        }
        #expect(failedID == id.name && underlying is Offline)
        fails.withLock { $0 = false }
        #expect(container.load(id)?.name == "online")
    }

    @Test(
        "Off the main actor, the synchronous warmUp skips main-actor and async factories; the async one makes them"
    )
    func skippedThenAwaited() async throws {
        let container = Container()
        let banner = uniqueID(Connection.self, "banner")
        let database = uniqueID(Connection.self, "database")
        container.registerOnMainActor(banner, scope: .singleton, eager: true) { Connection("banner") }
        container.registerAsync(database, scope: .singleton, eager: true) { Connection("database") }
        // In async code `warmUp()` is the deprecated async spelling (it must be awaited); the
        // synchronous form is called from a synchronous function.
        let report = warmUpSynchronously(container)
        let outcomes = Dictionary(uniqueKeysWithValues: report.entries.map { ($0.id, "\($0.outcome)") })
        #expect(outcomes[banner.name] == "\(WarmUpReport.Outcome.skippedOffMainActor)")
        #expect(outcomes[database.name] == "\(WarmUpReport.Outcome.skippedAsynchronous)")
        #expect(report.skipped.count == 2)

        let awaited = await container.warmUpIncludingIsolated()
        #expect(awaited.entries.count == 2)
        #expect(awaited.failures.isEmpty && awaited.skipped.isEmpty)
        #expect(container.load(banner)?.name == "banner")  // made on the main actor, and existing now
    }

    /// The synchronous warm-up, called from a synchronous function.
    private func warmUpSynchronously(_ container: Container) -> WarmUpReport {
        container.warmUp()
    }

    @Test("The async warmUp creates independent eager services concurrently")
    func concurrent() async {
        let container = Container()
        let meeting = Rendezvous()
        let names = (0..<3).map { uniqueID(Connection.self, "eager\($0)") }
        for id in names {
            container.registerAsync(id, scope: .singleton, eager: true) {
                await meeting.arrive(id.name, expecting: names.count)
                return Connection(id.name)
            }
        }
        let report = await withTimeout { await container.warmUpIncludingIsolated() }
        #expect(report?.entries.count == 3)
        #expect(report?.failures.isEmpty == true)
    }
}
