import DependencyContainer
import Foundation
import Testing

/// The order in which hooks ran, by label.
final class HookLog: Sendable {
    private let entries = Protected<[String]>([])

    func record(_ label: String) { entries.withLock { $0.append(label) } }
    var all: [String] { entries.withLock { $0 } }
}

/// What a hook throws.
struct HookFailure: Error, Equatable {
    let label: String
}

@Suite("Several creation hooks on one registration")
struct SeveralCreationHooksTests {
    @Test("Added hooks run after the lifecycle's own, in the order added, once per service made")
    func runInOrder() throws {
        let container = Container()
        let log = HookLog()
        let id = uniqueID(Connection.self)
        let lifecycle = ServiceLifecycle<Connection>(onCreate: { _, _ in log.record("first") })
            .addingCreationHook { _, _ in log.record("second") }
            .addingCreationHook { connection, _ in
                log.record("third")
                connection.configure()
            }
        container.register(id, scope: .singleton, lifecycle: lifecycle) { Connection("several") }
        let made = try container.require(id)
        #expect(log.all == ["first", "second", "third"])
        #expect(made.configureCount == 1)
        _ = try container.require(id)
        #expect(log.all.count == 3, "a load of the kept singleton runs no hook")
    }

    @Test("A lifecycle without hooks gains one, and keeps its dispose hook and eagerness")
    func addingToAnEmptyLifecycle() async throws {
        let container = Container()
        let log = HookLog()
        let id = uniqueID(Connection.self)
        let lifecycle = ServiceLifecycle<Connection>(eager: true, onDispose: { $0.close() })
            .addingCreationHook { _, _ in log.record("added") }
        container.register(id, scope: .singleton, lifecycle: lifecycle) { Connection("eager") }
        let report = await container.warmUpIncludingIsolated()
        #expect(report.failures.isEmpty)
        #expect(log.all == ["added"], "eager: warmUp made it and ran the hook")
        let made = try container.require(id)
        container.removeAll()
        await container.waitForDisposals()
        #expect(made.isClosed)
    }

    @Test("Every creation of a transient service runs every hook")
    func transient() throws {
        let container = Container()
        let id = uniqueID(Connection.self)
        let lifecycle = ServiceLifecycle<Connection>(onCreate: { connection, _ in connection.configure() })
            .addingCreationHook { connection, _ in connection.configure() }
        container.register(id, lifecycle: lifecycle) { Connection("transient") }
        let made = try (0..<3).map { _ in try container.require(id) }
        #expect(made.map(\.configureCount) == [2, 2, 2])
    }

    @Test("The first hook that throws stops the rest and fails the load, which keeps nothing")
    func throwingHookStopsTheRest() throws {
        let container = Container()
        let log = HookLog()
        let fails = Protected(true)
        let id = uniqueID(Connection.self)
        let lifecycle = ServiceLifecycle<Connection>(onCreate: { _, _ in log.record("first") })
            .addingCreationHook { _, _ in
                log.record("second")
                if fails.withLock({ $0 }) { throw HookFailure(label: "second") }
            }
            .addingCreationHook { _, _ in log.record("third") }
        container.register(id, scope: .singleton, lifecycle: lifecycle) { Connection("failing") }
        #expect(throws: ContainerError.self) { try container.require(id) }
        #expect(log.all == ["first", "second"])
        #expect(container.load(id) == nil, "nothing kept: the next load runs the factory again")
        fails.withLock { $0 = false }
        let made = try container.require(id)
        #expect(log.all == ["first", "second", "first", "second", "first", "second", "third"])
        #expect(container.load(id) === made)
    }

    @Test("A throwing hook's error is reported as a single hook's is: as thrown by the registration")
    func throwingHookError() throws {
        let container = Container()
        let id = uniqueID(Connection.self)
        let lifecycle = ServiceLifecycle<Connection>()
            .addingCreationHook { _, _ in }
            .addingCreationHook { _, _ in throw HookFailure(label: "added") }
        let single = uniqueID(Connection.self)
        container.register(id, lifecycle: lifecycle) { Connection("added") }
        container.register(single, onCreate: { _, _ in throw HookFailure(label: "added") }) {
            Connection("single")
        }
        let several = #expect(throws: ContainerError.self) { try container.require(id) }
        let one = #expect(throws: ContainerError.self) { try container.require(single) }
        #expect(
            several.map { "\($0)" }?.replacingOccurrences(of: id.name, with: "ID")
                == one.map { "\($0)" }?.replacingOccurrences(of: single.name, with: "ID"))
    }

    @Test("A main-actor registration runs added main-actor hooks on the main actor, in order")
    @MainActor
    func mainActorHooks() throws {
        let container = Container()
        let log = HookLog()
        let id = uniqueID(Connection.self)
        let lifecycle = ServiceLifecycle<Connection>.onMainActor(onCreate: { _, _ in log.record("own") })
            .addingMainActorCreationHook { _, _ in
                MainActor.assertIsolated()
                log.record("added")
            }
        container.registerOnMainActor(
            id, options: RegistrationOptions(scope: .singleton, lifecycle: lifecycle)
        ) {
            _ in Connection("main")
        }
        _ = try container.require(id)
        #expect(log.all == ["own", "added"])
    }

    @Test("An async registration awaits its own hook, then runs the added ones")
    func asyncRegistration() async throws {
        let container = Container()
        let log = HookLog()
        let id = uniqueID(Connection.self)
        container.registerAsync(
            id, scope: .singleton,
            onCreate: { _, _ in
                await Task.yield()
                log.record("async")
            }
        ) { _ in Connection("async") }
        _ = try await container.requireAsync(id)
        #expect(log.all == ["async"])
        let added = uniqueID(Connection.self)
        container.registerAsync(
            added,
            options: RegistrationOptions(
                scope: .singleton,
                lifecycle: ServiceLifecycle<Connection>.async().addingCreationHook { _, _ in
                    log.record("added")
                })
        ) { _ in Connection("added") }
        _ = try await container.requireAsync(added)
        #expect(log.all == ["async", "added"])
    }

    @Test("registrations shows how many creation hooks, and whether a dispose hook, each has")
    func shownInRegistrations() throws {
        let container = Container()
        let plain = uniqueID(Connection.self, "A-plain")
        let hooked = uniqueID(Connection.self, "B-hooked")
        container.register(plain) { Connection("plain") }
        container.register(
            hooked, scope: .singleton,
            lifecycle: ServiceLifecycle(eager: true, onCreate: { _, _ in }, onDispose: { $0.close() })
                .addingCreationHook { _, _ in }
        ) { Connection("hooked") }
        let child = Container(parent: container)
        let infos = child.registrations
        let plainInfo = try #require(infos.first { $0.id == plain.name })
        let hookedInfo = try #require(infos.first { $0.id == hooked.name })
        #expect(plainInfo.creationHookCount == 0)
        #expect(!plainInfo.hasDisposeHook)
        #expect(!plainInfo.isEager)
        #expect(!plainInfo.description.contains("hooks"))
        #expect(hookedInfo.creationHookCount == 2)
        #expect(hookedInfo.hasDisposeHook)
        #expect(hookedInfo.isEager)
        #expect(hookedInfo.isInherited)
        #expect(hookedInfo.description.hasSuffix("(inherited) (hooks: 2 on create, on dispose, eager)"))
    }
}
