/// Checks the IDs, providers and loads of a set of modules against each other.
///
/// Errors: an ID declared but provided by no module (unless marked optional), an ID provided
/// by two modules, two declarations with the same string, a provider or registration whose
/// ID is declared nowhere, a cycle in the target dependencies, and a cycle of providers
/// whose `make(with:)` load each other eagerly (the container would fail it at run time).
/// A cycle in the ID flow between modules — the player loads the toast, the toast loads the
/// player — is legal through the container and only noted.
public struct InjectLint {
    /// One module's name, dependencies and scanned facts.
    public struct Module: Sendable {
        /// The module's name.
        public var name: String
        /// The modules of the package it depends on.
        public var dependencies: [String]
        /// What its files declare and use.
        public var facts: SourceFacts
        /// Where the module is described, for target-graph findings.
        public var location: SourceLocation?

        /// Creates a module.
        ///
        /// - Parameters:
        ///   - name: The module's name.
        ///   - dependencies: The modules of the package it depends on.
        ///   - facts: What its files declare and use.
        ///   - location: Where the module is described, if anywhere.
        public init(name: String, dependencies: [String], facts: SourceFacts, location: SourceLocation? = nil)
        {
            self.name = name
            self.dependencies = dependencies
            self.facts = facts
            self.location = location
        }
    }

    private struct Declared {
        var module: String
        var declaration: IDDeclaration
        var id: String?
    }

    private let modules: [Module]
    private var report = LintReport()
    private var declared: [Declared] = []
    private var constants: [String: String] = [:]
    private var members: [String: Set<String>] = [:]
    private var provisions: [String: [LintReport.Provision]] = [:]
    private var providerIDs: [String: [String: String]] = [:]

    /// Creates a lint over `modules`.
    ///
    /// - Parameter modules: The modules, with their facts.
    public init(modules: [Module]) {
        self.modules = modules
    }

    /// Checks the modules.
    ///
    /// - Parameter modules: The modules, with their facts.
    /// - Returns: The report.
    public static func run(_ modules: [Module]) -> LintReport {
        var lint = InjectLint(modules: modules)
        return lint.check()
    }

    private mutating func check() -> LintReport {
        resolveDeclarations()
        collectProvisions()
        checkDuplicateStrings()
        checkProvisions()
        checkTargetCycles()
        checkFactoryCycles()
        summarize()
        // Errors first; within a severity, by file and line, and findings with no line last.
        let nowhere = SourceLocation(file: "\u{10FFFF}", line: 0)
        report.diagnostics.sort {
            ($0.severity, $0.locations.first ?? nowhere, $0.message)
                < ($1.severity, $1.locations.first ?? nowhere, $1.message)
        }
        return report
    }

    private mutating func diagnose(
        _ severity: LintReport.Severity, _ code: String, _ message: String, at locations: [SourceLocation]
    ) {
        report.diagnostics.append(
            LintReport.Diagnostic(severity: severity, code: code, message: message, locations: locations))
    }

    // MARK: Resolving names

    private mutating func resolveDeclarations() {
        for module in modules {
            for declaration in module.facts.declarations where !declaration.isTyped {
                if case .literal(let value) = declaration.value { constants[declaration.name] = value }
            }
        }
        for module in modules {
            for declaration in module.facts.declarations {
                let id = resolve(declaration.value)
                if id == nil {
                    diagnose(
                        .error, "undeclared-id",
                        "ID .\(declaration.name) wraps \(declaration.value), which is declared nowhere",
                        at: [declaration.location])
                }
                if declaration.isTyped, let id { members[declaration.name, default: []].insert(id) }
                declared.append(Declared(module: module.name, declaration: declaration, id: id))
            }
        }
        for (member, ids) in members where ids.count > 1 {
            let locations = declared.filter { $0.declaration.isTyped && $0.declaration.name == member }
                .map(\.declaration.location).sorted()
            diagnose(
                .warning, "ambiguous-member",
                ".\(member) names \(ids.count) IDs (\(ids.sorted().joined(separator: ", "))); uses of it are not checked",
                at: locations)
        }
    }

    private func resolve(_ reference: IDReference) -> String? {
        switch reference {
        case .literal(let value), .typeKeyed(let value): return value
        case .constant(let name): return constants[name]
        case .member(let name):
            guard let ids = members[name], ids.count == 1 else { return nil }
            return ids.first
        }
    }

    private var declaredIDs: Set<String> { Set(declared.compactMap(\.id)) }

