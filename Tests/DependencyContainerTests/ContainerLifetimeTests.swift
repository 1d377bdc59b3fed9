import DependencyContainer
import Dispatch
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A service that counts its own release, like one that closes a file or a socket.
final class TrackedSession: Sendable {
    private let released: Counter

    init(released: Counter) {
        self.released = released
    }

    deinit {
        released.increment()
    }
}

@Suite("Container lifetime", .tags(.lifetime))
struct ContainerLifetimeTests {
    /// Enough loads for a thread to publish and cache a snapshot of a small container.
    static let loadsToCache = 32

    @Test("A dropped container's singletons are released while a thread that cached them lives on")
    func droppedContainersReleaseSingletons() {
        let released = Counter()
        let id = InjectID<TrackedSession>("TrackedSessionInjectID")
        var containers = (0..<5).map { _ in Container() }
        for container in containers {
            container.register(id, scope: .singleton) { TrackedSession(released: released) }
        }
        let handOver = LockedValue(containers)
        let loaded = DispatchSemaphore(value: 0)
        let finish = DispatchSemaphore(value: 0)
        // Like a pool thread: it loads, caches every container's snapshot, and stays alive.
        let thread = spawnThread {
            Self.loadRepeatedly(
                id,
                from: handOver.withLock { containers in
                    defer { containers = [] }
                    return containers
                })
            loaded.signal()
            finish.wait()
        }
        defer {
            finish.signal()
            pthread_detach(thread)
        }
        #expect(loaded.wait(timeout: .now() + 30) == .success)
        Self.loadRepeatedly(id, from: containers)
        #expect(released.count == 0)

        expectReleased(released, 5, after: "dropping the containers") { containers.removeAll() }
    }

    @Test("A dropped container's weak and graph services are not kept either")
    func droppedContainerKeepsNothing() {
        let released = Counter()
        var container: Container? = Container()
        container?.register(InjectID<TrackedSession>("weak"), scope: .weak) {
            TrackedSession(released: released)
        }
        container?.register(InjectID<TrackedSession>("graph"), scope: .graph) {
            TrackedSession(released: released)
        }
        for _ in 0..<Self.loadsToCache {
            _ = container?.load(InjectID<TrackedSession>("weak"))
            _ = container?.load(InjectID<TrackedSession>("graph"))
        }
        #expect(released.count == 2 * Self.loadsToCache)
        container = nil
        #expect(released.count == 2 * Self.loadsToCache)
    }

    @Test("Registrations moved to another container keep their services there, not in the source")
    func movedRegistrationsBelongToTheirNewContainer() {
        let released = Counter()
        let id = InjectID<TrackedSession>("MovedSessionInjectID")
        let host = Container()
        var staging: Container? = Container()
        staging?.register(id, scope: .singleton) { TrackedSession(released: released) }
        _ = staging?.load(id)  // the staging container's own singleton
        #expect(staging.map { host.adoptRegistrations(of: $0, replacingExisting: false).adopted } == true)
        let hosted = host.load(id)
        #expect(hosted != nil && hosted !== staging?.load(id))
        expectReleased(released, 1, after: "dropping the staging container") { staging = nil }
        #expect(host.load(id) === hosted)
    }

    private static func loadRepeatedly(_ id: InjectID<TrackedSession>, from containers: [Container]) {
        for container in containers {
            for _ in 0..<loadsToCache {
                _ = container.load(id)
            }
        }
    }
}
