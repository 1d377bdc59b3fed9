import Foundation

/// The forms `inject-lint` can print its report in.
public enum ReportFormat: String, CaseIterable, Sendable {
    /// Diagnostics as `file:line: error: …`, then the IDs, modules and flows.
    case text
    /// The whole ``LintReport`` as JSON.
    case json
    /// A Mermaid flowchart of the modules, the IDs that flow between them and their target dependencies.
    case mermaid
    /// The same graph in Graphviz DOT.
    case dot

    /// Renders `report`.
    ///
    /// - Parameter report: The report.
    /// - Returns: The text to print.
    public func render(_ report: LintReport) -> String {
        switch self {
        case .text:
            return TextReport.render(report)
        case .json:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            // Encoding plain strings, numbers and arrays cannot fail; `{}` keeps the output JSON regardless.
            let data = (try? encoder.encode(report)) ?? Data("{}".utf8)
            return String(decoding: data, as: UTF8.self) + "\n"
        case .mermaid:
            return ModuleGraph(report).mermaid()
        case .dot:
            return ModuleGraph(report).dot()
        }
    }
}
