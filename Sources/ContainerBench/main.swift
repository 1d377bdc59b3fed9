import Foundation

// container-bench: what a container load costs, as ratios to baselines measured in the same
// run. `--quick` runs few iterations as a rot check for CI; `--json` prints one JSON object;
// `--specialization-probe CASE LOADS` runs only a loop that `.ci/run specialization` counts.
if CommandLine.arguments.dropFirst().first == "--specialization-probe" {
    guard SpecializationProbe.run(Array(CommandLine.arguments.dropFirst(2))) else {
        let cases = SpecializationProbe.Case.allCases.map(\.rawValue).joined(separator: "|")
        FileHandle.standardError.write(
            Data("usage: container-bench --specialization-probe \(cases) LOADS\n".utf8))
        exit(2)
    }
    exit(0)
}
let arguments = Set(CommandLine.arguments.dropFirst())
let unknown = arguments.subtracting(["--quick", "--json"])
guard unknown.isEmpty else {
    FileHandle.standardError.write(
        Data("usage: container-bench [--quick] [--json] | --specialization-probe CASE LOADS\n".utf8))
    exit(2)
}
let isQuick = arguments.contains("--quick")
// The baselines lock with Synchronization's Mutex, which Apple platforms have since these versions.
guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) else {
    FileHandle.standardError.write(
        Data("container-bench needs macOS 15 or later for its Mutex baselines\n".utf8))
    exit(2)
}
let report = Report(results: BenchmarkSuite(isQuick: isQuick).run(), isQuick: isQuick)
if arguments.contains("--json") {
    print(try report.json())
} else {
    print(report.table())
}
// Printed so that the sink's work is observable.
FileHandle.standardError.write(Data("checksum \(Sink.accumulator)\n".utf8))
// A full run fails when a target is missed; a quick run only checks that the bench runs.
exit(report.missed.isEmpty || isQuick ? 0 : 1)
