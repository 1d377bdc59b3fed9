import DependencyContainer
import Foundation
import Testing

/// Every service a factory made, so that a test can ask what became of each.
final class MadeServices: Sendable {
    private let made = Protected<[Connection]>([])

    /// What a factory returns: a new connection, recorded.
    func make(_ name: String) -> Connection {
        let connection = Connection(name)
        made.withLock { $0.append(connection) }
        return connection
    }

    var all: [Connection] { made.withLock { $0 } }
    var count: Int { made.withLock { $0.count } }
}

/// The synchronous running check, called from a synchronous context, as an app's test would:
/// in an `async` function, `verify(running:)` is its `async` twin.
func verifyRunningSynchronously(_ container: Container) -> VerificationReport {
    container.verify(running: true)
}

/// Whether a service of `scope` is kept, so that the container disposes of it.
private func isKept(_ scope: Scope) -> Bool {
    scope != .transient && scope != .graph
}

/// Issue 39: `verify(running: true)` runs a factory in its sandbox as a load would make the
/// service, lifecycle included: VerifyingTheComposition.md and `verify(running:)` promise that
/// "the services the sandbox made are released, and their dispose hooks run, when the check
/// ends", and LifecycleHooks.md that every way a service is made goes through the hooks.
@Suite("The running check's sandbox runs the lifecycle of what it makes", .tags(.lifetime))
struct RunningCheckLifecycleTests {
    static let scopes: [Scope] = [.singleton, .lifecycleSession, .weak, .transient, .graph]

    @Test(
        "Each service the running check makes is disposed once when the check ends, and the container's cache is untouched",
        arguments: scopes)
    func checkedServiceIsDisposed(scope: Scope) async throws {
        let container = Container()
        let made = MadeServices()
        let id = uniqueID(Connection.self)
        container.register(id, scope: scope, onDispose: { $0.close() }, dependencies: []) {
            made.make("checked")
        }
        let report = verifyRunningSynchronously(container)
        #expect(report.isClean, "\(report)")
        let sandboxed = made.all
        #expect(sandboxed.count == 1, "the check runs the factory once")
        // Held by `sandboxed`, so a weak service is alive when the sandbox lets go of it.
        let expected = isKept(scope) ? 1 : 0
        if expected > 0 {
            _ = await eventually { sandboxed.allSatisfy { $0.closeCount >= expected } }
        }
        await container.waitForDisposals()
        #expect(
            sandboxed.map(\.closeCount) == sandboxed.map { _ in expected },
            "scope \(scope): the dispose hook of each service the sandbox made runs once when the check ends")

