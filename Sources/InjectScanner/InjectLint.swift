/// Checks the IDs, providers and loads of a set of modules against each other.
///
/// Errors: an ID declared but provided by no module (unless marked optional), an ID provided
/// by two modules, two declarations with the same string, one ID string declared with two
/// service types, a provider or registration whose ID is declared nowhere, a cycle in the
/// target dependencies, and a cycle of providers whose `make(with:)` load each other eagerly
/// (the container would fail it at run time), a load whose ID only targets the host never
/// registers provide (see `checkHostCoverage()`), a load of an ID string that nothing
/// declares or provides, with the near miss, a required load of a type key (`.type(P.self)`)
/// that no target provides, and a registration keyed by its implementation type where loads
/// ask for a protocol it conforms to (see `checkImplementationTypeKeys()`). A missing provider
/// of a load is an error or a note by `verify()`'s rule (``isRequired(_:)``), and a
/// registration keyed by `.typeKeyed`, whose type no tool can read, is a warning. A cycle in the ID flow between modules — the
/// player loads the toast, the toast loads the player — is legal through the container and
/// only noted, as are overrides (child containers, `withOverrides`, `.overriding` traits,
/// test targets) and IDs built at run time, which the lint cannot check.
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
        /// Whether it is a test target, whose registrations are all overrides.
        public var isTest: Bool

        /// Creates a module.
        ///
        /// - Parameters:
        ///   - name: The module's name.
        ///   - dependencies: The modules of the package it depends on.
        ///   - facts: What its files declare and use.
        ///   - location: Where the module is described, if anywhere.
        ///   - isTest: Whether it is a test target.
        public init(
            name: String, dependencies: [String], facts: SourceFacts, location: SourceLocation? = nil,
            isTest: Bool = false
        ) {
            self.name = name
            self.dependencies = dependencies
            self.facts = facts
            self.location = location
            self.isTest = isTest
        }
    }

    struct Declared {
        var module: String
        var declaration: IDDeclaration
        var id: String?
    }

    let modules: [Module]
    var report = LintReport()
    var declared: [Declared] = []
    /// The declarations of each ID string, in the order found.
    var declarationsByID: [String: [Declared]] = [:]
    var constants: [String: String] = [:]
    var members: [String: Set<String>] = [:]
    var provisions: [String: [LintReport.Provision]] = [:]
    var overrides: [String: [LintReport.Provision]] = [:]
    var providerIDs: [String: [String: String]] = [:]
    /// The protocols the app's sources declare, unqualified: a type key naming one is `any P`.
    let protocols: Set<String>
    /// The IDs that type keys name, which need no declaration.
    var typeKeyIDs: Set<String> = []

    /// Creates a lint over `modules`.
    ///
    /// - Parameter modules: The modules, with their facts.
    public init(modules: [Module]) {
        self.modules = modules
        protocols = Set(
            modules.filter { !$0.isTest }.flatMap(\.facts.typeDeclarations).filter {
                $0.keyword == "protocol"
            }
            .map { String($0.name.split(separator: ".").last ?? "") })
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
        noteOverrides()
        checkDuplicateStrings()
        checkTypeConflicts()
        checkProvisions()
        checkTypeKeyLoads()
        checkImplementationTypeKeys()
        checkRuntimeLoads()
        checkHostCoverage()
        checkUnknownLoads()
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

    mutating func diagnose(
        _ severity: LintReport.Severity, _ code: String, _ message: String, at locations: [SourceLocation]
    ) {
        report.diagnostics.append(
            LintReport.Diagnostic(severity: severity, code: code, message: message, locations: locations))
    }

    /// The modules whose declarations, providers and loads count: all but test targets.
    var appModules: [Module] { modules.filter { !$0.isTest } }

    // MARK: Resolving names

    private mutating func resolveDeclarations() {
        // Test targets declare IDs of their own for their own tests; they are not the app's.
        for module in appModules {
            for declaration in module.facts.declarations where !declaration.isTyped {
                if case .literal(let value) = declaration.value { constants[declaration.name] = value }
            }
        }
        for module in appModules {
            for declaration in module.facts.declarations {
                let id = resolve(declaration.value)
                if id == nil {
                    diagnose(
                        .error, "undeclared-id",
                        "ID .\(declaration.name) wraps \(declaration.value), which is declared nowhere",
                        at: [declaration.location])
                }
                if declaration.isTyped, let id { members[declaration.name, default: []].insert(id) }
                let entry = Declared(module: module.name, declaration: declaration, id: id)
                declared.append(entry)
                if let id { declarationsByID[id, default: []].append(entry) }
            }
        }
        var locationsByMember: [String: [SourceLocation]] = [:]
        for entry in declared where entry.declaration.isTyped {
            locationsByMember[entry.declaration.name, default: []].append(entry.declaration.location)
        }
        for (member, ids) in members where ids.count > 1 {
            diagnose(
                .warning, "ambiguous-member",
                ".\(member) names \(ids.count) IDs (\(ids.sorted().joined(separator: ", "))); uses of it are not checked",
                at: (locationsByMember[member] ?? []).sorted())
        }
    }

    func resolve(_ reference: IDReference) -> String? {
        switch reference {
        case .literal(let value): return value
        case .typeKeyed(let type): return TypeKeyName.canonical(type, protocols: protocols)
        case .constant(let name): return constants[name]
        case .runtime, .contextTyped: return nil
        case .member(let name):
            guard let ids = members[name], ids.count == 1 else { return nil }
            return ids.first
        }
    }

    var declaredIDs: Dictionary<String, [Declared]>.Keys { declarationsByID.keys }

    /// Whether `reference` is built at run time: an expression, or a name that is no seed
    /// constant (a typo of a constant would not compile).
    func isRuntime(_ reference: IDReference) -> Bool {
        switch reference {
        case .runtime: return true
        case .constant(let name): return constants[name] == nil
        default: return false
        }
    }

    // MARK: Providers

    private mutating func collectProvisions() {
        for module in modules {
            var seen: Set<String> = []
            let membersByType = Dictionary(grouping: module.facts.idMembers, by: \.typeName)
            let scopesByType = Dictionary(grouping: module.facts.scopeMembers, by: \.typeName)
            for conformance in module.facts.conformances where seen.insert(conformance.typeName).inserted {
                guard let member = membersByType[conformance.typeName]?.first else {
                    if !module.isTest {
                        diagnose(
                            .warning, "unknown-provider-id",
                            "\(conformance.typeName) conforms to \(conformance.kind.rawValue) but declares no `id` in \(module.name)",
                            at: [conformance.location])
                    }
                    continue
                }
                guard let reference = member.reference else {
                    if !module.isTest {
                        diagnose(
                            .note, "computed-provider-id",
                            "\(conformance.typeName) computes its ID; inject-lint cannot check it",
                            at: [member.location])
                    }
                    continue
                }
                let provision = LintReport.Provision(
                    module: module.name, typeName: conformance.typeName, location: conformance.location,
                    scope: scopesByType[conformance.typeName]?.first?.scope)
                if module.isTest || conformance.isOverride || conformance.isForContext {
                    override(reference, by: provision, at: member.location, in: module)
                } else {
                    provide(reference, by: provision, at: member.location)
                }
            }
            for use in module.facts.uses where use.kind == .register {
                let provision = LintReport.Provision(
                    module: module.name, typeName: nil, location: use.location, scope: use.scope)
                if module.isTest || use.isOverride {
                    override(use.reference, by: provision, at: use.location, in: module)
                } else {
                    provide(use.reference, by: provision, at: use.location)
                }
            }
        }
    }

    private mutating func provide(
        _ reference: IDReference, by provision: LintReport.Provision, at location: SourceLocation
    ) {
        let what = provision.typeName ?? "a closure registration"
        // A type-keyed ID needs no declaration: the type is one.
        let isTypeKeyed = if case .typeKeyed = reference { true } else { false }
        guard let id = resolve(reference), declarationsByID[id] != nil || isTypeKeyed else {
            if case .member(let name) = reference, (members[name]?.count ?? 0) > 1 { return }
            if case .contextTyped = reference {
                // The factory's return type decides, often the implementation type, not the
                // protocol that loads ask for; neither the lint nor the generated entry can tell.
                diagnose(
                    .warning, "context-typed-key",
                    "\(what) in \(provision.module) is keyed by .typeKeyed, whose type its factory decides (often the implementation type, not the protocol loads ask for); inject-lint cannot check it: name the type with .type(P.self)",
                    at: [location])
                return
            }
            if isRuntime(reference) {
                // Such as a loop's `InjectID<T>(name)`.
                diagnose(
                    .note, "computed-id",
                    "\(what) in \(provision.module) provides an ID built at run time from \(reference); inject-lint cannot check it",
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
        if isTypeKeyed { typeKeyIDs.insert(id) }
        if let typeName = provision.typeName { providerIDs[provision.module, default: [:]][typeName] = id }
    }

    /// Records an override: a note, never an error, since replacing a provider for a screen,
    /// a test or a preview is what overrides are for.
    private mutating func override(
        _ reference: IDReference, by provision: LintReport.Provision, at location: SourceLocation,
        in module: Module
    ) {
        let what = provision.typeName ?? "a closure registration"
        let isTypeKeyed = if case .typeKeyed = reference { true } else { false }
        guard let id = resolve(reference), declarationsByID[id] != nil || isTypeKeyed else {
            // A test's own IDs are its business; an app's override of an unknown ID is odd.
            // An override keyed by `.typeKeyed` replaces whatever its type is: nothing to check.
            guard !module.isTest, reference != .contextTyped else { return }
            if isRuntime(reference) {
                diagnose(
                    .note, "computed-id",
                    "\(what) in \(module.name) overrides an ID built at run time from \(reference); inject-lint cannot check it",
                    at: [location])
            } else if case .member(let name) = reference, (members[name]?.count ?? 0) > 1 {
                return
            } else {
                diagnose(
                    .warning, "undeclared-id",
                    "\(what) in \(module.name) overrides \(reference), which is declared nowhere",
                    at: [location])
            }
            return
        }
        overrides[id, default: []].append(provision)
    }

    /// One note per ID and module that overrides it, listing every override's line.
    private mutating func noteOverrides() {
        for (id, provisions) in overrides {
            for (module, local) in Dictionary(grouping: provisions, by: \.module) {
                let types = Set(local.compactMap(\.typeName)).sorted()
                let closures = local.count - local.filter { $0.typeName != nil }.count
                let names = types + (closures == 0 ? [] : ["\(closures) closure\(closures == 1 ? "" : "s")"])
                // The report's IDs list every override; the note points at the first few.
                diagnose(
                    .note, "override",
                    "'\(id)' is overridden in \(module) (\(names.joined(separator: ", "))): overrides, not providers",
                    at: Array(local.map(\.location).sorted().prefix(3)))
            }
        }
    }

    func name(of declaration: IDDeclaration) -> String {
        declaration.isTyped ? ".\(declaration.name)" : declaration.name
    }
}
