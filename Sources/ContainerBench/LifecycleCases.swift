import DependencyContainer
import Foundation

/// What lifecycle hooks, eager flags and observers on other registrations cost a load of an
/// existing singleton: nothing, since such a load never looks at them.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
extension BenchmarkSuite {
    /// Names of the lifecycle cases, which are also the keys of samples.
    enum LifecycleCase {
        static let singletonAmongHooks = "load singleton, hooks and observers on 1,000 other IDs"
    }

    /// The benchmark's fixture plus 1,000 singletons with creation and dispose hooks, half of
    /// them eager and warmed up, so that they exist and hold their hooks, each observed.
    ///
    /// - Returns: The container, and the observers' tokens, which the caller keeps.
    func lifecycleFixture() -> (Container, [ObservationToken]) {
        let container = Container.benchmarkFixture(fillerCount: 3, fillerNames: Names.filler(3))
        var tokens: [ObservationToken] = []
        for index in 0..<1_000 {
            let id = InjectID<any BenchService>("bench.hooked.\(index)")
            tokens.append(
                container.observe(id) { change in Sink.consume(change.registration?.id.count ?? 0) })
            container.register(
                id, scope: .singleton,
                eager: index.isMultiple(of: 2),
                onCreate: { service, _ in Sink.consume(Sink.identity(service)) },
                onDispose: { service in Sink.consume(Sink.identity(service)) }
            ) { Node(tag: 13) }
        }
        container.warmUp()
        container.publishForReaders(registrationCount: 1_016)
        return (container, tokens)
    }

    /// The timed loops of the lifecycle cases.
    func lifecycleWorkloads(_ container: Container) -> [Workload] {
        let singleton = Sink.opaque(InjectID<any BenchService>.singleton)
        return [
            Workload(LifecycleCase.singletonAmongHooks) { n in
                var checksum = 0
                for _ in 0..<n { checksum &+= Sink.identity(container.load(singleton)) }
                return checksum
            }
        ]
    }
}
