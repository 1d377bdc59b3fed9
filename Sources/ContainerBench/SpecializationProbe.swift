import DependencyContainer

/// `container-bench --specialization-probe CASE LOADS`: one of the bench's loads in a bare loop,
/// for `.ci/run specialization` to count under callgrind what each load calls.
///
/// `Container.load(_:)` and `Resolver.load(_:)` are generic and not inlinable, so here, as in
/// any client module, they run unspecialized: a generic type it touches (a `Service?` returned through a closure, a
/// `Result<Service, _>`) would cost every load a metadata lookup. The step collects only
/// inside ``SpecializationProbe/loop(_:_:loads:firstSingletons:)``, which it finds by name, at two numbers of
/// loads, and fails when a metadata lookup's count grows with the loads.
enum SpecializationProbe {
    /// The cases, each a load as an app's module makes it.
    ///
    /// `.ci/run specialization` budgets the singleton cases; the others measure the slow path
    /// by hand, in instructions per load.
    enum Case: String, CaseIterable {
        /// A class singleton through its protocol, as the bench's "load singleton" case.
        case classSingleton = "class-singleton"
        /// A struct singleton, as the bench's "value singleton" thread case.
        case valueSingleton = "value-singleton"
        /// The class singleton through a resolver a singleton's factory kept, as a service that
        /// loads lazily does.
        case keptResolver = "kept-resolver"
        /// The class singleton through ``loadThroughClosure(_:_:)``, which looks up `Service?`'s
        /// metadata on every load: the step requires the check to fail on this case.
        case seededLookup = "seeded-lookup"
        /// A transient class service: each load runs its factory.
        case transient
        /// A transient whose factory loads a transient that loads a third, as the bench's
        /// "graph" case.
        case transientGraph = "transient-graph-3"
        /// A singleton never loaded before: each load creates and keeps a service, registered
        /// under its own ID (``firstSingletonNames``).
        case firstSingleton = "first-singleton"
        /// A registration of a transient under a new ID: the register verb's whole path, the
        /// ID's validation and the store's write included (``registeredNames``).
        case register
        /// A load of an ID nothing registers, which returns `nil`.
        case miss
        /// A transient made from an argument, as the bench's "load with an argument" case.
        case argument
        /// A seed-API item loaded and resolved, as the bench's "seed API" case.
        case seed
        /// An `@Injected` property made and read once, as the bench's "@Injected first access".
        case injected
        /// The bench's "register 10k IDs, then load each once" case: a new container, a transient
        /// registered under each of `loads` IDs, each loaded once, and the container let go.
        case batch
        /// That case's baseline: a locked dictionary filled, then each closure looked up and called.
        case lockedBatch = "locked-batch"
    }

    /// The singletons the `first-singleton` case loads once each: a fixed number, so that runs
    /// with different numbers of loads search the same table.
    static func firstSingletonNames(loads: Int) -> [String] {
        (0..<max(loads, 4096)).map { "first.\($0)" }
    }

    /// Runs the probe for `arguments`, a case and a number of loads; `false` if they are not.
    static func run(_ arguments: [String]) -> Bool {
        guard arguments.count == 2, let probeCase = Case(rawValue: arguments[0]),
            let loads = Int(arguments[1]), loads >= 0
        else { return false }
        let container = Container.benchmarkFixture(fillerCount: 3, fillerNames: Names.filler(3))
        container.register(.resolverKeeper, scope: .singleton) { resolver in
            ResolverKeeper(resolver: resolver)
        }
        let firstSingletons = probeCase == .firstSingleton ? firstSingletonNames(loads: loads) : []
        for name in firstSingletons {
            container.register(InjectID<any BenchService>(name), scope: .singleton) { Node(tag: 9) }
        }
        if !firstSingletons.isEmpty {
            container.publishForReaders(registrationCount: firstSingletons.count + 13)
        }
        // The first loads create the singleton and fill the runtime's caches, uncounted.
        var checksum = 0
        for _ in 0..<16 {
            checksum &+= Sink.identity(container.load(InjectID<any BenchService>.singleton))
            checksum &+= container.load(InjectID<Reading>.reading)?.value ?? 0
            checksum &+= Sink.identity(container.load(.resolverKeeper)?.resolver.load(.singleton))
            if probeCase == .transient || probeCase == .transientGraph {
                checksum &+= Sink.identity(container.load(.graphTop))
            }
        }
        let firstSingletonIDs =
            [.register, .batch, .lockedBatch].contains(probeCase)
            ? firstSingletonNames(loads: loads).map { InjectID<any BenchService>("registered.\($0)") }
            : firstSingletons.map { InjectID<any BenchService>($0) }
        Sink.consume(checksum &+ loop(probeCase, container, loads: loads, firstSingletons: firstSingletonIDs))
        return true
    }

