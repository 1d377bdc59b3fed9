import Foundation

/// The module graph of a ``LintReport``: solid edges for IDs flowing from the providing
/// module to the loading one, dashed edges for target dependencies.
struct ModuleGraph {
    private let report: LintReport
    private let flowLabels: [(provider: String, consumer: String, ids: [String])]

    init(_ report: LintReport) {
        self.report = report
        let grouped = Dictionary(grouping: report.flows) { "\($0.provider)\u{0}\($0.consumer)" }
        flowLabels = grouped.values.compactMap { flows in
            flows.first.map { ($0.provider, $0.consumer, flows.map(\.id).sorted()) }
        }.sorted { ($0.provider, $0.consumer) < ($1.provider, $1.consumer) }
    }

    func mermaid() -> String {
        var lines = ["graph LR"]
        for module in report.modules {
            lines.append("    \(identifier(module.name))[\"\(module.name)\"]")
        }
        for flow in flowLabels {
            lines.append(
                "    \(identifier(flow.provider)) -->|\"\(flow.ids.joined(separator: ", "))\"| \(identifier(flow.consumer))"
            )
        }
        for module in report.modules {
            for dependency in module.dependencies
            where report.modules.contains(where: { $0.name == dependency }) {
                lines.append("    \(identifier(module.name)) -.-> \(identifier(dependency))")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    func dot() -> String {
        var lines = ["digraph inject {", "    rankdir=LR;", "    node [shape=box];"]
        for module in report.modules {
            lines.append("    \(quoted(module.name));")
        }
        for flow in flowLabels {
            lines.append(
                "    \(quoted(flow.provider)) -> \(quoted(flow.consumer)) [label=\"\(flow.ids.map(escaped).joined(separator: "\\n"))\"];"
            )
        }
        for module in report.modules {
            for dependency in module.dependencies
            where report.modules.contains(where: { $0.name == dependency }) {
                lines.append(
                    "    \(quoted(module.name)) -> \(quoted(dependency)) [style=dashed, color=gray];")
            }
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// A Mermaid node ID: letters, digits and underscores only.
    private func identifier(_ name: String) -> String {
        String(name.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }

    private func quoted(_ name: String) -> String {
        "\"" + escaped(name) + "\""
    }

    /// `text` inside a DOT string: backslashes first, since DOT reads `\"`, `\n` and `\l` as
    /// escapes, then quotes.
    private func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    }
}
