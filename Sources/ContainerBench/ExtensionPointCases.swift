import DependencyContainer

/// The largest extension point a host has, 1,000 and 5,000 contributions: contributed one by
/// one, adopted in one batch from a plugin's staging container, and loaded; what decides the
/// structure that holds a point's contributions (`ContributionSet`).
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
extension BenchmarkSuite {
    /// Names of the extension-point cases, which are also the keys of samples.
    enum ExtensionPointCase {
        static func oneByOne(_ count: Int) -> String {
            "\(count) contributions to one point, one by one, per contribution"
        }
        static func adopted(_ count: Int) -> String {
            "\(count) contributions adopted into one point, per contribution"
        }
        static func load(_ count: Int) -> String {
            "load a point of \(count) contributions, per contribution"
        }
        static let counts = [1_000, 5_000]
    }

    /// The timed loops of the extension-point cases.
    func extensionPointWorkloads() -> [Workload] {
        ExtensionPointCase.counts.flatMap { count -> [Workload] in
            let names = Names.filler(count)
            let point = ExtensionPoint<any BenchService>("bench.largestPoint")
            func contributeAll(to container: Container) {
                // Eight priorities, so that the load order is neither that of contributing nor of names.
                for (index, name) in names.enumerated() {
                    container.contribute(to: point, named: name, priority: index % 8) { Node(tag: 0) }
                }
            }
            let staging = Container()
            contributeAll(to: staging)
            let loaded = Container()
            contributeAll(to: loaded)
            return [
                Workload(ExtensionPointCase.oneByOne(count), fixedIterations: count) { _ in
                    let container = Container()
                    contributeAll(to: container)
                    return Sink.identity(container)
                },
                Workload(ExtensionPointCase.adopted(count), fixedIterations: count) { _ in
                    let container = Container()
                    _ = container.adoptRegistrations(of: staging, replacingExisting: false)
                    return Sink.identity(container)
                },
                Workload(ExtensionPointCase.load(count)) { n in
                    var checksum = 0
                    for _ in stride(from: 0, to: n, by: count) {
                        for element in loaded.load(point) { checksum &+= Sink.identity(element) }
                    }
                    return checksum
                },
            ]
        }
    }

    /// The extension-point cases' results; no targets.
    func extensionPointResults(median: (String) -> Double) -> [CaseResult] {
        ExtensionPointCase.counts.flatMap { count in
            [
                ExtensionPointCase.oneByOne(count), ExtensionPointCase.adopted(count),
                ExtensionPointCase.load(count),
            ]
            .map { CaseResult(name: $0, nanosecondsPerOperation: median($0)) }
        }
    }
}
