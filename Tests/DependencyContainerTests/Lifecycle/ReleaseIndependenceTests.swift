import DependencyContainer
import Dispatch
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A release completes inside the releasing call whatever factory is in progress elsewhere
/// (issue 38): only a load that may still return the very service released defers it.
///
/// In each test a factory is held in progress (blocked on a semaphore, or suspended at an
/// `await`) while another thread loads and releases services in a loop. After each releasing
/// call the test checks that the released service's dispose hook has run and that it is freed;
/// once the held load returns, that its caller ran none of those hooks.
///
/// Serialized: until issue 38 is fixed, each test's held factory would hold back the others'
/// releases, and a failure would not be its own.
@Suite(
    "Releases complete while unrelated factories are in progress", .serialized, .tags(.concurrency, .lifetime)
)
struct ReleaseIndependenceTests {
    @Test(
        "Another container's singleton factory in progress holds back no reset, replacement, unregister, removeAll or drop"
    )
    func factoryInAnotherContainer() async {
        let held = HeldFactory()
        let blocked = Container()
        let loader = startBlockedSingletonLoad(in: blocked, held)
        await expectReleasesComplete(in: Container(), while: held)
        held.join(loader)
    }

    @Test("A singleton factory in progress in the same container, under another ID, holds back no release")
    func factoryInTheSameContainer() async {
        let held = HeldFactory()
        let container = Container()
        let loader = startBlockedSingletonLoad(in: container, held)
        await expectReleasesComplete(in: container, while: held)
        held.join(loader)
    }

    /// Registers a singleton whose factory blocks until `held` lets it go, and starts its
    /// first load on a thread of its own.
    private func startBlockedSingletonLoad(in container: Container, _ held: HeldFactory) -> pthread_t {
        let id = uniqueID(Connection.self)
        container.register(id, scope: .singleton) {
            held.blockThread()
            return Connection("slow start-up")
        }
        return held.loadOnThread { _ = container.load(id) }
    }

    @Test("An async factory suspended at an await holds back no release")
    func suspendedAsyncFactory() async {
        let held = HeldFactory()
        let blocked = Container()
        let id = uniqueID(Connection.self)
        blocked.registerAsync(id, scope: .singleton) {
            await held.suspendTask()
            return Connection("slow start-up")
        }
        let loader = Task {
            await HeldLoad.$isCurrent.withValue(true) { _ = await blocked.loadAsync(id) }
            held.noteReturned()
        }
        await expectReleasesComplete(in: Container(), while: held)
        _ = await withTimeout { await loader.value }
    }

    @Test("A main-actor factory in progress on the main actor holds back no release")
    func mainActorFactory() async {
        let held = HeldFactory()
        let blocked = Container()
        let id = uniqueID(Connection.self)
        blocked.registerOnMainActor(id, scope: .singleton) {
            held.blockThread()
            return Connection("slow banner")
        }
        // The releases loop on a thread of their own, so the blocked main actor cannot stop them.
        let loader = Task { @MainActor in
            HeldLoad.$isCurrent.withValue(true) { _ = blocked.load(id) }
            held.noteReturned()
        }
        await expectReleasesComplete(in: Container(), while: held)
        _ = await withTimeout { await loader.value }
    }

