import DependencyContainer
import Testing

// The examples of the lifecycle API's doc comments, the Service lifetimes article and the
// README, compiled and run.

/// A connection that must be closed when its session ends.
final class WebSocket: Sendable {
    private let closed = LockedValue(false)
    var isClosed: Bool { closed.withLock { $0 } }
    func close() { closed.withLock { $0 = true } }
}

extension InjectID where Service == WebSocket {
    static var socket: Self { InjectID("SocketInjectID") }
}

enum SocketProvider: InjectProvider {
    static var id: InjectID<WebSocket> { .socket }
    static var scope: Scope { .session }
    static var lifecycle: ServiceLifecycle<WebSocket> {
        ServiceLifecycle(onDispose: { $0.close() })
    }
    static func make(with resolver: Resolver) -> WebSocket {
        WebSocket()
    }
}

@Suite("Lifecycle examples")
struct LifecycleExamplesTests {
    @Test("A session's socket is closed at logout, by a closure's hook or a provider's")
    func socketClosedAtLogout() async throws {
        let container = Container()
        container.register(.socket, scope: .session, onDispose: { $0.close() }) {
            WebSocket()
        }
        let socket = try #require(container.load(.socket))
        container.reset(scope: .session)  // log out
        await container.waitForDisposals()  // the session's sockets are closed
        #expect(socket.isClosed)

        container.register(SocketProvider.self)
        let provided = try #require(container.load(.socket))
        container.reset(scope: .session)
        await container.waitForDisposals()
        #expect(provided.isClosed)
    }

    @Test("A synchronous registration's dispose hook may await, and waitForDisposals awaits it")
    func asyncDisposal() async throws {
        let container = Container()
        let flushing = ServiceLifecycle<Database>.async(onDispose: { try await $0.flush() })
        container.register(.database, scope: .singleton, lifecycle: flushing) { Database() }
        let database = try #require(container.load(.database))
        container.removeAll()
        await container.waitForDisposals()
        #expect(database.flushCount == 1)
    }

    @Test("warmUp creates eager services and reports failures")
    func warmUp() async {
        let container = startAnalytics()
        printFailures(of: container)
        let awaited = await awaitWarmUp(of: container)
        #expect(awaited.failures.isEmpty)
    }

    /// Synchronous, as an app's start-up is: in an `async` function, `warmUp()` is the async twin.
    private func startAnalytics() -> Container {
        let container = Container()
        container.register(.analytics, scope: .singleton, eager: true) { ConsoleAnalytics() }
        let report = container.warmUp()  // the analytics service exists now
        #expect(report.entries.map(\.id) == ["AnalyticsInjectID"])
        return container
    }

    private func printFailures(of container: Container) {
        let report = container.warmUp()
        for failure in report.failures {
            print("warm-up: \(failure)")
        }
        #expect(report.failures.isEmpty)
    }

    private func awaitWarmUp(of container: Container) async -> WarmUpReport {
        let report = await container.warmUpIncludingIsolated()
        return report
    }
}
