import DependencyContainer
import Foundation

/// What context registrations on other IDs cost a load of an existing singleton: nothing,
/// since the container settles which registration answers when it is written, not loaded.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
extension BenchmarkSuite {
    /// Names of the context cases, which are also the keys of samples.
    enum ContextCase {
        static let singletonAmongContexts = "load singleton, context registrations on 1,000 other IDs"
    }

    /// The benchmark's fixture plus 1,000 IDs with a default singleton and registrations for
    /// the preview, test and a named context, with the test context active, so that a third
    /// of them answer for a context and the rest wait.
    ///
    /// - Returns: The container.
    func contextFixture() -> Container {
        let container = Container.benchmarkFixture(fillerCount: 3, fillerNames: Names.filler(3))
        container.setActiveContexts([.test])
        for index in 0..<1_000 {
            let id = InjectID<any BenchService>("bench.context.\(index)")
            container.register(id, scope: .singleton) { Node(tag: 14) }
            container.register(id, scope: .singleton, context: .preview) { Node(tag: 15) }
            if index.isMultiple(of: 3) {
                container.register(id, scope: .singleton, context: .test) { Node(tag: 16) }
            }
            container.register(id, scope: .singleton, context: .named("bench")) { Node(tag: 17) }
        }
        container.publishForReaders(registrationCount: 1_016)
        return container
    }

    /// The timed loops of the context cases.
    func contextWorkloads(_ container: Container) -> [Workload] {
        let singleton = Sink.opaque(InjectID<any BenchService>.singleton)
        return [
            Workload(ContextCase.singletonAmongContexts) { n in
                var checksum = 0
                for _ in 0..<n { checksum &+= Sink.identity(container.load(singleton)) }
                return checksum
            }
        ]
    }
}
