import DCExampleAppInterfaces
import DependencyContainer
import DependencyContainerPlugins
import Foundation

/// Registers the toast, as declared, but keeps the container it was given and writes an
/// undeclared ID to it after its register function returned: from a thread it starts, which
/// registers and unregisters the analytics ID while the loader checks and adopts, and when the
/// host calls `late_write_fixture_write`.
@_cdecl("dependency_container_plugin_entry")
public func dependencyContainerPluginEntry() -> UnsafeRawPointer? {
    PluginExport.descriptor(
        manifest: PluginManifest(name: "LateWriteFixture", version: "1.0.0", providedIDs: ["ToastInjectID"])
    ) { container in
        container.register(.toast) { NullToast(log: PrintLog()) }
        fixture.keep(container)
        fixture.writerStarted()
        let writer = Thread {
            for _ in 0..<200 {
                container.register(.analytics) { NullAnalytics() }
                container.unregister(.analytics)
            }
            fixture.writerFinished()
        }
        writer.start()
    }
}

/// Registers the analytics ID in the container the last register call was given.
@_cdecl("late_write_fixture_write")
public func lateWriteFixtureWrite() {
    fixture.kept()?.register(.analytics) { NullAnalytics() }
}

/// Waits until every thread a register call started has finished writing.
@_cdecl("late_write_fixture_wait")
public func lateWriteFixtureWait() {
    fixture.waitForWriters()
}

private let fixture = FixtureState()

/// The container the plugin keeps, and how many of its writer threads still run.
///
/// `@unchecked Sendable`: both are only read and written with `condition` locked.
private final class FixtureState: @unchecked Sendable {
    private let condition = NSCondition()
    private var container: Container?
    private var running = 0

    func keep(_ container: Container) {
        condition.withLock { self.container = container }
    }

    func kept() -> Container? {
        condition.withLock { container }
    }

    func writerStarted() {
        condition.withLock { running += 1 }
    }

    func writerFinished() {
        condition.withLock {
            running -= 1
            condition.broadcast()
        }
    }

    func waitForWriters() {
        condition.withLock {
            while running > 0 { condition.wait() }
        }
    }
}