    /// Loads `probeCase`'s service `loads` times; `first-singleton` loads `firstSingletons[i]`
    /// on iteration `i`, and `register` registers it.
    ///
    /// Never inlined: the step's callgrind run collects inside this function only, which it
    /// finds by its name (`*SpecializationProbeO4loop*`).
    @inline(never)
    static func loop(
        _ probeCase: Case, _ container: Container, loads: Int, firstSingletons: [InjectID<any BenchService>]
    ) -> Int {
        var checksum = 0
        switch probeCase {
        case .classSingleton:
            let singleton = Sink.opaque(InjectID<any BenchService>.singleton)
            for _ in 0..<loads { checksum &+= Sink.identity(container.load(singleton)) }
        case .valueSingleton:
            let reading = Sink.opaque(InjectID<Reading>.reading)
            for _ in 0..<loads { checksum &+= container.load(reading)?.value ?? 0 }
        case .keptResolver:
            let singleton = Sink.opaque(InjectID<any BenchService>.singleton)
            guard let resolver = container.load(.resolverKeeper)?.resolver else { return 0 }
            for _ in 0..<loads { checksum &+= Sink.identity(resolver.load(singleton)) }
        case .seededLookup:
            let singleton = Sink.opaque(InjectID<any BenchService>.singleton)
            for _ in 0..<loads { checksum &+= Sink.identity(loadThroughClosure(container, singleton)) }
        case .transient:
            let transient = Sink.opaque(InjectID<any BenchService>.transient)
            for _ in 0..<loads { checksum &+= Sink.identity(container.load(transient)) }
        case .transientGraph:
            let top = Sink.opaque(InjectID<any BenchService>.graphTop)
            for _ in 0..<loads { checksum &+= Sink.identity(container.load(top)) }
        case .firstSingleton:
            for index in 0..<loads { checksum &+= Sink.identity(container.load(firstSingletons[index])) }
        case .miss:
            let missing = Sink.opaque(InjectID<any BenchService>("probe.missing"))
            for _ in 0..<loads where container.load(missing) == nil { checksum &+= 1 }
        case .argument:
            let withArgument = Sink.opaque(ArgumentInjectID<Int, any BenchService>.withArgument)
            for index in 0..<loads {
                checksum &+= Sink.identity(container.load(withArgument, argument: index))
            }
        case .seed:
            let seed = Sink.opaque(Names.seed)
            for _ in 0..<loads { checksum &+= Sink.identity(container.load(for: seed)?.resolve()) }
        case .injected:
            for _ in 0..<loads { checksum &+= Sink.identity(InjectedScreen(container: container).service) }
        case .register:
            for index in 0..<loads {
                if case .added = container.register(firstSingletons[index], factory: { Node(tag: 9) }) {
                    checksum &+= 1
                }
            }
        case .batch:
            let batch = Container()
            for id in firstSingletons.prefix(loads) {
                batch.register(InjectID<any BenchService>(id.name)) { Node(tag: 0) }
            }
            for id in firstSingletons.prefix(loads) {
                checksum &+= Sink.identity(batch.load(InjectID<any BenchService>(id.name)))
            }
        case .lockedBatch:
            let make: @Sendable () -> AnyObject = { Node(tag: 2) }
            let dictionary = LockedDictionary<@Sendable () -> AnyObject>()
            for id in firstSingletons.prefix(loads) { dictionary.insert(make, forKey: id.name) }
            for id in firstSingletons.prefix(loads) { checksum &+= Sink.identity(dictionary[id.name]?()) }
        }
        return checksum
    }

    /// A load written the way `Container.load(_:)` must not be: unspecialized generic code
    /// (as `load` is in a client module) that returns the service through a closure, so that
    /// calling the generic helper needs `Service?`'s metadata, looked up each time.
    @_semantics("optimize.sil.specialize.generic.never")
    @inline(never)
    static func loadThroughClosure<Service>(_ container: Container, _ id: InjectID<Service>) -> Service? {
        passThrough { container.load(id) }
    }

    @inline(never)
    static func passThrough<Value>(_ body: () -> Value) -> Value {
        body()
    }
}

/// A service that keeps the resolver its factory was given, to load from later.
final class ResolverKeeper: Sendable {
    let resolver: Resolver

    init(resolver: Resolver) {
        self.resolver = resolver
    }
}

extension InjectID where Service == ResolverKeeper {
    /// The probe's service that keeps a resolver.
    static var resolverKeeper: Self { InjectID("bench.probe.keeper") }
}
