import DependencyContainer
import Dispatch
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

enum IntrospectedPlayerProvider: InjectProvider {
    static var id: InjectID<any PlayerInject> { .player }
    static var scope: Scope { .singleton }
    static func make(with resolver: Resolver) -> any PlayerInject { StubPlayer() }
}

@Suite("Container: introspection and diagnostics")
struct ContainerIntrospectionTests {
    @Test("registrations lists ID, service type, provider and scope, sorted, with inherited ones marked")
    func registrationTable() {
        let parent = Container()
        parent.register(IntrospectedPlayerProvider.self)
        parent.register(.analytics) { _ in CountingAnalytics() }
        let child = Container(parent: parent)
        child.register(.toast, scope: .weak) { _ in RecordingToast() }
        child.register(.analytics) { _ in CountingAnalytics() }
        let table = child.registrations
        #expect(table.map(\.id) == ["AnalyticsInjectID", "PlayerInjectID", "ToastInjectID"])
        #expect(table.map(\.isInherited) == [false, true, false])
        #expect(table[1].serviceType == "any PlayerInject")
        #expect(table[1].scope == .singleton)
        #expect(table[1].provider.hasSuffix("IntrospectedPlayerProvider"))
        #expect(
            table[2].provider.hasPrefix(
                "closure at DependencyContainerTests/ContainerIntrospectionTests.swift:"))
        #expect(table[2].description.contains("ToastInjectID: any ToastInject [weak] from closure at"))
    }

    @Test("contains tells whether a load would find a registration")
    func containsID() {
        let container = Container()
        #expect(!container.contains(.player))
        container.register(.player) { _ in StubPlayer() }
        #expect(container.contains(.player))
        #expect(Container(parent: container).contains(.player))
    }

    @Test("A miss is reported with the ID and the requested type")
    func missReported() {
        let container = Container()
        let log = EventLog()
        container.setDiagnosticsHandler(log.handler)
        _ = container.load(.toast)
        _ = container.load(for: "Legacy")
        #expect(
            log.descriptions == [
                "missing: nothing registered for 'ToastInjectID' (`any ToastInject`)",
                "missing: nothing registered for 'Legacy' (`any Injectable`)",
            ])
    }

    @Test("A child without a handler reports to its parent's; removing the handler stops reports")
    func handlerInheritance() {
        let parent = Container()
        let log = EventLog()
        parent.setDiagnosticsHandler(log.handler)
        let child = Container(parent: parent)
        _ = child.load(.player)
        #expect(log.all.count == 1)
        parent.setDiagnosticsHandler(nil)
        _ = child.load(.player)
        #expect(log.all.count == 1)
    }

    @Test("A handler may use the container it observes")
    func reentrantHandler() {
        let container = Container()
        let log = EventLog()
        let handled = Counter()
        container.setDiagnosticsHandler { event in
            log.handler(event)
            _ = container.registrations
            _ = container.load(.analytics)  // a miss inside the handler must not recurse forever
            handled.increment()
        }
        // On a thread of its own, waited for with a bound: a handler that deadlocks on the
        // container's locks must fail the test, not hang it.
        let finished = DispatchSemaphore(value: 0)
        pthread_detach(
            spawnThread {
                container.register(.player) { _ in StubPlayer() }
                container.register(.player) { _ in StubPlayer() }
                finished.signal()
            })
        guard finished.wait(timeout: .now() + 30) == .success else {
            Issue.record("a handler that uses the container never returned")
            return
        }
        // The handler ran to its end, and the miss inside it was not reported again.
        #expect(handled.count == 1)
        #expect(log.descriptions.count == 1)
        #expect(log.descriptions.first?.hasPrefix("replaced:") == true)
    }
}
