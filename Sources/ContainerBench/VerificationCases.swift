import DependencyContainer
import Foundation

/// What `verify()` costs at scale: every registration declares five dependencies, and the
/// check is compared with loading each registration's existing singleton once.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
extension BenchmarkSuite {
    /// Names of the verification cases, which are also the keys of samples.
    enum VerificationCase {
        static let verify = "verify 10k IDs with 5 dependencies each, per ID"
        static let loadEach = "load 10k existing singletons once each, per ID"
    }

    /// `count` singletons, created already, each declaring five dependencies on the next IDs
    /// (three required, one optional, one lazy), so that the graph has no cycle and no problem.
    func verificationFixture(count: Int) -> (container: Container, ids: [InjectID<any BenchService>]) {
        let container = Container()
        let ids = (0..<count + 5).map { InjectID<any BenchService>("bench.verified.\($0)") }
        for index in ids.indices {
            let next = index + 1..<min(index + 6, ids.count)
            let dependencies = next.map { target -> Dependency in
                switch target - index {
                case 4: .load(ids[target])
                case 5: .lazy(ids[target])
                default: .require(ids[target])
                }
            }
            container.register(ids[index], scope: .singleton, dependencies: dependencies) { Node(tag: 14) }
        }
        for id in ids { Sink.consume(Sink.identity(container.load(id))) }
        return (container, Array(ids.prefix(count)))
    }

    /// The timed loops of the verification cases.
    func verificationWorkloads(_ fixture: (container: Container, ids: [InjectID<any BenchService>]))
        -> [Workload]
    {
        let (container, ids) = fixture
        return [
            Workload(VerificationCase.verify, fixedIterations: ids.count) { _ in
                let report = container.verify()
                return report.checkedCount &+ report.problems.count
            },
            Workload(VerificationCase.loadEach, fixedIterations: ids.count) { n in
                var checksum = 0
                for id in ids.prefix(n) { checksum &+= Sink.identity(container.load(id)) }
                return checksum
            },
        ]
    }
}