    // MARK: Providers

    private mutating func collectProvisions() {
        let known = declaredIDs
        for module in modules {
            var seen: Set<String> = []
            for conformance in module.facts.conformances where seen.insert(conformance.typeName).inserted {
                let members = module.facts.idMembers.filter { $0.typeName == conformance.typeName }
                guard let member = members.first else {
                    diagnose(
                        .warning, "unknown-provider-id",
                        "\(conformance.typeName) conforms to \(conformance.kind.rawValue) but declares no `id` in \(module.name)",
                        at: [conformance.location])
                    continue
                }
                guard let reference = member.reference else {
                    diagnose(
                        .note, "computed-provider-id",
                        "\(conformance.typeName) computes its ID; inject-lint cannot check it",
                        at: [member.location])
                    continue
                }
                let provision = LintReport.Provision(
                    module: module.name, typeName: conformance.typeName, location: conformance.location)
                provide(reference, by: provision, at: member.location, known: known)
            }
            for use in module.facts.uses where use.kind == .register {
                let provision = LintReport.Provision(
                    module: module.name, typeName: nil, location: use.location)
                provide(use.reference, by: provision, at: use.location, known: known)
            }
        }
    }

    private mutating func provide(
        _ reference: IDReference, by provision: LintReport.Provision, at location: SourceLocation,
        known: Set<String>
    ) {
        let what = provision.typeName ?? "a closure registration"
        // A type-keyed ID needs no declaration: the type is one.
        let isTypeKeyed = if case .typeKeyed = reference { true } else { false }
        guard let id = resolve(reference), known.contains(id) || isTypeKeyed else {
            if case .member(let name) = reference, (members[name]?.count ?? 0) > 1 { return }
            if case .member("typeKeyed") = reference {
                // `.typeKeyed` takes its type from the context, which the scanner cannot see.
                diagnose(
                    .note, "computed-id",
                    "\(what) in \(provision.module) provides a type-keyed ID whose type the context decides; write InjectID(type: T.self) for inject-lint to check it",
                    at: [location])
                return
            }
            if case .constant(let name) = reference, constants[name] == nil {
                // Not a seed constant, so a value computed at run time, such as a loop's
                // `InjectID<T>(name)`: a typo of a constant would not compile.
                diagnose(
                    .note, "computed-id",
                    "\(what) in \(provision.module) provides an ID computed from \(name); inject-lint cannot check it",
                    at: [location])
                return
            }
            diagnose(
                .error, "undeclared-id",
                "\(what) in \(provision.module) provides \(reference), which is declared nowhere",
                at: [location])
            return
        }
        provisions[id, default: []].append(provision)
        if let typeName = provision.typeName { providerIDs[provision.module, default: [:]][typeName] = id }
    }

    private mutating func checkProvisions() {
        for id in declaredIDs.sorted() {
            let declarations = declared.filter { $0.id == id }
            let providers = provisions[id] ?? []
            let isExtensionPoint = declarations.contains(where: \.declaration.isExtensionPoint)
            if providers.isEmpty, !declarations.contains(where: \.declaration.isOptional) {
                let names = declarations.map { name(of: $0.declaration) }.joined(separator: ", ")
                guard !isExtensionPoint else {
                    diagnose(
                        .error, "unprovided-id",
                        "extension point '\(id)' (\(names)) is declared but no target contributes to it; contribute to it, or declare it `optional: true`",
                        at: declarations.map(\.declaration.location).sorted())
                    continue
                }
                diagnose(
                    .error, "unprovided-id",
                    "ID '\(id)' (\(names)) is declared but no target provides it; register it, or mark the declaration `// \(Lexer.optionalMarker)`",
                    at: declarations.map(\.declaration.location).sorted())
            }
            // Any number of targets contribute to an extension point.
            guard !isExtensionPoint else { continue }
            let byModule = Dictionary(grouping: providers, by: \.module)
            if byModule.count > 1 {
                let list = byModule.keys.sorted().map { module in
                    let names = byModule[module, default: []].map { $0.typeName ?? "closure" }
                    return "\(module) (\(names.joined(separator: ", ")))"
                }
                diagnose(
                    .error, "duplicate-provider",
                    "ID '\(id)' is provided by \(byModule.count) targets: \(list.joined(separator: ", ")); the last registered wins",
                    at: providers.map(\.location).sorted())
            }
            for (module, local) in byModule where local.count > 1 {
                diagnose(
                    .warning, "duplicate-provider",
                    "ID '\(id)' is provided \(local.count) times in \(module); the last registered wins",
                    at: local.map(\.location).sorted())
            }
        }
    }

