/// Renders a ``LintReport`` for people and for editors that jump to `file:line`.
enum TextReport {
    static func render(_ report: LintReport) -> String {
        var lines: [String] = []
        let providerCount = report.ids.reduce(0) { $0 + $1.providers.count }
        lines.append(
            "inject-lint: \(report.modules.count) modules, \(report.ids.count) IDs, \(providerCount) providers"
        )
        lines.append("")
        lines.append("IDs")
        for id in report.ids {
            let providers =
                id.providers.isEmpty
                ? (id.isOptional ? "optional, not provided" : "NOT PROVIDED")
                : id.providers.map(describe).joined(separator: ", ")
            let loaders = id.loadedBy.isEmpty ? "" : "; loaded by \(id.loadedBy.joined(separator: ", "))"
            let overriders =
                id.overrides.isEmpty
                ? "" : "; overridden in \(id.overrides.map(describe).joined(separator: ", "))"
            let kind = id.isExtensionPoint ? "extension point, contributed by " : ""
            // A type key is declared by its type, in no module.
            let declared = id.declaredIn.isEmpty ? "" : " in \(id.declaredIn.joined(separator: ", "))"
            lines.append(
                "  \(id.id) [\(id.names.joined(separator: ", "))]\(declared): \(kind)\(providers)\(loaders)\(overriders)"
            )
        }
        lines.append("")
        lines.append("Targets")
        for module in report.modules {
            let dependencies =
                module.dependencies.isEmpty ? "(none)" : module.dependencies.joined(separator: ", ")
            lines.append("  \(module.name) → \(dependencies)")
        }
        lines.append("")
        lines.append("ID flow (provider ⇒ consumer)")
        if report.flows.isEmpty { lines.append("  (none)") }
        for flow in report.flows {
            lines.append("  \(flow.provider) ⇒ \(flow.consumer): \(flow.id)")
        }
        lines.append("")
        for diagnostic in report.diagnostics {
            lines += render(diagnostic)
        }
        let errors = report.count(.error)
        let warnings = report.count(.warning)
        lines.append(
            "inject-lint: \(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")"
        )
        return lines.joined(separator: "\n") + "\n"
    }

    /// `Module(Type)`, or `Module(closure)`, with the named scope when there is one.
    private static func describe(_ provision: LintReport.Provision) -> String {
        let scope = provision.scope.map { ", scope \($0)" } ?? ""
        return "\(provision.module)(\(provision.typeName ?? "closure")\(scope))"
    }

    private static func render(_ diagnostic: LintReport.Diagnostic) -> [String] {
        guard let first = diagnostic.locations.first else {
            return ["\(diagnostic.severity.rawValue): \(diagnostic.message) [\(diagnostic.code)]"]
        }
        var lines = ["\(first): \(diagnostic.severity.rawValue): \(diagnostic.message) [\(diagnostic.code)]"]
        for location in diagnostic.locations.dropFirst() {
            lines.append("\(location): note: see also")
        }
        return lines
    }
}
