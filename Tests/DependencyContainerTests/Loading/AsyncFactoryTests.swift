import DependencyContainer
import Foundation
import Testing

extension InjectID where Service == Database {
    static var database: Self { InjectID("DatabaseInjectID") }
}

/// Services for cycles among async factories.
private final class Node: Sendable {
    let next: Node?
    init(next: Node?) { self.next = next }
}

@Suite("Container: async factories", .tags(.concurrency))
struct AsyncFactoryTests {
    @Test("An async factory is loaded with await; the closure's `async` selects the async registration")
    func loadWithAwait() async throws {
        let container = Container()
        container.registerAsync(.database, scope: .singleton) { resolver async throws in
            try await Database.open(name: resolver.load(.player)?.title ?? "none")
        }
        container.register(.player) { StubPlayer(title: "players") }
        let database = try await container.requireAsync(.database)
        #expect(database.name == "players")
        #expect(await container.loadAsync(.database) === database)
        #expect(container.registrations.first { $0.id == "DatabaseInjectID" }?.isolation == .asynchronous)
        // A closure that does not await registers synchronously, as before.
        container.register(.toast) { RecordingToast() }
        container.register(.analytics) { _ in CountingAnalytics() }
        #expect(container.registrations.filter { $0.isolation == .nonisolated }.count == 3)
        // And `await` in a zero-argument closure selects the async form.
        container.registerAsync(.database) { try await Database.open(name: "zero") }
        #expect(try await container.requireAsync(.database).name == "zero")
    }

    @Test("100 tasks await one async singleton; its factory runs once")
    func hundredAwaiters() async throws {
        let container = Container()
        let runs = Counter()
        let gate = Gate()
        container.registerAsync(.database, scope: .singleton) {
            runs.increment()
            await gate.wait()
            return try await Database.open()
        }
        let tasks = (0..<100).map { _ in Task { await container.loadAsync(.database) } }
        #expect(await eventually { runs.count == 1 && gate.waiting == 1 })
        gate.open()
        var identities = Set<ObjectIdentifier>()
        for task in tasks {
            let database = try #require(await task.value)
            identities.insert(ObjectIdentifier(database))
        }
        #expect(identities.count == 1)
        #expect(runs.count == 1)
    }

    @Test("A waiter's cancellation, even the first one's, does not cancel the creation for the others")
    func cancellation() async throws {
        let container = Container()
        let runs = Counter()
        let gate = Gate()
        let factorySawCancellation = Protected<Bool?>(nil)
        container.registerAsync(.database, scope: .singleton) {
            runs.increment()
            await gate.wait()
            factorySawCancellation.withLock { $0 = Task.isCancelled }
            return try await Database.open()
        }
        let first = Task { await container.loadAsync(.database) }
        #expect(await eventually { gate.waiting == 1 })
        let second = Task { try await container.requireAsync(.database) }
        first.cancel()
        try await Task.sleep(for: .milliseconds(10))
        gate.open()
        let database = try await second.value
        #expect(factorySawCancellation.withLock { $0 } == false)
        #expect(runs.count == 1)
        #expect(container.load(.database) === database)
        _ = await first.value
    }

    @Test("A failed creation caches nothing: every waiter gets the error and the next load tries again")
    func failureCachesNothing() async throws {
        struct Offline: Error {}
        let container = Container()
        let log = EventLog()
        container.setDiagnosticsHandler(log.handler)
        let runs = Counter()
        container.registerAsync(.database, scope: .singleton) {
            if runs.increment() == 1 { throw Offline() }
            return try await Database.open()
        }
        await #expect(throws: ContainerError.self) { try await container.requireAsync(.database) }
        #expect(container.load(.database) == nil)
        let database = try #require(await container.loadAsync(.database))
        #expect(runs.count == 2)
        #expect(await container.loadAsync(.database) === database)
        #expect(log.descriptions.contains { $0.contains("has an async factory and no service yet") })
    }

    @Test("A failed creation's error names the ID and what the factory threw")
    func failureMessage() async {
        struct Offline: Error, CustomStringConvertible {
            var description: String { "the server is offline" }
        }
        let container = Container()
        container.registerAsync(.database) { () async throws -> Database in throw Offline() }
        do {
            _ = try await container.requireAsync(.database)
            Issue.record("expected an error")
        } catch {
            #expect("\(error)" == "The factory for ID 'DatabaseInjectID' failed: the server is offline")
        }
    }

    @Test(
        "A synchronous load of an async registration: nil and a diagnostic until it exists, then the instance"
    )
    func synchronousLoadOfAsyncRegistration() async throws {
        let container = Container()
        let log = EventLog()
        container.setDiagnosticsHandler(log.handler)
        let runs = Counter()
        container.registerAsync(.database, scope: .singleton) {
            runs.increment()
            return try await Database.open()
        }
        #expect(container.load(.database) == nil)
        #expect(runs.count == 0)
        guard case .failed(.unavailableSynchronously("DatabaseInjectID", .asynchronous)) = log.all.first
        else {
            Issue.record("unexpected events \(log.descriptions)")
            return
        }
        #expect(throws: ContainerError.self) { try container.require(.database) }
        let database = try await container.requireAsync(.database)
        #expect(container.load(.database) === database)
        #expect(try container.require(.database) === database)
    }

