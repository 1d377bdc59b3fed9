import DependencyContainer
import DependencyContainerPlugins
import Foundation

/// What installed plugins cost the loads of linked features: nothing, since a placeholder is
/// one more registration on an ID of its own, which a load of another ID never looks at.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
extension BenchmarkSuite {
    /// Names of the linked-feature cases, which are also the keys of samples.
    enum PluginLinkedCase {
        static let singleton = "load singleton, 50 plugins installed, none loaded"
        static let transient = "load transient (trivial factory), 50 plugins installed, none loaded"
    }

    /// The benchmark's fixture with the 50 bench plugins installed into it
    /// (``PluginStartupCase/installedFixture(libraries:)``), or why there is none.
    func pluginLinkedFixture(libraries: Result<PluginStartupCase.Libraries, any Error>)
        -> Result<(Container, PluginLoader), any Error>
    {
        Result { try PluginStartupCase.installedFixture(libraries: libraries.get()) }
    }

    /// The timed loops of the linked-feature cases; none without a fixture.
    func pluginLinkedWorkloads(_ fixture: Result<(Container, PluginLoader), any Error>) -> [Workload] {
        guard case .success((let container, _)) = fixture else { return [] }
        let singleton = Sink.opaque(InjectID<any BenchService>.singleton)
        let transient = Sink.opaque(InjectID<any BenchService>.transient)
        return [
            Workload(PluginLinkedCase.singleton) { n in
                var checksum = 0
                for _ in 0..<n { checksum &+= Sink.identity(container.load(singleton)) }
                return checksum
            },
            Workload(PluginLinkedCase.transient) { n in
                var checksum = 0
                for _ in 0..<n { checksum &+= Sink.identity(container.load(transient)) }
                return checksum
            },
        ]
    }
}
