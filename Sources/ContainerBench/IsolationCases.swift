import DependencyContainer
import Dispatch

/// The cases of main-actor and async registrations, compared with the sync singleton load.
///
/// The benchmark runs on the main thread, outside any task, which is the main actor's thread
/// here: main-actor factories run synchronously. The main thread never serves the main queue
/// while it measures, so no case hops to the main actor; `await` cases run in a detached task
/// that the main thread waits for, once per sample, not per load.
extension BenchmarkSuite {
    /// Names of the isolation cases, which are also the keys of samples.
    enum IsolationCase {
        static let mainActorSingletonOffMain = "load main-actor singleton, sync, off-main (existing)"
        static let mainActorTransientOnMain = "load main-actor transient, sync, on main thread"
        static let awaitSingleton = "await loadAsync sync singleton"
        static let awaitMainActorSingleton = "await loadAsync main-actor singleton (existing)"
        static let awaitAsyncSingleton = "await loadAsync async singleton (existing)"
        static let awaitAsyncTransient = "await loadAsync async transient (trivial factory)"
    }

    /// A container with one registration of each isolation, its singletons already created.
    func isolationFixture() -> Container {
        let container = Container.benchmarkFixture(fillerCount: 3, fillerNames: Names.filler(3))
        container.registerOnMainActor(.mainActorSingleton, scope: .singleton) { Node(tag: 8) }
        container.registerOnMainActor(.mainActorTransient) { Node(tag: 9) }
        container.registerAsync(.asyncSingleton, scope: .singleton) { () async -> any BenchService in
            Node(tag: 10)
        }
        container.registerAsync(.asyncTransient) { () async -> any BenchService in Node(tag: 11) }
        Sink.consume(Sink.identity(container.load(.mainActorSingleton)))
        Sink.consume(waitFor { Sink.identity(await container.loadAsync(.asyncSingleton)) })
        container.publishForReaders(registrationCount: 16)
        return container
    }

    /// The timed loops of the isolation cases.
    func isolationWorkloads(_ container: Container) -> [Workload] {
        let mainActorSingleton = Sink.opaque(InjectID<any BenchService>.mainActorSingleton)
        let mainActorTransient = Sink.opaque(InjectID<any BenchService>.mainActorTransient)
        let singleton = Sink.opaque(InjectID<any BenchService>.singleton)
        let asyncSingleton = Sink.opaque(InjectID<any BenchService>.asyncSingleton)
        let asyncTransient = Sink.opaque(InjectID<any BenchService>.asyncTransient)
        return [
            Workload(IsolationCase.mainActorSingletonOffMain) { n in
                // On another thread, where the container must not run a main-actor factory.
                offMainThread {
                    var checksum = 0
                    for _ in 0..<n { checksum &+= Sink.identity(container.load(mainActorSingleton)) }
                    return checksum
                }
            },
            Workload(IsolationCase.mainActorTransientOnMain) { n in
                var checksum = 0
                for _ in 0..<n { checksum &+= Sink.identity(container.load(mainActorTransient)) }
                return checksum
            },
            Workload(IsolationCase.awaitSingleton) { n in
                waitFor {
                    var checksum = 0
                    for _ in 0..<n { checksum &+= Sink.identity(await container.loadAsync(singleton)) }
                    return checksum
                }
            },
            Workload(IsolationCase.awaitMainActorSingleton) { n in
                waitFor {
                    var checksum = 0
                    for _ in 0..<n {
                        checksum &+= Sink.identity(await container.loadAsync(mainActorSingleton))
                    }
                    return checksum
                }
            },
            Workload(IsolationCase.awaitAsyncSingleton) { n in
                waitFor {
                    var checksum = 0
                    for _ in 0..<n { checksum &+= Sink.identity(await container.loadAsync(asyncSingleton)) }
                    return checksum
                }
            },
            Workload(IsolationCase.awaitAsyncTransient) { n in
                waitFor {
                    var checksum = 0
                    for _ in 0..<n { checksum &+= Sink.identity(await container.loadAsync(asyncTransient)) }
                    return checksum
                }
            },
        ]
    }
}

extension InjectID where Service == any BenchService {
    static var mainActorSingleton: Self { InjectID("bench.main-actor.singleton") }
    static var mainActorTransient: Self { InjectID("bench.main-actor.transient") }
    static var asyncSingleton: Self { InjectID("bench.async.singleton") }
    static var asyncTransient: Self { InjectID("bench.async.transient") }
}

/// Runs `body` in a detached task and blocks the calling thread until it returns.
private func waitFor(_ body: @escaping @Sendable () async -> Int) -> Int {
    let done = DispatchSemaphore(value: 0)
    let result = LockedDictionary<Int>()
    Task.detached {
        result.insert(await body(), forKey: "checksum")
        done.signal()
    }
    done.wait()
    return result["checksum"] ?? 0
}

/// Runs `body` on a global-queue thread and blocks the calling thread until it returns.
private func offMainThread(_ body: @escaping @Sendable () -> Int) -> Int {
    let done = DispatchSemaphore(value: 0)
    let result = LockedDictionary<Int>()
    DispatchQueue.global().async {
        result.insert(body(), forKey: "checksum")
        done.signal()
    }
    done.wait()
    return result["checksum"] ?? 0
}
