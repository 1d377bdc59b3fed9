import Foundation

/// The lint's checks over the resolved declarations and provisions, and the report's summary.
///
/// Each check indexes what it needs once, so the whole lint grows linearly with the size of
/// the app rather than with the number of IDs times the number of modules.
extension InjectLint {
    // MARK: Declarations

    mutating func checkDuplicateStrings() {
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

    /// Reports each ID string declared with two service types.
    ///
    /// Every load through one of them fails with `typeMismatch` (or `argumentMismatch`).
    /// Type-keyed IDs, whose string is their type, and `InjectID<AnyObject>`, which the
    /// container serves seed items as, are exempt.
    mutating func checkTypeConflicts() {
        for (id, entries) in declarationsByID {
            let typed = entries.filter { entry in
                guard let type = entry.declaration.idType, type != "InjectID<AnyObject>" else { return false }
                if case .typeKeyed = entry.declaration.value { return false }
                return true
            }
            .sorted { $0.declaration.location < $1.declaration.location }
            let groups = Dictionary(grouping: typed) { InjectLint.comparisonKey($0.declaration.idType ?? "") }
            guard groups.count > 1 else { continue }
            // The type most declarations agree on is taken as meant; on a tie, the first
            // declared. Each declaration of another type is an error at its own line.
            let meant = groups.values.max {
                ($0.count, $1[0].declaration.location) < ($1.count, $0[0].declaration.location)
            }
            guard let reference = meant?.first else { continue }
            let referenceKey = InjectLint.comparisonKey(reference.declaration.idType ?? "")
            for entry in typed where InjectLint.comparisonKey(entry.declaration.idType ?? "") != referenceKey
            {
                diagnose(
                    .error, "id-type-conflict",
                    "ID '\(id)' is declared as \(entry.declaration.idType ?? "") (\(name(of: entry.declaration))) and as \(reference.declaration.idType ?? "") (\(name(of: reference.declaration))); loads through one of them fail with a type mismatch",
                    at: [entry.declaration.location, reference.declaration.location])
            }
        }
    }

    /// `type` as compared: without `any`, which Swift 5 mode may leave out, and without
    /// parentheses around a whole generic argument, so `InjectID<(any P)>` is `InjectID<P>`.
    static func comparisonKey(_ type: String) -> String {
        var characters = Array(type.replacingOccurrences(of: "any ", with: ""))
        var index = 0
        while index < characters.count {
            guard characters[index] == "(", index > 0,
                "<,".contains(characters[index - 1]) || characters[index - 1] == " "
            else {
                index += 1
                continue
            }
            // Find the matching parenthesis; strip the pair when it encloses the whole argument.
            var depth = 0
            var close = index
            var hasComma = false
            for position in index..<characters.count {
                if "(<[".contains(characters[position]) { depth += 1 }
                if ")>]".contains(characters[position]) { depth -= 1 }
                if depth == 1, characters[position] == "," { hasComma = true }
                if depth == 0 {
                    close = position
                    break
                }
            }
            let after = close + 1 < characters.count ? characters[close + 1] : ">"
            if close > index, !hasComma, after == ">" || after == "," {
                characters.remove(at: close)
                characters.remove(at: index)
            } else {
                index += 1
            }
        }
        return String(characters)
    }

    // MARK: Providers

    mutating func checkProvisions() {
        // Type keys need no declaration: a provided one is checked for duplicates here.
        for id in Set(declaredIDs).union(typeKeyIDs).sorted() {
            let declarations = declarationsByID[id] ?? []
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
                    "ID '\(id)' is provided by \(byModule.count) targets: \(list.joined(separator: ", ")); the last registered wins; mark an override `// \(Lexer.overrideMarker)`",
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

    /// Notes every load of an ID built at run time, so a user knows what was not checked.
    mutating func checkRuntimeLoads() {
        for module in appModules {
            for use in module.facts.uses where use.kind == .load && isRuntime(use.reference) {
                diagnose(
                    .note, "unchecked-id",
                    "\(module.name) loads an ID built at run time from \(use.reference); inject-lint cannot check it",
                    at: [use.location])
            }
        }
    }

    // MARK: Graphs

    mutating func checkTargetCycles() {
        let names = Set(modules.map(\.name))
        var locations: [String: SourceLocation] = [:]
        var edges: [String: Set<String>] = [:]
        for module in modules {
            edges[module.name] = Set(module.dependencies).intersection(names)
            if locations[module.name] == nil { locations[module.name] = module.location }
        }
        for cycle in GraphCycles.cycles(in: edges) {
            diagnose(
                .error, "target-cycle", "target dependency cycle: \(cycle.joined(separator: " → "))",
                at: cycle.dropLast().compactMap { locations[$0] })
        }
    }

    mutating func checkFactoryCycles() {
        var edges: [String: Set<String>] = [:]
        var sites: [String: SourceLocation] = [:]
        for module in appModules {
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

    // MARK: Summary

    mutating func summarize() {
        var loads: [String: Set<String>] = [:]
        var loadedBy: [String: Set<String>] = [:]
        var typeKeys = typeKeyIDs
        for module in appModules {
            for use in module.facts.uses where use.kind == .load {
                guard let id = resolve(use.reference) else { continue }
                loads[module.name, default: []].insert(id)
                loadedBy[id, default: []].insert(module.name)
                if case .typeKeyed = use.reference { typeKeys.insert(id) }
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
        var provided: [String: Set<String>] = [:]
        for (id, providers) in provisions {
            for provider in providers { provided[provider.module, default: []].insert(id) }
        }
        report.modules = modules.map { module in
            LintReport.ModuleSummary(
                name: module.name, dependencies: module.dependencies,
                provides: (provided[module.name] ?? []).sorted(),
                loads: (loads[module.name] ?? []).sorted())
        }
        report.ids = Set(declaredIDs).union(typeKeys).sorted().map { id in
            let declarations = declarationsByID[id] ?? []
            return LintReport.IDSummary(
                id: id,
                names: declarations.isEmpty
                    ? [TypeKeyName.spelling(of: id)] : declarations.map { name(of: $0.declaration) },
                declaredIn: Array(Set(declarations.map(\.module))).sorted(),
                isOptional: declarations.contains { $0.declaration.isOptional },
                isExtensionPoint: declarations.contains { $0.declaration.isExtensionPoint },
                providers: (provisions[id] ?? []).sorted { $0.location < $1.location },
                loadedBy: (loadedBy[id] ?? []).sorted(),
                overrides: (overrides[id] ?? []).sorted { $0.location < $1.location })
        }
    }
}
