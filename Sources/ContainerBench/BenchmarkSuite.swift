import DependencyContainer
import Foundation

/// Every case of `container-bench`, with the baselines each is compared with.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
struct BenchmarkSuite {
    let isQuick: Bool

    private var sampler: Sampler {
        isQuick
            ? Sampler(rounds: 3, sampleDuration: .milliseconds(1), iterationsOverride: 2_000)
            : Sampler(rounds: 11, sampleDuration: .milliseconds(20), iterationsOverride: nil)
    }

    /// Registrations in the large container and in the memory case.
    private let largeCount = 100_000
    private var batchCount: Int { isQuick ? 1_000 : 10_000 }
    /// Contributions to the one extension point of the many-contributions case.
    private let manyContributionsCount = 100_000

    func run() -> [CaseResult] {
        let fillerNames = Names.filler(largeCount)
        // First, while the heap has no freed memory to recycle that would hide growth.
        let (footprint, large) = measureFootprint(fillerNames: fillerNames)
        let small = Container.benchmarkFixture(fillerCount: 3, fillerNames: fillerNames)
        let isolated = isolationFixture()
        let reclaiming = reclamationFixture()
        let (hooked, observers) = lifecycleFixture()
        let verified = verificationFixture(count: batchCount)
        let contextual = contextFixture()
        // Built once, for the linked-feature cases and the start-up cases.
        let pluginLibraries = Result { try PluginStartupCase.Libraries() }
        defer { try? pluginLibraries.get().remove() }
        let pluginsInstalled = pluginLinkedFixture(libraries: pluginLibraries)
        let samples = sampler.measure(
            baselines(fillerNames: fillerNames) + cases(small: small, large: large, fillerNames: fillerNames)
                + isolationWorkloads(isolated) + reclamationWorkloads(reclaiming) + lifecycleWorkloads(hooked)
                + verificationWorkloads(verified) + contextWorkloads(contextual)
                + pluginLinkedWorkloads(pluginsInstalled) + loadSiteWorkloads(count: batchCount)
                + timeToLiveWorkloads() + extensionPointWorkloads())
        let median = { (name: String) in Statistics.median(samples[name]!) }
        let compare = { (name: String, baseline: String, target: Target?) in
            CaseResult(
                name: name, nanosecondsPerOperation: median(name), baseline: baseline,
                ratio: Statistics.medianRatio(samples[name]!, samples[baseline]!), target: target)
        }
        var results = [
            Case.closureCall, Case.lockedHit, Case.lockedMiss, Case.lockedLookupCall, Case.lockedGraph,
            Case.lockedBatch, Case.contributeToEmpty,
        ].map { CaseResult(name: $0, nanosecondsPerOperation: median($0)) }
        results += [
            compare(Case.singleton, Case.lockedHit, .ratio(atMost: 1.5)),
            compare(Case.transient, Case.lockedLookupCall, .ratio(atMost: 2)),
            compare(Case.miss, Case.lockedMiss, .ratio(atMost: 1.2)),
            compare(Case.seed, Case.lockedLookupCall, .ratio(atMost: 2)),
            compare(Case.graph, Case.lockedGraph, nil),
            compare(Case.injected, Case.lockedHit, nil),
            compare(Case.batch, Case.lockedBatch, .ratio(atMost: 1.5)),
            compare(Case.largeSingleton, Case.singleton, .ratio(atMost: 1.3)),
            compare(Case.contribution, Case.transient, .ratio(atMost: 1.5)),
            compare(Case.manyContributions, Case.contributeToEmpty, .ratio(atMost: 2)),
            compare(Case.argument, Case.transient, .ratio(atMost: 1.5)),
            compare(Case.scoped, Case.singleton, .ratio(atMost: 1.5)),
        ]
        // No targets: these show what isolation costs next to the sync singleton load.
        results += [
            compare(IsolationCase.mainActorSingletonOffMain, Case.singleton, nil),
            compare(IsolationCase.mainActorTransientOnMain, Case.transient, nil),
            compare(IsolationCase.awaitSingleton, Case.singleton, nil),
            compare(IsolationCase.awaitMainActorSingleton, Case.singleton, nil),
            compare(IsolationCase.awaitAsyncSingleton, Case.singleton, nil),
            compare(IsolationCase.awaitAsyncTransient, Case.transient, nil),
        ]
        // No target: what reclaiming old services costs loads, next to the plain singleton load.
        results.append(compare(ReclamationCase.singletonUnderResets, Case.singleton, nil))
        // Issue 29's promise: hooks elsewhere cost an existing singleton's load nothing.
        results.append(compare(LifecycleCase.singletonAmongHooks, Case.singleton, .ratio(atMost: 1.1)))
        // Issue 31's promise: verify() scales as O(n·d), within 20 loads per registration.
        results.append(compare(VerificationCase.verify, VerificationCase.loadEach, .ratio(atMost: 20)))
        results.append(loadSiteResult(samples, count: batchCount))  // Issue 40: verify() with load sites.
        // Issue 32's promise: context registrations elsewhere cost an existing singleton's load nothing.
        results.append(compare(ContextCase.singletonAmongContexts, Case.singleton, .ratio(atMost: 1.1)))
        // Issue 42's promise: a time to live elsewhere costs an existing singleton's load nothing.
        results.append(compare(TimeToLiveCase.singletonAmongTimeToLive, Case.singleton, .ratio(atMost: 1.1)))
        // Issue 42's promise: a traced and stopped container loads an existing singleton as fast.
        results += traceResults()
        // Issue 41's promises: loads of linked features cost the same with 50 plugins installed
        // (none of them loaded, checked after the loads) as without...
        switch pluginsInstalled.flatMap({ fixture in
            Result { try PluginStartupCase.checkNoneLoaded(fixture.1) }
        }) {
        case .success:
            results += [
                compare(PluginLinkedCase.singleton, Case.singleton, .ratio(atMost: 1.1)),
                compare(PluginLinkedCase.transient, Case.transient, .ratio(atMost: 1.1)),
            ]
        case .failure(let error):
            results.append(CaseResult(name: PluginLinkedCase.singleton, note: "not run: \(error)"))
        }
        // ...and plugins installed start up faster than all loaded, loading on first use.
        results += PluginStartupCase.results(rounds: isQuick ? 3 : 11, libraries: pluginLibraries)
        results += extensionPointResults(median: median)
        results += threadCases(small)
        results.append(footprint)
        withExtendedLifetime((large, observers)) {}
        return results
    }

