import DependencyContainer

/// The service protocol the benchmark registers, as an interface module would declare it.
protocol BenchService: AnyObject, Sendable {
    var tag: Int { get }
}

/// A trivial class service; creating one is a single small allocation.
final class Node: BenchService {
    let tag: Int
    let child: (any BenchService)?

    init(tag: Int, child: (any BenchService)? = nil) {
        self.tag = tag
        self.child = child
    }
}

/// A value-type singleton service: loading it copies two words and touches no reference count.
struct Reading: Sendable {
    let value: Int
    let scale: Int
}

/// An item of the original string-keyed API.
final class SeedItem: Injectable {
    var id: String = Names.seed
    required init() {}
    func resolve() -> AnyObject { Node(tag: 4) }
}

/// A type that receives a service through `@Injected`, as a framework-created view would.
struct InjectedScreen {
    @Injected<any BenchService> var service: (any BenchService)?

    init(container: Container) {
        _service = Injected(.singleton, container: container)
    }
}

/// The string keys, shared by the container and the baselines so both hash the same bytes.
enum Names {
    static let singleton = "bench.singleton"
    static let transient = "bench.transient"
    /// Unregistered IDs.
    ///
    /// A miss costs more when its probe sequence runs into occupied
    /// buckets, which depends on the table's seed, so misses cycle through several IDs.
    static let missing = (0..<16).map { "bench.absent.\($0)" }
    static let seed = "bench.seed"
    static let reading = "bench.reading"
    static let graphTop = "bench.graph.1"
    static let graphMiddle = "bench.graph.2"
    static let graphLeaf = "bench.graph.3"

    /// Filler IDs of at most 15 UTF-8 bytes, stored inline in `String` like the names above.
    static func filler(_ count: Int) -> [String] {
        (0..<count).map { "filler.\($0)" }
    }
}

// Literal strings, equal to `Names`, so that `inject-lint` can check these IDs like any other.
extension InjectID where Service == any BenchService {
    static var singleton: Self { InjectID("bench.singleton") }
    static var transient: Self { InjectID("bench.transient") }
    static var graphTop: Self { InjectID("bench.graph.1") }
    static var graphMiddle: Self { InjectID("bench.graph.2") }
    static var graphLeaf: Self { InjectID("bench.graph.3") }
}

extension InjectID where Service == Reading {
    static var reading: Self { InjectID("bench.reading") }
}

extension InjectID where Service == any BenchService {
    /// A service in the benchmark's named scope.
    static var scoped: Self { InjectID("bench.scoped") }
}

extension ArgumentInjectID where Argument == Int, Service == any BenchService {
    /// A service made from an argument.
    static var withArgument: Self { ArgumentInjectID("bench.argument") }
}

extension ExtensionPoint where Element == any BenchService {
    /// An extension point with ``Container/contributionCount`` transient contributions.
    static var contributions: Self { ExtensionPoint("bench.point") }
}

extension Scope {
    /// The benchmark's named scope.
    static let bench = Scope.named("bench")
}

extension Container {
    /// A container holding the benchmark's services plus `fillerCount` more registrations,
    /// with every reader's snapshot published, as in an app that has finished starting up.
    static func benchmarkFixture(fillerCount: Int, fillerNames: [String]) -> Container {
        let container = Container()
        for name in fillerNames.prefix(fillerCount) {
            container.register(InjectID<any BenchService>(name)) { Node(tag: 0) }
        }
        container.register(.singleton, scope: .singleton) { Node(tag: 1) }
        container.register(.transient) { Node(tag: 2) }
        container.register(.reading, scope: .singleton) { Reading(value: 3, scale: 1) }
        container.register(.graphTop) { resolver in Node(tag: 5, child: resolver.load(.graphMiddle)) }
        container.register(.graphMiddle) { resolver in Node(tag: 6, child: resolver.load(.graphLeaf)) }
        container.register(.graphLeaf) { Node(tag: 7) }
        container.regist(injectType: SeedItem.self)
        container.register(.scoped, scope: .bench) { Node(tag: 8) }
        container.register(.withArgument) { _, tag in Node(tag: tag) }
        for index in 0..<contributionCount {
            container.contribute(to: .contributions, named: "c\(index)") { Node(tag: index) }
        }
        container.publishForReaders(registrationCount: fillerCount + 10)
        return container
    }

    /// The number of contributions to the benchmark's extension point.
    static let contributionCount = 10

    /// Loads enough times for the container to publish its snapshot, which it does after a
    /// number of locked reads proportional to its size.
    func publishForReaders(registrationCount: Int) {
        var checksum = 0
        for _ in 0...(registrationCount / 4 + 16) {
            checksum &+= Sink.identity(load(.singleton))
        }
        Sink.consume(checksum)
    }
}
