import Foundation
import Testing

@testable import DependencyContainerInjectScanner

@Suite("Report formats")
struct ReportFormatTests {
    private let report: LintReport = {
        let interfaces = SourceScanner.scan(
            """
            extension InjectID where Service == any T {
                public static var toast: Self { InjectID("ToastInjectID") }
                public static var missing: Self { InjectID("MissingInjectID") }
            }
            """, file: "Interfaces/IDs.swift")
        let toast = SourceScanner.scan(
            "enum ToastProvider: InjectProvider { static var id: InjectID<any T> { .toast } }",
            file: "Toast/ToastProvider.swift")
        let player = SourceScanner.scan("func f(r: Resolver) { r.load(.toast) }", file: "Player/Player.swift")
        return InjectLint.run([
            InjectLint.Module(name: "Interfaces", dependencies: [], facts: interfaces),
            InjectLint.Module(name: "Toast", dependencies: ["Interfaces"], facts: toast),
            InjectLint.Module(name: "Player", dependencies: ["Interfaces"], facts: player),
        ])
    }()

    @Test("Text lists diagnostics as file:line: severity: message, and the totals")
    func text() {
        let text = ReportFormat.text.render(report)
        #expect(
            text.contains(
                "Interfaces/IDs.swift:3: error: ID 'MissingInjectID' (.missing) is declared but no target provides it"
            ))
        #expect(text.contains("  Toast ⇒ Player: ToastInjectID"))
        #expect(text.hasSuffix("inject-lint: 1 error, 0 warnings\n"))
    }

    @Test("JSON round-trips to the same report")
    func json() throws {
        let data = Data(ReportFormat.json.render(report).utf8)
        #expect(try JSONDecoder().decode(LintReport.self, from: data) == report)
    }

    @Test("Mermaid draws modules, ID flows and dashed target dependencies")
    func mermaid() {
        let lines = ReportFormat.mermaid.render(report).split(separator: "\n").map(String.init)
        #expect(lines.first == "graph LR")
        #expect(lines.contains("    Toast -->|\"ToastInjectID\"| Player"))
        #expect(lines.contains("    Player -.-> Interfaces"))
        #expect(lines.contains("    Interfaces[\"Interfaces\"]"))
    }

    @Test("DOT draws the same graph")
    func dot() {
        let dot = ReportFormat.dot.render(report)
        #expect(dot.hasPrefix("digraph inject {"))
        #expect(dot.contains("\"Toast\" -> \"Player\" [label=\"ToastInjectID\"];"))
        #expect(dot.contains("\"Toast\" -> \"Interfaces\" [style=dashed, color=gray];"))
        #expect(dot.hasSuffix("}\n"))
    }
}

@Suite("Report formats: escaping")
struct ReportEscapingTests {
    @Test("DOT escapes backslashes and quotes in ID strings, and separates IDs with \\n")
    func dotEscapes() {
        let interfaces = SourceScanner.scan(
            #"""
            extension InjectID where Service == any T {
                public static var odd: Self { InjectID("Odd\\\"ID") }
                public static var plain: Self { InjectID("PlainID") }
            }
            """#, file: "Interfaces/IDs.swift")
        let toast = SourceScanner.scan(
            "func f(c: Container) { c.register(.odd) { 1 }; c.register(.plain) { 2 } }", file: "Toast/T.swift"
        )
        let player = SourceScanner.scan(
            "func g(r: Resolver) { r.load(.odd); r.load(.plain) }", file: "P/P.swift")
        let report = InjectLint.run([
            InjectLint.Module(name: "Interfaces", dependencies: [], facts: interfaces),
            InjectLint.Module(name: "Toast", dependencies: [], facts: toast),
            InjectLint.Module(name: "Player", dependencies: [], facts: player),
        ])
        #expect(report.ids.map(\.id) == [#"Odd\"ID"#, "PlainID"])
        let dot = ReportFormat.dot.render(report)
        #expect(dot.contains(#""Toast" -> "Player" [label="Odd\\\"ID\nPlainID"];"#))
    }
}
