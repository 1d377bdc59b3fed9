import DependencyContainer
import Dispatch
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Old services end when the write that removes them returns, whatever threads cached.
///
/// Serialized: each test counts releases of its own services, and a load in progress in this
/// suite would hold back another test's.
@Suite("Read path: old services are released when writes return", .serialized, .tags(.lifetime))
struct ReadPathLifetimeTests {
    private static let session = InjectID<TrackedSession>("ReadPathLifetimeSessionInjectID")
    private static let singleton = InjectID<TrackedSession>("ReadPathLifetimeSingletonInjectID")
    private static let doomed = InjectID<TrackedSession>("ReadPathLifetimeDoomedInjectID")
    private static let blocker = InjectID<Int>("ReadPathLifetimeBlockerInjectID")

    @Test("A thread that loaded and idles forever holds no old service back")
    func idleThreadHoldsNothing() {
        let released = Counter()
        var container: Container? = Container()
        container?.register(Self.session, scope: .session) { TrackedSession(released: released) }
        container?.register(Self.singleton, scope: .singleton) { TrackedSession(released: released) }
        container?.register(Self.doomed, scope: .singleton) { TrackedSession(released: released) }
        let handOver = LockedValue(container)
        let loaded = DispatchSemaphore(value: 0)
        // Like a pool thread: it loads until it caches a snapshot, then idles and is never
        // joined, so nothing it holds in thread-local state is ever given up.
        let idle = spawnThread {
            // A call, so that no local of this closure keeps the container while it idles.
            Self.loadUntilCached([Self.session, Self.singleton, Self.doomed], from: handOver)
            loaded.signal()
            DispatchSemaphore(value: 0).wait()
        }
        pthread_detach(idle)
        #expect(loaded.wait(timeout: .now() + 30) == .success, "the idle thread never finished loading")
        #expect(released.count == 0)

        expectReleased(released, 1, after: "reset(scope: .session)") {
            container?.reset(scope: .session)
        }
        expectReleased(released, 2, after: "replacing the singleton's registration") {
            container?.register(Self.singleton, scope: .singleton) { TrackedSession(released: released) }
        }
        expectReleased(released, 3, after: "unregister") {
            container?.unregister(Self.doomed)
        }

        _ = container?.load(Self.session)
        _ = container?.load(Self.singleton)
        expectReleased(released, 5, after: "dropping the container's last reference") {
            container = nil
        }
    }

    @Test("removeAll and dropping a child release their services while a thread idles")
    func removeAllAndChildren() {
        let released = Counter()
        let parent = Container()
        var child: Container? = Container(parent: parent)
        parent.register(Self.singleton, scope: .singleton) { TrackedSession(released: released) }
        child?.register(Self.session, scope: .session) { TrackedSession(released: released) }
        let handOver = LockedValue(child)
        let loaded = DispatchSemaphore(value: 0)
        let idle = spawnThread {
            Self.loadUntilCached([Self.singleton, Self.session], from: handOver)
            loaded.signal()
            DispatchSemaphore(value: 0).wait()
        }
        pthread_detach(idle)
        #expect(loaded.wait(timeout: .now() + 30) == .success, "the idle thread never finished loading")
        #expect(released.count == 0)

        expectReleased(released, 1, after: "dropping the child") { child = nil }
        expectReleased(released, 2, after: "removeAll") { parent.removeAll() }
    }

    @Test("A factory blocked in a load of the same container holds nothing back: the reset frees at once")
    func blockedFactoryHoldsNothingBack() {
        let released = Counter()
        let container = Container()
        container.register(Self.session, scope: .session) { TrackedSession(released: released) }
        let inFactory = DispatchSemaphore(value: 0)
        let proceed = DispatchSemaphore(value: 0)
        // A singleton whose factory has read the session service and then blocks: once a load
        // held a read section across its factory, and so every release in the process.
        container.register(Self.blocker, scope: .singleton) { resolver in
            _ = resolver.load(Self.session)
            inFactory.signal()
            proceed.wait()
            return 1
        }
        _ = container.load(Self.session)
        let loader = spawnThread { _ = container.load(Self.blocker) }
        defer {
            proceed.signal()
            pthread_join(loader, nil)
        }
        #expect(inFactory.wait(timeout: .now() + 30) == .success, "the blocking factory never ran")

        container.reset(scope: .session)
        #expect(
            released.count == 1, "the reset returned with the old service alive, behind a factory in progress"
        )
    }

    /// Takes the container out of `handOver` and loads `ids` from it until the thread has
    /// cached its snapshots; the container is released on return.
    private static func loadUntilCached(
        _ ids: [InjectID<TrackedSession>], from handOver: LockedValue<Container?>
    ) {
        guard let container = handOver.withLock({ $0 }) else { return }
        handOver.withLock { $0 = nil }
        for _ in 0..<ContainerLifetimeTests.loadsToCache {
            for id in ids {
                _ = container.load(id)
            }
        }
    }
}
