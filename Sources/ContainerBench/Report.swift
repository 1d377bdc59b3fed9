import Foundation

/// Renders results as a Markdown table for people or a JSON object for tools.
struct Report {
    let results: [CaseResult]
    let isQuick: Bool

    var missed: [CaseResult] { results.filter { $0.isMet == false } }

    /// A Markdown table, ready to paste into the README, followed by a verdict.
    func table() -> String {
        var lines = [
            "| case | ns/op | baseline | ratio | target | met |",
            "| --- | ---: | --- | ---: | --- | --- |",
        ]
        for result in results {
            let value =
                result.nanosecondsPerOperation.map { format($0, digits: 1) }
                ?? result.bytesPerRegistration.map { "\(format($0, digits: 0)) B/reg" } ?? ""
            let columns = [
                result.name, value, result.baseline ?? "",
                result.ratio.map { format($0, digits: 2) + "×" } ?? "",
                result.target?.description ?? "", result.isMet.map { $0 ? "yes" : "**NO**" } ?? "",
            ]
            lines.append("| " + columns.joined(separator: " | ") + " |")
        }
        lines.append("")
        for result in results {
            if let note = result.note { lines.append("- \(result.name): \(note)") }
        }
        lines.append("")
        lines.append(verdict())
        return lines.joined(separator: "\n")
    }

    /// One JSON object: `{"cases": [{"name", "ns_per_op", "baseline", "ratio", "target", "met"}]}`.
    func json() throws -> String {
        let cases = results.map { result in
            JSONCase(
                name: result.name, nanosecondsPerOperation: result.nanosecondsPerOperation,
                bytesPerRegistration: result.bytesPerRegistration, baseline: result.baseline,
                ratio: result.ratio, target: result.target?.description, met: result.isMet, note: result.note)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(JSONReport(cases: cases, quick: isQuick, allTargetsMet: missed.isEmpty))
        return String(decoding: data, as: UTF8.self)
    }

    func verdict() -> String {
        if missed.isEmpty { return "All targets met." }
        let names = missed.map(\.name).joined(separator: "; ")
        let suffix =
            isQuick
            ? " (--quick is a rot check with few iterations: its numbers are too noisy to judge targets)"
            : ""
        return "Targets missed: \(names)\(suffix)"
    }

    private func format(_ value: Double, digits: Int) -> String {
        String(format: "%.\(digits)f", value)
    }
}

/// The JSON shape of one case; keys are snake_case as the output format specifies.
private struct JSONCase: Encodable {
    let name: String
    let nanosecondsPerOperation: Double?
    let bytesPerRegistration: Double?
    let baseline: String?
    let ratio: Double?
    let target: String?
    let met: Bool?
    let note: String?

    enum CodingKeys: String, CodingKey {
        case name
        case nanosecondsPerOperation = "ns_per_op"
        case bytesPerRegistration = "bytes_per_registration"
        case baseline, ratio, target, met, note
    }
}

private struct JSONReport: Encodable {
    let cases: [JSONCase]
    let quick: Bool
    let allTargetsMet: Bool

    enum CodingKeys: String, CodingKey {
        case cases, quick
        case allTargetsMet = "all_targets_met"
    }
}