    private func name(of declaration: IDDeclaration) -> String {
        declaration.isTyped ? ".\(declaration.name)" : declaration.name
    }

    private mutating func checkDuplicateStrings() {
        var literal: [String: [IDDeclaration]] = [:]
        for entry in declared {
            if case .literal(let value) = entry.declaration.value {
                literal[value, default: []].append(entry.declaration)
            }
        }
        for (id, declarations) in literal where declarations.count > 1 {
            let names = declarations.map(name(of:)).joined(separator: ", ")
            diagnose(
                .error, "duplicate-id-string",
                "\(declarations.count) IDs have the string '\(id)' (\(names)); they name one registration",
                at: declarations.map(\.location).sorted())
        }
    }

    // MARK: Graphs

    private mutating func checkTargetCycles() {
        let names = Set(modules.map(\.name))
        var edges: [String: Set<String>] = [:]
        for module in modules { edges[module.name] = Set(module.dependencies).intersection(names) }
        for cycle in GraphCycles.cycles(in: edges) {
            let locations = cycle.dropLast().compactMap { name in modules.first { $0.name == name }?.location
            }
            diagnose(
                .error, "target-cycle", "target dependency cycle: \(cycle.joined(separator: " → "))",
                at: locations)
        }
    }

    private mutating func checkFactoryCycles() {
        var edges: [String: Set<String>] = [:]
        var sites: [String: SourceLocation] = [:]
        for module in modules {
            for use in module.facts.uses where use.kind == .load {
                guard let provider = use.eagerIn, let from = providerIDs[module.name]?[provider],
                    let to = resolve(use.reference)
                else { continue }
                edges[from, default: []].insert(to)
                sites["\(from)\u{0}\(to)"] = sites["\(from)\u{0}\(to)"] ?? use.location
            }
        }
        for cycle in GraphCycles.cycles(in: edges) {
            let locations = zip(cycle, cycle.dropFirst()).compactMap { sites["\($0)\u{0}\($1)"] }
            diagnose(
                .error, "factory-cycle",
                "providers load each other while being made: \(cycle.map { "'\($0)'" }.joined(separator: " → ")); load one of them lazily, outside make(with:)",
                at: locations)
        }
    }

    private mutating func summarize() {
        var loads: [String: Set<String>] = [:]
        for module in modules {
            for use in module.facts.uses where use.kind == .load {
                if let id = resolve(use.reference) { loads[module.name, default: []].insert(id) }
            }
        }
        var flows: Set<LintReport.Flow> = []
        for (consumer, ids) in loads {
            for id in ids {
                for provider in Set((provisions[id] ?? []).map(\.module)) where provider != consumer {
                    flows.insert(LintReport.Flow(provider: provider, consumer: consumer, id: id))
                }
            }
        }
        report.flows = flows.sorted { ($0.provider, $0.consumer, $0.id) < ($1.provider, $1.consumer, $1.id) }
        var flowEdges: [String: Set<String>] = [:]
        for flow in flows { flowEdges[flow.consumer, default: []].insert(flow.provider) }
        for cycle in GraphCycles.cycles(in: flowEdges) {
            diagnose(
                .note, "id-flow-cycle",
                "modules load each other's IDs: \(cycle.joined(separator: " → ")) (legal: the container wires them at run time)",
                at: [])
        }
        report.modules = modules.map { module in
            LintReport.ModuleSummary(
                name: module.name, dependencies: module.dependencies,
                provides: provisions.filter { $0.value.contains { $0.module == module.name } }.keys.sorted(),
                loads: (loads[module.name] ?? []).sorted())
        }
        report.ids = declaredIDs.sorted().map { id in
            let declarations = declared.filter { $0.id == id }
            return LintReport.IDSummary(
                id: id, names: declarations.map { name(of: $0.declaration) },
                declaredIn: Array(Set(declarations.map(\.module))).sorted(),
                isOptional: declarations.contains { $0.declaration.isOptional },
                isExtensionPoint: declarations.contains { $0.declaration.isExtensionPoint },
                providers: (provisions[id] ?? []).sorted { $0.location < $1.location },
                loadedBy: loads.filter { $0.value.contains(id) }.keys.sorted())
        }
    }
}