    @Test(
        "An async load that waited for a creation never returns the service a reset retired meanwhile: it loads the replacement"
    )
    func joinedLoadTakesTheReplacement() async throws {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) else { return }
        let container = Container()
        let id = uniqueID(Connection.self)
        let factoryGate = Gate()
        container.registerAsync(id, scope: .lifecycleSession, onDispose: { $0.close() }) {
            await factoryGate.wait()
            return Connection("joined")
        }
        // The joining load runs on an executor that holds its jobs, so the test decides when
        // it resumes after the creation ends: the reset falls between the two.
        let executor = HoldingExecutor()
        defer {
            factoryGate.open()
            executor.stopHolding()
        }
        let creator = Task { await container.loadAsync(id) }
        try #require(await eventually { factoryGate.waiting == 1 }, "the creation never started")
        let joiner = Task(executorPreference: executor) { () -> (service: Connection?, wasDisposed: Bool) in
            let service = await container.loadAsync(id)
            return (service, service?.isClosed ?? false)
        }
        // Its first job runs up to its first suspension: the wait for the creation.
        try #require(await eventually { executor.heldJobs == 1 }, "the joining load never started")
        executor.runHeldJobs()
        try #require(await eventually { executor.jobsRun == 1 })
        factoryGate.open()
        let created = try #require(await withTimeout { await creator.value } ?? nil)
        // The creation's end resumes the joining load, which the executor holds: it waited for
        // the creation and has not returned.
        try #require(
            await eventually { executor.heldJobs == 1 }, "the second load did not wait for the creation")

        // The reset waits for no suspended load: the old service's hook runs (in a task of its
        // own, as an async registration's hook does) although the joining load has not returned.
        container.reset(scope: .lifecycleSession)
        #expect(
            await eventually { created.isClosed },
            "the reset did not dispose of the old service while a load that waited for it was suspended")
        executor.stopHolding()
        let joined = try #require(await withTimeout { await joiner.value }, "the joining load never returned")
        // The joining load resumed after the reset: it took what replaced the registration.
        #expect(joined.service != nil)
        #expect(joined.service !== created, "the joining load returned the service the reset retired")
        #expect(
            !joined.wasDisposed, "the joining load returned a service whose dispose hook had already run")
        container.removeAll()
        await container.waitForDisposals()
        #expect(created.closeCount == 1, "disposed \(created.closeCount) times, not once")
        #expect(
            joined.service?.closeCount == 1,
            "the replacement was disposed \(joined.service?.closeCount ?? 0) times")
    }

    /// Waits until `held`'s factory is in progress, loads and releases services of `releasing`
    /// on a thread of its own (``releaseInLoop(_:_:)``), then lets the factory return.
    ///
    /// Expects every check of the loop to pass, the factory to have been in progress throughout,
    /// and the held load's caller to have run none of the loop's dispose hooks.
    private func expectReleasesComplete(
        in releasing: Container, while held: HeldFactory, sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        defer { held.finish() }
        guard await eventually({ held.isInFactory }) else {
            Issue.record("the held factory never ran", sourceLocation: sourceLocation)
            return
        }
        let tally = ReleaseTally()
        let failures = await withTimeout {
            await onBackgroundThread { Self.releaseInLoop(releasing, tally) }
        }
        let heldThroughout = !held.hasReturned
        held.finish()
        let returned = await eventually { held.hasReturned }
        #expect(failures != nil, "the releases hung", sourceLocation: sourceLocation)
        for failure in failures ?? [] {
            Issue.record(Comment(rawValue: failure), sourceLocation: sourceLocation)
        }
        #expect(
            heldThroughout, "the held factory returned before the releases ended",
            sourceLocation: sourceLocation)
        #expect(returned, "the held load never returned", sourceLocation: sourceLocation)
        #expect(
            tally.disposedInHeldLoad == 0,
            "the held load's caller ran \(tally.disposedInHeldLoad) of \(tally.disposed) dispose hooks of other services",
            sourceLocation: sourceLocation)
    }

    /// Rounds of releases: enough to show held-back batches, quick under ThreadSanitizer.
    private static let rounds = 100

    /// Loads and lets go of services of `container` in each way a container does, `rounds`
    /// times, checking after each releasing call that it disposed and freed the service.
    ///
    /// - Returns: What failed, a line per check that failed: how often, and the first time.
    private static func releaseInLoop(_ container: Container, _ tally: ReleaseTally) -> [String] {
        var checks = ReleaseChecks(tally: tally)
        let session = uniqueID(TalliedService.self)
        let replaced = uniqueID(TalliedService.self)
        let unregistered = uniqueID(TalliedService.self)
        let cleared = uniqueID(TalliedService.self)
        let dropped = uniqueID(TalliedService.self)
        container.register(session, scope: .lifecycleSession, onDispose: tally.dispose) {
            TalliedService(tally)
        }
        container.register(replaced, scope: .singleton, onDispose: tally.dispose) { TalliedService(tally) }
        for round in 0..<rounds {
            checks.check("reset(scope:)", round) {
                _ = container.load(session)
            } release: {
                container.reset(scope: .lifecycleSession)
            }
            checks.check("a replacing register", round) {
                _ = container.load(replaced)
            } release: {
                container.register(replaced, scope: .singleton, onDispose: tally.dispose) {
                    TalliedService(tally)
                }
            }
            container.register(unregistered, scope: .singleton, onDispose: tally.dispose) {
                TalliedService(tally)
            }
            checks.check("unregister", round) {
                _ = container.load(unregistered)
            } release: {
                container.unregister(unregistered)
            }
            let child = Container(parent: container)
            child.register(cleared, scope: .singleton, onDispose: tally.dispose) { TalliedService(tally) }
            checks.check("removeAll", round) {
                _ = child.load(cleared)
            } release: {
                child.removeAll()
            }
            var droppedChild: Container? = Container(parent: container)
            droppedChild?.register(dropped, scope: .singleton, onDispose: tally.dispose) {
                TalliedService(tally)
            }
            weak var droppedService: TalliedService?
            checks.check("dropping a container", round) {
                droppedService = droppedChild?.load(dropped)
            } release: {
                droppedChild = nil
            }
            if droppedService != nil {
                checks.fail("dropping a container: weak reference", round, "still set when the drop returned")
            }
        }
        return checks.failures
    }
}

/// Marks the held load, so that a dispose hook can tell whether that load's caller runs it.
enum HeldLoad {
    @TaskLocal static var isCurrent = false
}

/// A factory the test holds in progress until ``finish()``, and its load.
final class HeldFactory: Sendable {
    private let entered = Counter()
    private let returned = Counter()
    private let proceed = DispatchSemaphore(value: 0)
    private let gate = Gate()