    @Test("A cycle among async factories in one task is reported with its path, not hung")
    func cycleInOneTask() async throws {
        let first = InjectID<Node>("FirstNodeID")
        let second = InjectID<Node>("SecondNodeID")
        for scope in [Scope.singleton, .transient] {
            let container = Container()
            let log = EventLog()
            container.setDiagnosticsHandler(log.handler)
            container.registerAsync(first, scope: scope) { resolver async throws in
                Node(next: try await resolver.requireAsync(second))
            }
            container.registerAsync(second, scope: scope) { resolver async in
                Node(next: await resolver.loadAsync(first))
            }
            let outcome = await withTimeout {
                do {
                    _ = try await container.requireAsync(first)
                    return "no error"
                } catch {
                    return "\(error)"
                }
            }
            #expect(outcome == "Dependency cycle: 'FirstNodeID' → 'SecondNodeID' → 'FirstNodeID'", "\(scope)")
            // The broken cycle kept nothing: the second node was built from a nil.
            #expect(container.load(second) == nil)
            #expect(await container.loadAsync(first) == nil)
            #expect(
                log.descriptions.filter { $0.contains("Dependency cycle") }.count == 1, "\(log.descriptions)")
        }
    }

    @Test("Two tasks whose async singletons wait for each other get a cycle error, not a hang")
    func cycleAcrossTasks() async throws {
        let first = InjectID<Node>("FirstNodeID")
        let second = InjectID<Node>("SecondNodeID")
        let container = Container()
        let bothStarted = Gate()
        let started = Counter()
        for (id, other) in [(first, second), (second, first)] {
            container.registerAsync(id, scope: .singleton) { resolver async throws in
                if started.increment() == 2 { bothStarted.open() }
                await bothStarted.wait()
                return Node(next: try await resolver.requireAsync(other))
            }
        }
        let outcomes = await withTimeout {
            async let a = container.loadAsync(first)
            async let b = container.loadAsync(second)
            return await (a == nil, b == nil)
        }
        let (firstFailed, secondFailed) = try #require(outcomes, "the loads hung")
        #expect(firstFailed && secondFailed)
        #expect(started.count == 2)
    }

    @Test("An async factory loads main-actor and async services through its resolver")
    func mixedIsolation() async throws {
        let container = Container()
        container.registerOnMainActor(.banner, scope: .singleton) { BannerToast() }
        container.registerAsync(.database, scope: .singleton) { try await Database.open(name: "shared") }
        let ready = InjectID<String>("ReadyID")
        container.registerAsync(ready) { resolver async throws in
            let banner = try await resolver.requireAsync(.banner)
            await banner.show("ready")
            return try await resolver.requireAsync(.database).name
        }
        #expect(try await container.requireAsync(ready) == "shared")
        let banner = try #require(container.load(.banner))
        #expect(await banner.shown == ["ready"])
    }

    @Test("Transient async factories run per load; weak ones are shared while held")
    func otherScopes() async throws {
        let container = Container()
        let runs = Counter()
        container.registerAsync(.database) {
            runs.increment()
            return try await Database.open()
        }
        let a = await container.loadAsync(.database)
        let b = await container.loadAsync(.database)
        #expect(a !== b)
        #expect(runs.count == 2)

        let weak = InjectID<Database>("WeakDatabaseID")
        container.registerAsync(weak, scope: .weak) { try await Database.open(name: "weak") }
        var held: Database? = try await container.requireAsync(weak)
        #expect(await container.loadAsync(weak) === held)
        #expect(container.load(weak) === held, "a live weak service loads synchronously")
        held = nil
        #expect(container.load(weak) == nil)
    }

    @Test("Test overrides apply to async loads, and may replace an async registration")
    func overrides() async throws {
        let container = Container()
        container.registerAsync(.database, scope: .singleton) { try await Database.open(name: "real") }
        let name = try await container.withOverrides { overrides in
            overrides.registerAsync(.database) { () async throws -> Database in Database(name: "mock") }
        } operation: {
            try await container.requireAsync(.database).name
        }
        #expect(name == "mock")
        #expect(try await container.requireAsync(.database).name == "real")
    }

    @Test(
        "An existing singleton's await load, which skips the async machinery, still gets the task's overrides"
    )
    func overridesOfExistingSingleton() async throws {
        let container = Container()
        container.registerAsync(.database, scope: .singleton) { try await Database.open(name: "real") }
        #expect(await container.loadAsync(.database)?.name == "real")
        let names = try await container.withOverrides { overrides in
            overrides.registerAsync(.database) { () async throws -> Database in Database(name: "mock") }
        } operation: {
            try await [container.requireAsync(.database).name, container.loadAsync(.database)?.name]
        }
        #expect(names == ["mock", "mock"])
        #expect(try await container.requireAsync(.database).name == "real")
        #expect(await container.loadAsync(.database)?.name == "real")
    }

    @Test("A missing ID: loadAsync reports it, requireAsync names it")
    func missing() async {
        let container = Container(parent: Container())
        let log = EventLog()
        container.setDiagnosticsHandler(log.handler)
        #expect(await container.loadAsync(.database) == nil)
        #expect(log.descriptions == ["missing: nothing registered for 'DatabaseInjectID' (`Database`)"])
        await #expect(throws: ContainerError.self) { try await container.requireAsync(.database) }
    }
}
