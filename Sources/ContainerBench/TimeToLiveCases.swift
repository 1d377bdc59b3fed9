import DependencyContainer
import Foundation

/// What a time to live on other IDs costs a load of an existing singleton without one: one
/// inline flag, read where the load reads the singleton in place.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
extension BenchmarkSuite {
    /// Names of the time-to-live cases, which are also the keys of samples.
    enum TimeToLiveCase {
        static let singletonAmongTimeToLive = "load singleton, a time to live on 1,000 other IDs"
    }

    /// The timed loops of the time-to-live cases, on their own fixture: the benchmark's, plus
    /// 1,000 singletons with an hour's time to live, each loaded once so that it keeps one.
    func timeToLiveWorkloads() -> [Workload] {
        let container = Container.benchmarkFixture(fillerCount: 3, fillerNames: Names.filler(3))
        let options = RegistrationOptions<any BenchService>(scope: .singleton, timeToLive: 3_600)
        for index in 0..<1_000 {
            let id = InjectID<any BenchService>("bench.timeToLive.\(index)")
            container.register(id, options: options) { _ in Node(tag: 18) }
            Sink.consume(Sink.identity(container.load(id)))
        }
        container.publishForReaders(registrationCount: 1_016)
        let singleton = Sink.opaque(InjectID<any BenchService>.singleton)
        return [
            Workload(TimeToLiveCase.singletonAmongTimeToLive) { n in
                var checksum = 0
                for _ in 0..<n { checksum &+= Sink.identity(container.load(singleton)) }
                return checksum
            }
        ]
    }
}