    // MARK: Timed loops

    private func baselines(fillerNames: [String]) -> [Workload] {
        let shared: any AnyObject & Sendable = Node(tag: 1)
        let closure: () -> AnyObject = Sink.opaque { shared }
        let make: @Sendable () -> AnyObject = { Node(tag: 2) }
        var objects: [String: any AnyObject & Sendable] = [Names.singleton: shared]
        var factories: [String: @Sendable () -> AnyObject] = [Names.transient: make]
        for name in fillerNames.prefix(9) {
            objects[name] = Node(tag: 0)
            factories[name] = make
        }
        let lockedObjects = LockedDictionary(objects)
        let lockedFactories = LockedDictionary(factories)
        let graph = LockedDictionary<@Sendable () -> AnyObject>()
        graph.insert({ Node(tag: 5, child: graph[Names.graphMiddle]?() as? Node) }, forKey: Names.graphTop)
        graph.insert({ Node(tag: 6, child: graph[Names.graphLeaf]?() as? Node) }, forKey: Names.graphMiddle)
        graph.insert({ Node(tag: 7) }, forKey: Names.graphLeaf)
        let hit = Sink.opaque(Names.singleton)
        let misses = Sink.opaque(Names.missing)
        let transient = Sink.opaque(Names.transient)
        let top = Sink.opaque(Names.graphTop)
        let batch = batchCount
        return [
            Workload(Case.closureCall) { n in
                var checksum = 0
                for _ in 0..<n { checksum &+= Sink.identity(closure()) }
                return checksum
            },
            Workload(Case.lockedHit) { n in
                var checksum = 0
                for _ in 0..<n { checksum &+= Sink.identity(lockedObjects[hit]) }
                return checksum
            },
            Workload(Case.lockedMiss) { n in
                var checksum = 0
                for index in 0..<n { checksum &+= Sink.identity(lockedObjects[misses[index & 15]]) }
                return checksum
            },
            Workload(Case.lockedLookupCall) { n in
                var checksum = 0
                for _ in 0..<n { checksum &+= Sink.identity(lockedFactories[transient]?()) }
                return checksum
            },
            Workload(Case.lockedGraph) { n in
                var checksum = 0
                for _ in 0..<n { checksum &+= Sink.identity(graph[top]?()) }
                return checksum
            },
            Workload(Case.lockedBatch, fixedIterations: batch) { n in
                let dictionary = LockedDictionary<@Sendable () -> AnyObject>()
                for name in fillerNames.prefix(n) { dictionary.insert(make, forKey: name) }
                var checksum = 0
                for name in fillerNames.prefix(n) { checksum &+= Sink.identity(dictionary[name]?()) }
                return checksum
            },
        ]
    }

