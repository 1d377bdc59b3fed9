import DependencyContainer
import Foundation
import Testing

@Suite("Dispose hooks", .tags(.lifetime))
struct DisposeHookTests {
    @Test("reset(scope:) disposes each session service once, dependents before their dependencies")
    func resetDisposesInReverseCreationOrder() async throws {
        let container = Container()
        let log = DisposalLog()
        let socket = uniqueID(Connection.self)
        let session = uniqueID(Connection.self)
        container.register(socket, scope: .lifecycleSession, onDispose: log.record) { Connection("socket") }
        container.register(session, scope: .lifecycleSession, onDispose: log.record) { resolver in
            Connection("session", link: resolver.load(socket))
        }
        let first = try #require(container.load(session))
        #expect(container.reset(scope: .lifecycleSession) == 2)
        await container.waitForDisposals()
        #expect(log.all == ["session", "socket"])
        #expect(first.closeCount == 1)

        let second = try #require(container.load(session))
        #expect(second !== first)
        container.reset(scope: .lifecycleSession)
        await container.waitForDisposals()
        #expect(log.all == ["session", "socket", "session", "socket"])
        #expect(first.closeCount == 1 && second.closeCount == 1)
    }

    @Test("A replacing registration, unregister and removeAll dispose what they let go of")
    func writesDispose() async throws {
        let container = Container()
        let log = DisposalLog()
        let id = uniqueID(Connection.self)
        container.register(id, scope: .singleton, onDispose: log.record) { Connection("first") }
        let first = try #require(container.load(id))
        container.register(id, scope: .singleton, onDispose: log.record) { Connection("second") }
        await container.waitForDisposals()
        #expect(log.all == ["first"])
        _ = try #require(container.load(id))
        #expect(container.unregister(id))
        await container.waitForDisposals()
        #expect(log.all == ["first", "second"])

        let chain = (0..<3).map { _ in uniqueID(Connection.self) }
        for (index, link) in chain.enumerated() {
            container.register(link, scope: .singleton, onDispose: log.record) { resolver in
                Connection("chain\(index)", link: index > 0 ? resolver.load(chain[index - 1]) : nil)
            }
        }
        _ = container.load(chain[2])
        container.removeAll()
        await container.waitForDisposals()
        #expect(log.all == ["first", "second", "chain2", "chain1", "chain0"])
        #expect(first.closeCount == 1)
    }

    @Test("A service never loaded, transient and graph services are never disposed")
    func onlyKeptServicesAreDisposed() async {
        let container = Container()
        let log = DisposalLog()
        let transient = uniqueID(Connection.self)
        let graph = uniqueID(Connection.self)
        let unused = uniqueID(Connection.self)
        container.register(transient, onDispose: log.record) { Connection("transient") }
        container.register(graph, scope: .graph, onDispose: log.record) { Connection("graph") }
        container.register(unused, scope: .singleton, onDispose: log.record) { Connection("unused") }
        _ = container.load(transient)
        _ = container.load(graph)
        container.removeAll()
        await container.waitForDisposals()
        #expect(log.all.isEmpty)
    }

    @Test("A weak service is disposed if it is alive when the container lets go of it")
    func weakServicesWhileAlive() async throws {
        let container = Container()
        let log = DisposalLog()
        let id = uniqueID(Connection.self)
        container.register(id, scope: .weak, onDispose: log.record) { Connection("weak") }
        let loaded = try #require(container.load(id))
        var held: Connection? = loaded
        container.register(id, scope: .weak, onDispose: log.record) { Connection("weak2") }
        await container.waitForDisposals()
        #expect(log.all == ["weak"])
        #expect(held?.closeCount == 1)
        held = nil
        // Made and dropped before the write: nothing alive to dispose.
        _ = container.load(id)
        container.unregister(id)
        await container.waitForDisposals()
        #expect(log.all == ["weak"])
        withExtendedLifetime(held) {}
    }

    @Test("Releasing the container disposes its services")
    func releasingTheContainer() async throws {
        let log = DisposalLog()
        let id = uniqueID(Connection.self)
        var container: Container? = Container()
        container?.register(id, scope: .singleton, onDispose: log.record) { Connection("kept") }
        _ = try #require(container?.load(id))
        weak var released: Container?
        released = container
        container = nil
        #expect(released == nil)
        #expect(await eventually { log.all == ["kept"] })
    }

    @Test("The end of an override scope disposes what it cached")
    func overrideScopeEnd() async {
        let container = Container()
        let log = DisposalLog()
        let id = uniqueID(Connection.self)
        container.register(id, scope: .singleton, onDispose: log.record) { Connection("real") }
        let name = container.withOverrides {
            $0.register(id, scope: .singleton, onDispose: log.record) { Connection("mock") }
        } operation: {
            container.load(id)?.name
        }
        #expect(name == "mock")
        #expect(await eventually { log.all == ["mock"] })
        container.removeAll()
        await container.waitForDisposals()
        #expect(log.all == ["mock"])
    }

