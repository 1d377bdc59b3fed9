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

    @Test("A service is never disposed while a load that received it is still in progress")
    func neverDuringALoad() async {
        let container = Container()
        let session = uniqueID(Connection.self)
        let outer = uniqueID(Connection.self)
        container.register(session, scope: .lifecycleSession, onDispose: { $0.close() }) {
            Connection("session")
        }
        let violations = Counter()
        let checks = Counter()
        // A weak outer service that nobody holds: each load runs its factory, inside the outer
        // load, which is in progress until the factory returns.
        container.register(outer, scope: .weak) { resolver in
            guard let inner = resolver.load(session) else { return Connection("none") }
            for _ in 0..<50 {
                if inner.isClosed { violations.increment() }
            }
            checks.increment()
            return Connection("outer")
        }
        let stop = Protected(false)
        let writer = Thread {
            while !stop.withLock({ $0 }) { container.reset(scope: .lifecycleSession) }
        }
        writer.start()
        DispatchQueue.concurrentPerform(iterations: 3) { _ in
            for _ in 0..<400 { _ = container.load(outer) }
        }
        stop.withLock { $0 = true }
        #expect(await eventually { writer.isFinished })
        #expect(checks.count > 0)
        #expect(violations.count == 0)
    }
}