    private func cases(small: Container, large: Container, fillerNames: [String]) -> [Workload] {
        let singleton = Sink.opaque(InjectID<any BenchService>.singleton)
        let transient = Sink.opaque(InjectID<any BenchService>.transient)
        let misses = Sink.opaque(Names.missing.map { InjectID<any BenchService>($0) })
        let top = Sink.opaque(InjectID<any BenchService>.graphTop)
        let seed = Sink.opaque(Names.seed)
        let scoped = Sink.opaque(InjectID<any BenchService>.scoped)
        let withArgument = Sink.opaque(ArgumentInjectID<Int, any BenchService>.withArgument)
        let point = Sink.opaque(ExtensionPoint<any BenchService>.contributions)
        let contributions = Container.contributionCount
        let batch = batchCount
        let many = manyContributionsCount
        return [
            // The baseline of the next case: one contribution into an empty point, `n` times,
            // each into a point of its own. 10k points in quick runs too, so that both compare
            // the 100k contributions with the same baseline.
            Workload(Case.contributeToEmpty, fixedIterations: 10_000) { n in
                let container = Container()
                for name in fillerNames.prefix(n) {
                    container.contribute(to: ExtensionPoint<any BenchService>(name), named: "only") {
                        Node(tag: 0)
                    }
                }
                return Sink.identity(container)
            },
            // Per contribution: contributing all of them to one point, then loading it once.
            // Eight priorities, so that the load order is neither the order of contributing
            // nor that of the names.
            Workload(Case.manyContributions, fixedIterations: many) { n in
                let container = Container()
                let point = ExtensionPoint<any BenchService>("bench.many")
                for (index, name) in fillerNames.prefix(n).enumerated() {
                    container.contribute(to: point, named: name, priority: index % 8) { Node(tag: 0) }
                }
                var checksum = 0
                for element in container.load(point) { checksum &+= Sink.identity(element) }
                return checksum
            },
            // Per contribution: each load of the point makes `contributions` elements.
            Workload(Case.contribution) { n in
                var checksum = 0
                for _ in stride(from: 0, to: n, by: contributions) {
                    for element in small.load(point) { checksum &+= Sink.identity(element) }
                }
                return checksum
            },
            Workload(Case.argument) { n in
                var checksum = 0
                for index in 0..<n { checksum &+= Sink.identity(small.load(withArgument, argument: index)) }
                return checksum
            },
            Workload(Case.scoped) { n in
                var checksum = 0
                for _ in 0..<n { checksum &+= Sink.identity(small.load(scoped)) }
                return checksum
            },
            Workload(Case.singleton) { n in
                var checksum = 0
                for _ in 0..<n { checksum &+= Sink.identity(small.load(singleton)) }
                return checksum
            },
            Workload(Case.transient) { n in
                var checksum = 0
                for _ in 0..<n { checksum &+= Sink.identity(small.load(transient)) }
                return checksum
            },
            Workload(Case.miss) { n in
                var checksum = 0
                for index in 0..<n { checksum &+= Sink.identity(small.load(misses[index & 15])) }
                return checksum
            },
            Workload(Case.seed) { n in
                var checksum = 0
                for _ in 0..<n { checksum &+= Sink.identity(small.load(for: seed)?.resolve()) }
                return checksum
            },
            Workload(Case.graph) { n in
                var checksum = 0
                for _ in 0..<n { checksum &+= Sink.identity(small.load(top)) }
                return checksum
            },
            Workload(Case.injected) { n in
                var checksum = 0
                for _ in 0..<n {
                    let screen = InjectedScreen(container: small)
                    checksum &+= Sink.identity(screen.service)
                }
                return checksum
            },
            Workload(Case.batch, fixedIterations: batch) { n in
                let container = Container()
                for name in fillerNames.prefix(n) {
                    container.register(InjectID<any BenchService>(name)) { Node(tag: 0) }
                }
                var checksum = 0
                for name in fillerNames.prefix(n) {
                    checksum &+= Sink.identity(container.load(InjectID<any BenchService>(name)))
                }
                return checksum
            },
            Workload(Case.largeSingleton) { n in
                var checksum = 0
                for _ in 0..<n { checksum &+= Sink.identity(large.load(singleton)) }
                return checksum
            },
        ]
    }

    // MARK: Threads

