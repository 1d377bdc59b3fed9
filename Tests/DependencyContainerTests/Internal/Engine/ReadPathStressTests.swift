import DependencyContainer
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A service that knows when it was freed, to catch a load handing out garbage even where no
/// sanitizer runs.
private final class StressedService: Sendable {
    static let canaryValue = 0x0DDC_0FFE
    private let canary = Atomic<Int>(StressedService.canaryValue)

    deinit {
        canary.store(0, ordering: .relaxed)
    }

    var isIntact: Bool { canary.load(ordering: .relaxed) == Self.canaryValue }
}

/// What a transient service keeps of its factory's context: its resolver and two handles.
private final class KeptContext: Sendable {
    let resolver: Resolver
    let lazySingleton: Lazy<StressedService>
    let makeWeak: ServiceProvider<StressedService>

    init(_ resolver: Resolver, singleton: InjectID<StressedService>, weak: InjectID<StressedService>) {
        self.resolver = resolver
        lazySingleton = resolver.lazy(singleton)
        makeWeak = resolver.provider(weak)
    }
}

/// One writer against loading threads, the race that freed services under loads in release
/// builds. CI runs this suite in release builds under ASan and TSan, with
/// `DC_STRESS_ITERATIONS` raising the number of writes.
@Suite("Read path: writes racing loads", .serialized, .tags(.concurrency))
struct ReadPathStressTests {
    private static let singleton = InjectID<StressedService>("ReadPathStressSingletonInjectID")
    private static let weak = InjectID<StressedService>("ReadPathStressWeakInjectID")
    private static let session = InjectID<StressedService>("ReadPathStressSessionInjectID")
    private static let doomed = InjectID<StressedService>("ReadPathStressDoomedInjectID")
    private static let dependent = InjectID<StressedService>("ReadPathStressDependentInjectID")

    @Test("Reset, replace, unregister, removeAll and dropped children never free a service a load is reading")
    func writerAgainstLoaders() {
        let writes = environmentInteger("DC_STRESS_ITERATIONS") ?? 3_000
        let container = Container()
        Self.registerAll(in: container)
        let currentChild = LockedValue<Container?>(Self.makeChild(of: container))
        let writerDone = Atomic<Bool>(false)
        let failures = LockedValue<[String]>([])
        let loads = Atomic<Int>(0)

        runOnThreads(4) { me in
            if me == 0 {
                Self.write(writes, to: container, children: currentChild)
                writerDone.store(true, ordering: .releasing)
                return
            }
            var step = 0
            while !writerDone.load(ordering: .acquiring) || step < 1_000 {
                step += 1
                let child = currentChild.withLock { $0 }
                let problem = Self.loadEverything(from: container, child: child, thread: me, step: step)
                if let problem {
                    failures.withLock { $0.append(problem) }
                    return
                }
            }
            loads.add(step, ordering: .relaxed)
        }

        let found = failures.withLock { $0 }
        #expect(found.isEmpty, "\(found.prefix(5))")
        #expect(loads.load(ordering: .relaxed) >= 3_000)
    }

