import DependencyContainer
import Foundation

/// What a container trace costs once it stopped: nothing. A container that was traced and
/// stopped loads as one that never was, measured side by side in the same run.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
extension BenchmarkSuite {
    /// Names of the trace cases, which are also the keys of samples.
    enum TraceCase {
        static let neverTraced = "load singleton, container never traced"
        static let tracedThenStopped = "load singleton, container traced then stopped"
        static let transientNeverTraced = "load transient, container never traced"
        static let transientTracedThenStopped = "load transient, container traced then stopped"
    }

    /// Measures the trace cases, with their own baselines, and compares them (issue 42's
    /// promise: an existing singleton's load costs the same with a trace off, within 1.05x).
    ///
    /// - Returns: The results.
    func traceResults() -> [CaseResult] {
        let fillerNames = Names.filler(3)
        let untraced = Container.benchmarkFixture(fillerCount: 3, fillerNames: fillerNames)
        let traced = Container.benchmarkFixture(fillerCount: 3, fillerNames: fillerNames)
        let trace = traced.startTrace()
        traced.publishForReaders(registrationCount: 13)
        _ = traced.load(.transient)
        trace.stop()
        let sampler =
            isQuick
            ? Sampler(rounds: 3, sampleDuration: .milliseconds(1), iterationsOverride: 2_000)
            : Sampler(rounds: 11, sampleDuration: .milliseconds(20), iterationsOverride: nil)
        let singleton = Sink.opaque(InjectID<any BenchService>.singleton)
        let transient = Sink.opaque(InjectID<any BenchService>.transient)
        func loads(_ name: String, _ container: Container, _ id: InjectID<any BenchService>) -> Workload {
            Workload(name) { n in
                var checksum = 0
                for _ in 0..<n { checksum &+= Sink.identity(container.load(id)) }
                return checksum
            }
        }
        let samples = sampler.measure([
            loads(TraceCase.neverTraced, untraced, singleton),
            loads(TraceCase.tracedThenStopped, traced, singleton),
            loads(TraceCase.transientNeverTraced, untraced, transient),
            loads(TraceCase.transientTracedThenStopped, traced, transient),
        ])
        let compare = { (name: String, baseline: String, target: Target?) in
            CaseResult(
                name: name, nanosecondsPerOperation: Statistics.median(samples[name]!), baseline: baseline,
                ratio: Statistics.medianRatio(samples[name]!, samples[baseline]!), target: target)
        }
        return [
            CaseResult(
                name: TraceCase.neverTraced,
                nanosecondsPerOperation: Statistics.median(samples[TraceCase.neverTraced]!)),
            compare(TraceCase.tracedThenStopped, TraceCase.neverTraced, .ratio(atMost: 1.05)),
            compare(TraceCase.transientTracedThenStopped, TraceCase.transientNeverTraced, nil),
        ]
    }
}
