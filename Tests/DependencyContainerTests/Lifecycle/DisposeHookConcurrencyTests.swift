import DependencyContainer
import Foundation
import Testing

@Suite("Dispose hooks under racing loads and writes", .tags(.concurrency))
struct DisposeHookConcurrencyTests {
    @Test(
        "Under resets racing loads on four threads, every service kept is disposed exactly once, none twice")
    func exactlyOnce() async {
        let container = Container()
        let id = uniqueID(Connection.self)
        let made = Protected<[Connection]>([])
        container.register(id, scope: .lifecycleSession, onDispose: { $0.close() }) {
            let connection = Connection("session")
            made.withLock { $0.append(connection) }
            return connection
        }
        // A service two loads in a row received was kept; one made by a load that raced with
        // the reset retiring its registration is that load's alone, as a transient is.
        let kept = Protected<[ObjectIdentifier: Connection]>([:])
        let stop = Protected(false)
        let readers = (0..<3).map { _ in
            Thread {
                while !stop.withLock({ $0 }) {
                    if let first = container.load(id), container.load(id) === first {
                        kept.withLock { $0[ObjectIdentifier(first)] = first }
                    }
                }
            }
        }
        for reader in readers { reader.start() }
        for _ in 0..<300 {
            container.reset(scope: .lifecycleSession)
            // Only this thread resets: two loads in a row here always see a kept service.
            if let first = container.load(id), container.load(id) === first {
                kept.withLock { $0[ObjectIdentifier(first)] = first }
            }
        }
        stop.withLock { $0 = true }
        // Readers end on their own; a load still in progress frees what it held back when it returns.
        #expect(await eventually { readers.allSatisfy(\.isFinished) })
        container.removeAll()
        await container.waitForDisposals()
        let connections = made.withLock { $0 }
        let keptConnections = kept.withLock { Array($0.values) }
        #expect(connections.count > 1 && !keptConnections.isEmpty)
        #expect(connections.allSatisfy { $0.closeCount <= 1 })
        #expect(keptConnections.allSatisfy { $0.closeCount == 1 })
    }

    @Test("A factory that received a service does not hold its dispose hook back: the reset disposes it")
    func factoriesHoldNothingBack() async {
        let container = Container()
        let session = uniqueID(Connection.self)
        let outer = uniqueID(Connection.self)
        container.register(session, scope: .lifecycleSession, onDispose: { $0.close() }) {
            Connection("session")
        }
        let received = Protected<Connection?>(nil)
        let inFactory = DispatchSemaphore(value: 0)
        let proceed = DispatchSemaphore(value: 0)
        // The outer factory keeps the session service it loaded and blocks: the load that
        // returned the session service has ended, so nothing holds its release back.
        container.register(outer, scope: .singleton) { resolver in
            received.withLock { $0 = resolver.load(session) }
            inFactory.signal()
            proceed.wait()
            return Connection("outer")
        }
        let loader = Thread { _ = container.load(outer) }
        loader.start()
        #expect(inFactory.wait(timeout: .now() + 30) == .success)
        container.reset(scope: .lifecycleSession)
        let inner = received.withLock { $0 }
        #expect(
            inner?.closeCount == 1,
            "the reset returned before disposing of the service a factory in progress had")
        proceed.signal()
        #expect(await eventually { loader.isFinished })
    }
}