    @Test(
        "Loads through kept resolvers and handles racing their container's release get an intact service or nil"
    )
    func keptContextsAgainstRelease() {
        let containers = environmentInteger("DC_STRESS_ITERATIONS") ?? 3_000
        let keeper = InjectID<KeptContext>("ReadPathStressKeeperInjectID")
        let current = LockedValue<KeptContext?>(nil)
        let writerDone = Atomic<Bool>(false)
        let failures = LockedValue<[String]>([])

        runOnThreads(3) { me in
            if me == 0 {
                for _ in 0..<containers {
                    let container = Container()
                    Self.registerAll(in: container)
                    container.register(keeper) { KeptContext($0, singleton: Self.singleton, weak: Self.weak) }
                    let kept = container.load(keeper)
                    current.withLock { $0 = kept }
                    // The container goes here, while the readers load through what it handed out;
                    // the last strong reference may be a reader's, for the duration of its load.
                }
                writerDone.store(true, ordering: .releasing)
                return
            }
            var step = 0
            while !writerDone.load(ordering: .acquiring) {
                step += 1
                guard let kept = current.withLock({ $0 }) else { continue }
                let loaded: [(String, StressedService?)] = [
                    ("resolver's singleton", kept.resolver.load(Self.singleton)),
                    ("resolver's session service", kept.resolver.load(Self.session)),
                    ("resolver's dependent", try? kept.resolver.require(Self.dependent)),
                    ("provider's weak service", kept.makeWeak()),
                    ("lazy singleton", step % 8 == 0 ? kept.lazySingleton.value : nil),
                ]
                // Each is a service that is alive while held, or nil once the container is gone.
                if let (what, _) = loaded.first(where: { $0.1.map { !$0.isIntact } ?? false }) {
                    failures.withLock { $0.append("thread \(me) step \(step): \(what) was freed") }
                    return
                }
            }
        }

        let found = failures.withLock { $0 }
        #expect(found.isEmpty, "\(found.prefix(5))")
        // Every container is gone now: what the last one handed out loads nothing.
        let last = current.withLock { $0 }
        #expect(last != nil)
        #expect(last?.resolver.load(Self.singleton) == nil)
        #expect(last?.makeWeak() == nil)
    }

    /// The writer: every kind of write the container has, round robin.
    private static func write(_ count: Int, to container: Container, children: LockedValue<Container?>) {
        for step in 0..<count {
            switch step % 6 {
            case 0:
                container.reset(scope: .session)
            case 1:
                container.register(singleton, scope: .singleton) { StressedService() }
            case 2:
                container.unregister(doomed)
            case 3:
                container.register(doomed, scope: .singleton) { StressedService() }
            case 4:
                // Drops the old child, with the singletons it cached.
                let replaced = children.withLock { child in
                    defer { child = makeChild(of: container) }
                    return child
                }
                withExtendedLifetime(replaced) {}
            default:
                let child = children.withLock { $0 }
                child?.removeAll()
                child?.register(weak, scope: .weak) { StressedService() }
            }
        }
    }

    /// Loads every kind of service, directly, through the child and under an override;
    /// returns what went wrong, if anything.
    private static func loadEverything(from container: Container, child: Container?, thread: Int, step: Int)
        -> String?
    {
        func check(_ service: StressedService?, _ what: String, mayBeNil: Bool = false) -> String? {
            guard let service else {
                return mayBeNil ? nil : "thread \(thread) step \(step): \(what) was nil"
            }
            return service.isIntact ? nil : "thread \(thread) step \(step): \(what) was freed"
        }
        if let problem = check(container.load(singleton), "singleton") { return problem }
        if let problem = check(container.load(session), "session service") { return problem }
        if let problem = check(container.load(weak), "weak service") { return problem }
        if let problem = check(container.load(dependent), "dependent singleton") { return problem }
        if let problem = check(container.load(doomed), "unregistered singleton", mayBeNil: true) {
            return problem
        }
        if let child {
            if let problem = check(child.load(singleton), "child's singleton") { return problem }
            if let problem = check(child.load(weak), "child's weak service") { return problem }
            if let problem = check(child.load(session), "parent's session service through the child") {
                return problem
            }
        }
        if step % 16 == 0 {
            let overridden = container.withOverrides { overrides in
                overrides.register(session, scope: .singleton) { StressedService() }
            } operation: {
                (container.load(session), container.load(singleton))
            }
            if let problem = check(overridden.0, "overridden session service") { return problem }
            if let problem = check(overridden.1, "singleton under an override") { return problem }
        }
        return nil
    }

    private static func registerAll(in container: Container) {
        container.register(singleton, scope: .singleton) { StressedService() }
        container.register(weak, scope: .weak) { StressedService() }
        container.register(session, scope: .session) { StressedService() }
        container.register(doomed, scope: .singleton) { StressedService() }
        container.register(dependent, scope: .singleton) { resolver in
            _ = resolver.load(session)
            return StressedService()
        }
    }

    private static func makeChild(of container: Container) -> Container {
        let child = Container(parent: container)
        child.register(singleton, scope: .singleton) { StressedService() }
        child.register(weak, scope: .weak) { StressedService() }
        return child
    }
}