    @Test("A hook that throws is reported, and the release goes on")
    func throwingHook() async throws {
        struct CloseFailed: Error {}
        let container = Container()
        let events = EventLog()
        container.setDiagnosticsHandler(events.handler)
        let log = DisposalLog()
        let failing = uniqueID(Connection.self)
        let other = uniqueID(Connection.self)
        container.register(failing, scope: .singleton, onDispose: { _ in throw CloseFailed() }) {
            Connection("failing")
        }
        container.register(other, scope: .singleton, onDispose: log.record) { Connection("other") }
        _ = container.load(failing)
        _ = container.load(other)
        container.removeAll()
        await container.waitForDisposals()
        #expect(log.all == ["other"])
        let failures = events.all.compactMap { event -> String? in
            guard case .failed(.disposeFailed(let id, let underlying)) = event, underlying is CloseFailed
            else {
                return nil
            }
            return id
        }
        #expect(failures == [failing.name])
    }

    @Test("A hook may load and register on the container that released its service")
    func hookUsesTheContainer() async {
        let container = Container()
        let id = uniqueID(Connection.self)
        let farewell = uniqueID(Connection.self)
        let seen = Protected<[String?]>([])
        container.register(farewell) { Connection("farewell") }
        container.register(
            id, scope: .singleton,
            onDispose: { _ in
                seen.withLock { $0.append(container.load(farewell)?.name) }
                container.register(farewell) { Connection("replaced") }
            }
        ) { Connection("kept") }
        _ = container.load(id)
        container.unregister(id)
        await container.waitForDisposals()
        #expect(seen.withLock { $0 } == ["farewell"])
        #expect(container.load(farewell)?.name == "replaced")
    }

    @Test("An async hook runs in a task; waitForDisposals awaits it")
    func asyncHook() async throws {
        let container = Container()
        let closed = Counter()
        let id = uniqueID(Connection.self)
        container.registerAsync(
            id, scope: .singleton,
            onDispose: { connection in
                try await Task.sleep(for: .milliseconds(20))
                connection.close()
                closed.increment()
            }
        ) { Connection("database") }
        let database = try await container.requireAsync(id)
        container.removeAll()
        await container.waitForDisposals()
        #expect(closed.count == 1)
        #expect(database.closeCount == 1)
    }

    @Test("A main-actor hook runs on the main actor, whichever thread lets go of the service")
    @MainActor
    func mainActorHook() async throws {
        let container = Container()
        let onMain = Protected<[Bool]>([])
        let id = uniqueID(Connection.self)
        container.registerOnMainActor(
            id, scope: .singleton,
            onDispose: { connection in
                MainActor.assertIsolated()
                onMain.withLock { $0.append(true) }
                connection.close()
            }
        ) { Connection("banner") }
        let first = try #require(container.load(id))
        container.unregister(id)
        await container.waitForDisposals()
        #expect(first.closeCount == 1)

        container.registerOnMainActor(id, scope: .singleton, onDispose: { $0.close() }) {
            Connection("banner2")
        }
        let second = try #require(container.load(id))
        await Task.detached { container.removeAll() }.value
        await container.waitForDisposals()
        #expect(second.closeCount == 1)
        #expect(onMain.withLock { $0 } == [true])
    }

    @Test("Contributions and providers dispose their kept elements")
    func contributionsAndProviders() async {
        let container = Container()
        let log = DisposalLog()
        let point = ExtensionPoint<Connection>("\(#function)-\(UUID().uuidString)")
        container.contribute(to: point, named: "a", scope: .singleton, onDispose: log.record) {
            Connection("a")
        }
        _ = container.load(point)
        #expect(container.removeContribution(named: "a", from: point))
        await container.waitForDisposals()
        #expect(log.all == ["a"])

        container.register(DisposingProvider.self)
        let made = container.load(DisposingProvider.id)
        container.reset(scope: .lifecycleSession)
        await container.waitForDisposals()
        #expect(made?.closeCount == 1)
        #expect(made?.configureCount == 1)
    }
}

/// A provider whose lifecycle configures and closes its service.
enum DisposingProvider: InjectProvider {
    static let id = InjectID<Connection>("DisposeHookTests.DisposingProvider")
    static var scope: Scope { .lifecycleSession }
    static var lifecycle: ServiceLifecycle<Connection> {
        ServiceLifecycle(onCreate: { connection, _ in connection.configure() }, onDispose: { $0.close() })
    }
    static func make(with resolver: Resolver) -> Connection {
        Connection("provided")
    }
}
