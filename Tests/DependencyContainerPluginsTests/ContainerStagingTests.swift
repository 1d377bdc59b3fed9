import DependencyContainer
import Foundation
import Testing

/// The core's support for plugin staging: sealed containers and watched writes.
@Suite("Staging containers: sealing and writes made elsewhere")
struct ContainerStagingTests {
    private let first = InjectID<Int>("StagingFirstID")
    private let second = InjectID<Int>("StagingSecondID")

    @Test("A sealed container keeps what it had, refuses every change, and reports each")
    func sealed() {
        let container = Container()
        container.register(first) { 1 }
        let reports = LockedValue<[[String]]>([])
        container.seal { ids in reports.withLock { $0.append(ids) } }

        container.register(second) { 2 }
        container.register(first) { 3 }
        container.unregister(first)
        container.unregister(id: "NeverRegisteredID")
        container.removeAll()
        #expect(container.load(first) == 1)
        #expect(container.load(second) == nil)
        #expect(container.registrations.map(\.id) == ["StagingFirstID"])
        // The unregistration of an ID it never had changes nothing, so it is not reported.
        #expect(
            reports.withLock { $0 } == [
                ["StagingSecondID"], ["StagingFirstID"], ["StagingFirstID"], ["StagingFirstID"],
            ])
    }

    @Test(
        "Writes this thread makes elsewhere are seen; to the container itself, to new ones, or by others, not"
    )
    func writesElsewhere() {
        let staging = Container()
        let host = Container()
        let (value, written) = staging.recordingWritesElsewhere {
            staging.register(first) { 1 }
            host.register(second) { 2 }
            host.unregister(second)
            host.register(first) { 3 }
            // A container the watched code creates is its own.
            let own = Container()
            own.register(InjectID<Int>("PrivateID")) { 4 }
            // Another thread's writes are the host's, as far as anyone can tell.
            let done = DispatchSemaphore(value: 0)
            Thread {
                host.register(InjectID<Int>("OtherThreadID")) { 5 }
                done.signal()
            }.start()
            done.wait()
            return 42
        }
        #expect(value == 42)
        #expect(written == ["StagingFirstID", "StagingSecondID"])
        #expect(staging.recordingWritesElsewhere { host.register(second) { 6 } }.1 == ["StagingSecondID"])
        #expect(staging.recordingWritesElsewhere { 0 }.1.isEmpty)
    }
}