    private func threadCases(_ container: Container) -> [CaseResult] {
        let probe = ThreadScalingProbe(
            rounds: isQuick ? 3 : 9, window: isQuick ? .milliseconds(10) : .milliseconds(100))
        let reading = InjectID<Reading>.reading
        let value = probe.measure(
            Workload("value singleton") { n in
                var checksum = 0
                for _ in 0..<n { checksum &+= container.load(reading)?.value ?? 0 }
                return checksum
            })
        let singleton = InjectID<any BenchService>.singleton
        let object = probe.measure(
            Workload("class singleton") { n in
                var checksum = 0
                for _ in 0..<n { checksum &+= Sink.identity(container.load(singleton)) }
                return checksum
            })
        let describe = { (outcome: ThreadScalingProbe.Outcome) in
            let pinning = outcome.pinned ? "pinned to CPUs 0 and 1" : "not pinned"
            let cores = String(format: "%.2f", outcome.coresUsed)
            let rounds =
                outcome.counted >= min(3, probe.rounds)
                ? "\(outcome.counted) of \(outcome.attempted) rounds had both cores"
                : "only \(outcome.counted) of \(outcome.attempted) rounds had both cores (busy machine): all counted"
            return "2-thread / 1-thread throughput; threads \(pinning), using \(cores) cores; \(rounds)"
        }
        return [
            CaseResult(
                name: Case.oneThread, nanosecondsPerOperation: value.singleNanoseconds,
                note: "the value-type singleton `Reading`, loaded on one thread"),
            CaseResult(
                name: Case.twoThreads, nanosecondsPerOperation: value.pairNanoseconds,
                baseline: Case.oneThread,
                ratio: value.scaling, target: .ratio(atLeast: 1.3), note: describe(value)),
            CaseResult(
                name: Case.twoThreadsObject, nanosecondsPerOperation: object.pairNanoseconds,
                baseline: Case.oneThreadObject,
                ratio: object.scaling,
                note: describe(object)
                    + "; returning a class instance retains it, so both cores write its reference count"),
        ]
    }

    // MARK: Memory

    /// Resident-memory growth of registering `largeCount` IDs and loading each once, per ID;
    /// the container is returned for the 100k-registration load case.
    private func measureFootprint(fillerNames: [String]) -> (CaseResult, Container) {
        let before = ResidentMemory.bytes()
        let container = Container.benchmarkFixture(fillerCount: largeCount, fillerNames: fillerNames)
        var checksum = 0
        for name in fillerNames {
            checksum &+= Sink.identity(container.load(InjectID<any BenchService>(name)))
        }
        Sink.consume(checksum)
        let after = ResidentMemory.bytes()
        guard let before, let after else {
            return (CaseResult(name: Case.footprint, note: "/proc/self/statm is unavailable"), container)
        }
        let perRegistration = Double(after - before) / Double(largeCount)
        return (
            CaseResult(
                name: Case.footprint, bytesPerRegistration: perRegistration, target: .bytes(atMost: 400),
                note: "resident-set growth of registering \(largeCount) IDs and loading each once, divided"),
            container
        )
    }
}

/// Case names, which are also the keys of samples.
private enum Case {
    static let closureCall = "baseline: direct closure call"
    static let lockedHit = "baseline: Mutex<[String: AnyObject]> hit"
    static let lockedMiss = "baseline: Mutex<[String: AnyObject]> miss"
    static let lockedLookupCall = "baseline: locked lookup + closure call"
    static let lockedGraph = "baseline: locked lookup + closure call, 3 nested"
    static let lockedBatch = "baseline: locked insert, then lookup + call, per ID"
    static let singleton = "load singleton"
    static let transient = "load transient (trivial factory)"
    static let miss = "load miss"
    static let seed = "seed API load(for:)?.resolve()"
    static let graph = "load transient graph, 3 deep"
    static let injected = "@Injected first access"
    static let batch = "register 10k IDs, then load each once, per ID"
    static let largeSingleton = "load singleton, 100k registrations"
    static let contribution = "load extension point of 10, per contribution"
    static let contributeToEmpty = "contribute to an empty point"
    static let manyContributions = "100k contributions contributed and loaded once, per contribution"
    static let argument = "load with an argument (trivial factory)"
    static let scoped = "load named-scope service"
    static let oneThread = "load singleton, 1 thread"
    static let twoThreads = "load singleton, 2 threads"
    static let oneThreadObject = "load class singleton, 1 thread"
    static let twoThreadsObject = "load class singleton, 2 threads (no target)"
    static let footprint = "bytes per registration"
}
