import Foundation
import Testing

@testable import DependencyContainerInjectScanner

@Suite("inject-scan command line")
struct ScanCommandTests {
    private func parse(_ arguments: [String]) throws(ScanError) -> ScanCommand {
        try ScanCommand(arguments: arguments)
    }

    private func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test("lint and generate parse, with --key value and --key=value")
    func parsing() throws {
        #expect(
            try parse(["lint", "--modules", "m.json", "--format=mermaid"])
                == .lint(modules: "m.json", format: .mermaid, root: nil))
        #expect(
            try parse(["generate", "--module", "ToastFeature", "--output=o.swift", "a.swift", "b.swift"])
                == .generate(module: "ToastFeature", output: "o.swift", files: ["a.swift", "b.swift"]))
    }

    @Test(
        "Usage mistakes are errors that say what is wrong",
        arguments: [
            ([], "missing command"),
            (["scan"], "unknown command 'scan'"),
            (["lint"], "lint: --modules FILE is required"),
            (
                ["lint", "--modules", "m.json", "--format", "svg"],
                "lint: unknown format 'svg' (use text|json|mermaid|dot)"
            ),
            (["lint", "--modules"], "--modules needs a value"),
            (["lint", "--verbose", "x"], "unknown option '--verbose'"),
            (
                ["generate", "--module", "Toast-Feature", "--output", "o"],
                "generate: 'Toast-Feature' is not a Swift identifier"
            ),
        ])
    func usage(arguments: [String], message: String) {
        do {
            _ = try parse(arguments)
            Issue.record("expected a usage error for \(arguments)")
        } catch {
            #expect(error.description.hasPrefix(message))
        }
    }

    @Test("generate writes the entry; lint exits 1 on errors and 0 when clean")
    func run() throws {
        let directory = try temporaryDirectory()
        let ids = directory.appendingPathComponent("IDs.swift")
        try Data(
            """
            extension InjectID where Service == any T {
                public static var toast: Self { InjectID("ToastInjectID") }
            }
            """.utf8
        ).write(to: ids)
        let provider = directory.appendingPathComponent("ToastProvider.swift")
        try Data("enum ToastProvider: InjectProvider { static var id: InjectID<any T> { .toast } }".utf8)
            .write(to: provider)
        let output = directory.appendingPathComponent("Generated.swift")
        #expect(
            try parse(["generate", "--module", "Toast", "--output", output.path, provider.path]).run() == 0)
        #expect(
            try String(contentsOf: output, encoding: .utf8).contains(
                "container.register(ToastProvider.self, dependencies: [], file: \"Toast/ToastProvider.swift\", line: 1)"
            )
        )

        let modules = directory.appendingPathComponent("modules.json")
        try Data(#"{"modules": [{"name": "Interfaces", "files": ["IDs.swift"], "dependencies": []}]}"#.utf8)
            .write(to: modules)
        #expect(try parse(["lint", "--modules", modules.path, "--format", "json"]).run() == 1)
        try Data(
            #"{"modules": [{"name": "I", "files": ["IDs.swift"], "dependencies": []}, {"name": "T", "files": ["ToastProvider.swift"], "dependencies": ["I"]}]}"#
                .utf8
        ).write(to: modules)
        #expect(try parse(["lint", "--modules", modules.path, "--root", directory.path]).run() == 0)
    }

    @Test("An unreadable source file is an error naming it")
    func unreadable() throws {
        let directory = try temporaryDirectory()
        let modules = directory.appendingPathComponent("modules.json")
        try Data(#"{"modules": [{"name": "A", "files": ["Gone.swift"], "dependencies": []}]}"#.utf8).write(
            to: modules)
        do {
            _ = try parse(["lint", "--modules", modules.path]).run()
            Issue.record("expected an error")
        } catch {
            #expect(
                error.description.hasPrefix(
                    "cannot read '\(directory.appendingPathComponent("Gone.swift").path)'"))
        }
    }
}