        // The container's own registration was never used: a load makes its own service.
        let loaded = try #require(container.load(id))
        #expect(made.count == 2, "a load after the check runs the factory")
        #expect(!sandboxed.contains { $0 === loaded })
        #expect(loaded.closeCount == 0)
        container.removeAll()
        await container.waitForDisposals()
        #expect(loaded.closeCount == expected)
        #expect(sandboxed.map(\.closeCount) == sandboxed.map { _ in expected }, "never disposed twice")
        withExtendedLifetime(loaded) {}
    }

    @Test(
        "A dependency the sandbox made for a checked factory, and the dependency's own run, are each disposed once"
    )
    func dependenciesAreDisposed() async throws {
        let container = Container()
        let made = MadeServices()
        let dependency = uniqueID(Connection.self)
        let dependent = uniqueID(Connection.self)
        container.register(dependency, scope: .singleton, onDispose: { $0.close() }, dependencies: []) {
            made.make("dependency")
        }
        container.register(
            dependent, scope: .singleton, onDispose: { $0.close() }, dependencies: [.require(dependency)]
        ) { resolver in
            let connection = made.make("dependent")
            connection.link.withLock { $0 = try? resolver.require(dependency) }
            return connection
        }
        let report = verifyRunningSynchronously(container)
        #expect(report.isClean, "\(report)")
        let sandboxed = made.all
        #expect(sandboxed.filter { $0.name == "dependent" }.count == 1)
        #expect(
            sandboxed.filter { $0.name == "dependency" }.count == 2, "its own run, and the dependent's load")
        _ = await eventually { sandboxed.allSatisfy { $0.closeCount >= 1 } }
        await container.waitForDisposals()
        #expect(
            sandboxed.map { "\($0.name): \($0.closeCount)" }.sorted()
                == ["dependency: 1", "dependency: 1", "dependent: 1"])

        let loaded = try #require(container.load(dependent))
        #expect(!sandboxed.contains { $0 === loaded })
        #expect(!sandboxed.contains { $0 === loaded.link.withLock { $0 } })
        #expect(made.count == 5, "the container made both services itself")
    }

    @Test("A singleton contribution the running check makes is disposed once when the check ends")
    func contributionIsDisposed() async throws {
        let container = Container()
        let made = MadeServices()
        let point = ExtensionPoint<Connection>("RunningCheckLifecycleMenu-\(UUID().uuidString)")
        container.contribute(
            to: point, named: "share", scope: .singleton, onDispose: { $0.close() }, dependencies: []
        ) {
            made.make("share")
        }
        let report = verifyRunningSynchronously(container)
        #expect(report.isClean, "\(report)")
        let sandboxed = made.all
        #expect(sandboxed.count == 1)
        _ = await eventually { sandboxed.allSatisfy { $0.closeCount >= 1 } }
        await container.waitForDisposals()
        #expect(sandboxed.map(\.closeCount) == [1])
        let loaded = container.load(point)
        #expect(loaded.count == 1)
        #expect(!sandboxed.contains { $0 === loaded.first })
    }

    @Test(
        "Each service the running check makes is made as a load makes it: its creation hook runs once",
        arguments: scopes)
    func creationHookRuns(scope: Scope) throws {
        let container = Container()
        let made = MadeServices()
        let id = uniqueID(Connection.self)
        container.register(
            id, scope: scope, onCreate: { connection, _ in connection.configure() }, dependencies: []
        ) {
            made.make("checked")
        }
        let report = verifyRunningSynchronously(container)
        #expect(report.isClean, "\(report)")
        #expect(made.count == 1)
        #expect(made.all.map(\.configureCount) == [1], "scope \(scope): one creation, one creation hook")
        let loaded = try #require(container.load(id))
        #expect(loaded.configureCount == 1)
        #expect(made.count == 2)
    }

    @Test(
        "The async check disposes the main-actor, async and plain services it makes, once each, and caches none"
    )
    func asyncCheckDisposes() async throws {
        let container = Container()
        let made = MadeServices()
        let plain = uniqueID(Connection.self)
        let main = uniqueID(Connection.self)
        let async = uniqueID(Connection.self)
        container.register(plain, scope: .singleton, onDispose: { $0.close() }, dependencies: []) {
            made.make("plain")
        }
        container.registerOnMainActor(main, scope: .singleton, onDispose: { $0.close() }, dependencies: []) {
            made.make("main")
        }
        container.registerAsync(async, scope: .singleton, onDispose: { $0.close() }, dependencies: []) {
            made.make("async")
        }
        let report = await container.verifyRunningIncludingIsolated()
        #expect(report.isClean, "\(report)")
        let sandboxed = made.all
        #expect(sandboxed.map(\.name).sorted() == ["async", "main", "plain"])
        _ = await eventually { sandboxed.allSatisfy { $0.closeCount >= 1 } }
        await container.waitForDisposals()
        #expect(
            sandboxed.map { "\($0.name): \($0.closeCount)" }.sorted() == ["async: 1", "main: 1", "plain: 1"],
            "the dispose hook of each service the sandbox made runs once when the check ends")

        for id in [plain, main, async] {
            let loaded = try #require(await container.loadAsync(id))
            #expect(!sandboxed.contains { $0 === loaded }, "the container makes its own \(loaded.name)")
            #expect(loaded.closeCount == 0)
        }
        #expect(made.count == 6)
        container.removeAll()
        await container.waitForDisposals()
        #expect(sandboxed.map(\.closeCount) == [1, 1, 1], "never disposed twice")
    }
}
