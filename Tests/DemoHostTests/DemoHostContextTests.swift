import Foundation
import Testing

/// The built `demo-host` executable, next to the test bundle (`swift build` builds it before
/// `swift test`); `nil` when it is not there.
func demoHostExecutable() -> URL? {
    var candidates = [URL(fileURLWithPath: CommandLine.arguments[0]), Bundle.main.bundleURL]
    candidates += Bundle.allBundles.map(\.bundleURL)
    for candidate in candidates {
        var directory = candidate.deletingLastPathComponent()
        for _ in 0..<4 {
            let executable = directory.appendingPathComponent("demo-host")
            if FileManager.default.isExecutableFile(atPath: executable.path) { return executable }
            directory = directory.deletingLastPathComponent()
        }
    }
    return nil
}

/// Runs `demo-host` with `environment` added to this process's, and returns its output.
func runDemoHost(environment: [String: String]) throws -> (output: String, status: Int32) {
    let executable = try #require(demoHostExecutable(), "demo-host is not built next to the tests")
    let process = Process()
    process.executableURL = executable
    process.arguments = []
    process.environment = ProcessInfo.processInfo.environment
        .filter { !$0.key.hasPrefix("XCTest") && $0.key != "DEPENDENCY_CONTAINER_CONTEXT" }
        .merging(environment) { $1 }
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (String(decoding: data, as: UTF8.self), process.terminationStatus)
}

/// What a UI test does: launches the app with a context in its environment.
@Suite("Demo host: contexts selected by the environment, as a UI test does")
struct DemoHostContextTests {
    @Test(
        "DEPENDENCY_CONTAINER_CONTEXT=mockServer makes the mock server's catalog answer; an unknown name is reported"
    )
    func mockServer() throws {
        let (output, status) = try runDemoHost(environment: [
            "DEPENDENCY_CONTAINER_CONTEXT": "mockServer,mokServer"
        ])
        #expect(status == 0)
        let lines = output.split(separator: "\n").map(String.init)
        #expect(lines.contains("host: contexts: mockServer, mokServer"))
        #expect(
            lines.contains(
                "container: unknown context: 'mokServer': no registration is for this context, so it changes nothing"
            ))
        #expect(lines.contains { $0.hasPrefix("  CatalogInjectID") && $0.hasSuffix("(context: mockServer)") })
        #expect(
            lines.contains(
                "isolation: 3 tasks loaded one catalog; up next: Fixture One, Fixture Two, Fixture Three"))
        #expect(!lines.contains { $0.hasPrefix("catalog (async): fetched") })
    }

    @Test("Without the variable, the default catalog answers and no context is mentioned")
    func defaultRun() throws {
        let (output, status) = try runDemoHost(environment: [:])
        #expect(status == 0)
        #expect(!output.contains("context"))
        #expect(output.contains("catalog (async): fetched"))
    }
}