    /// For a synchronous factory: blocks its thread. Bounded, so that a test that fails to
    /// finish it still ends; generously, because under ThreadSanitizer beside the stress
    /// suites the test's own task may wait minutes for a thread of the cooperative pool.
    func blockThread() {
        entered.increment()
        _ = proceed.wait(timeout: .now() + 600)
    }

    /// For an async factory: suspends it at an `await`.
    func suspendTask() async {
        entered.increment()
        await gate.wait()
    }

    /// Runs `load` on a new thread, marked as the held load.
    func loadOnThread(_ load: @escaping @Sendable () -> Void) -> pthread_t {
        spawnThread {
            HeldLoad.$isCurrent.withValue(true) { load() }
            self.noteReturned()
        }
    }

    /// Joins the thread of ``loadOnThread(_:)`` once its load returned; detaches it otherwise.
    func join(_ thread: pthread_t) {
        finish()
        if hasReturned {
            pthread_join(thread, nil)
        } else {
            pthread_detach(thread)
        }
    }

    func noteReturned() { returned.increment() }
    var isInFactory: Bool { entered.count > 0 }
    var hasReturned: Bool { returned.count > 0 }

    /// Lets the factory return; idempotent.
    func finish() {
        proceed.signal()
        gate.open()
    }
}

/// Counts the services of a releasing container: made, freed, disposed, and disposed by the
/// held load's caller.
final class ReleaseTally: Sendable {
    private let made = Counter()
    private let freed = Counter()
    private let disposals = Counter()
    private let disposalsInHeldLoad = Counter()

    var alive: Int { made.count - freed.count }
    var disposed: Int { disposals.count }
    var disposedInHeldLoad: Int { disposalsInHeldLoad.count }

    func noteMade() { made.increment() }
    func noteFreed() { freed.increment() }

    /// The dispose hook.
    func dispose(_: TalliedService) {
        disposals.increment()
        if HeldLoad.isCurrent { disposalsInHeldLoad.increment() }
    }
}

/// A service that counts itself in its container's tally while it is alive.
final class TalliedService: Sendable {
    private let tally: ReleaseTally

    init(_ tally: ReleaseTally) {
        self.tally = tally
        tally.noteMade()
    }

    deinit { tally.noteFreed() }
}

/// The checks of a release loop; a failing check is reported once, with its count and first
/// occurrence, rather than once per round.
struct ReleaseChecks {
    let tally: ReleaseTally
    private var failed: [String: (count: Int, first: String)] = [:]
    private var order: [String] = []

    init(tally: ReleaseTally) {
        self.tally = tally
    }

    /// Runs `load`, which makes one service, then `release`, which lets go of it, and checks
    /// that one service was alive after the load, and none, disposed, after the release.
    mutating func check(_ name: String, _ round: Int, load: () -> Void, release: () -> Void) {
        load()
        let aliveAfterLoad = tally.alive
        if aliveAfterLoad != 1 {
            fail("\(name): services alive", round, "\(aliveAfterLoad) alive after the load, not 1")
        }
        let disposedBefore = tally.disposed
        release()
        let disposed = tally.disposed - disposedBefore
        let alive = tally.alive
        if disposed != 1 {
            fail("\(name): dispose hook", round, "returned with \(disposed) of 1 dispose hooks run")
        }
        if alive != 0 {
            fail("\(name): freed", round, "returned with \(alive) services alive, not 0")
        }
    }

    mutating func fail(_ check: String, _ round: Int, _ detail: String) {
        if let earlier = failed[check] {
            failed[check] = (earlier.count + 1, earlier.first)
        } else {
            failed[check] = (1, "round \(round): \(detail)")
            order.append(check)
        }
    }

    /// A line per failed check.
    var failures: [String] {
        order.compactMap { check in
            failed[check].map { "\(check) failed in \($0.count) rounds; first, \($0.first)" }
        }
    }
}

/// A task executor that runs jobs on Dispatch's global queue, except that it holds them until
/// told, so a test can decide when a task resumes.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
final class HoldingExecutor: TaskExecutor {
    private let state = Protected<(isHolding: Bool, held: [UnownedJob], run: Int)>((true, [], 0))

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let runsNow = state.withLock { state -> Bool in
            if state.isHolding { state.held.append(job) }
            return !state.isHolding
        }
        if runsNow { run(job) }
    }

    var heldJobs: Int { state.withLock { $0.held.count } }
    var jobsRun: Int { state.withLock { $0.run } }

    /// Runs the jobs held so far; it holds later ones.
    func runHeldJobs() {
        let jobs = state.withLock { state in
            defer { state.held = [] }
            return state.held
        }
        for job in jobs { run(job) }
    }

    /// Runs the held jobs and every later one at once.
    func stopHolding() {
        state.withLock { $0.isHolding = false }
        runHeldJobs()
    }

    private func run(_ job: UnownedJob) {
        DispatchQueue.global().async {
            job.runSynchronously(on: self.asUnownedTaskExecutor())
            self.state.withLock { $0.run += 1 }
        }
    }
}
