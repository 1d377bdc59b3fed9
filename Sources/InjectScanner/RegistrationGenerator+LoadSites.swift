/// The generated entry's load sites, the dependencies it infers for closure registrations,
/// and the places (`file:`, `line:`) it gives provider registrations.
///
/// A load site maps to the `Dependency` a factory would declare for the same load:
/// `require`/`requireAsync` to `.require(id)`, `load`/`loadAsync`/`@Injected` and
/// `contributions(to:)` to `.load(id)`, `lazy`/`provider` to `.lazy(id)`/`.provider(id)`, an
/// extension point's `load`/`require` to `.load(point)`/`.require(point)` (the overloads pick
/// the ID's type), and the original `load(for:)` to an optional eager `Dependency` of the
/// original API's item type. An ID built at run time is `LoadSite.unchecked` at its site.
extension RegistrationGenerator {
    /// The `#fileID` of a location in this module: `Module/File.swift`.
    ///
    /// - Parameter location: A location the scanner recorded, whose file is a path.
    /// - Returns: The module's name and the file's name.
    public func fileID(_ location: SourceLocation) -> String {
        let name = location.file.split(separator: "/").last.map(String.init) ?? location.file
        return "\(moduleName)/\(name)"
    }

    /// `, file: "Module/File.swift", line: N`: where a provider type is declared, for its
    /// registration's problems.
    func placeArguments(_ location: SourceLocation) -> String {
        ", file: \(RegistrationGenerator.stringLiteral(fileID(location))), line: \(location.line)"
    }

    /// The module's load sites, in file and line order: loads outside every registered factory.
    public var loadSiteUses: [IDUse] {
        facts.uses.filter(\.isLoadSite).sorted { $0.location < $1.location }
    }

    /// The Swift expression of one load site's `LoadSite`.
    ///
    /// - Parameter use: A load site of this module.
    /// - Returns: `LoadSite(.require(.toast), file: …, line: …, expression: …)` or
    ///   `LoadSite.unchecked(…)`.
    public func loadSite(_ use: IDUse) -> String {
        let expression = use.expression ?? use.reference.description
        let place =
            "file: \(RegistrationGenerator.stringLiteral(fileID(use.location))), line: \(use.location.line)"
        let written = RegistrationGenerator.stringLiteral(expression)
        let isOriginalAPI = use.call == "load" && expression.contains("(for:")
        let dependency: String?
        switch use.reference {
        case .member(let member) where !isOriginalAPI && !hiddenMembers.contains(member):
            dependency = ".\(RegistrationGenerator.constructor(of: use.call ?? "load"))(.\(member))"
        case .literal(let value) where isOriginalAPI:
            dependency = RegistrationGenerator.originalAPIDependency(
                RegistrationGenerator.stringLiteral(value))
        case .constant(let name) where isOriginalAPI:
            dependency = RegistrationGenerator.originalAPIDependency(name)
        case .typeKeyed where !isOriginalAPI:
            dependency = RegistrationGenerator.idExpression(use.reference).map {
                ".\(RegistrationGenerator.constructor(of: use.call ?? "load"))(\($0))"
            }
        default:
            dependency = nil
        }
        guard let dependency else { return "LoadSite.unchecked(\(written), \(place))" }
        return "LoadSite(\(dependency), \(place), expression: \(written))"
    }

    /// The original API's `load(for:)` as a declaration: `Dependency.load(for:)`, optional, of
    /// the service type that matches any registration of the ID.
    static func originalAPIDependency(_ id: String) -> String {
        ".load(for: \(id))"
    }

    /// Typed IDs declared `private` or `fileprivate` in this module: the generated file
    /// cannot name them, so their sites are listed as unchecked.
    var hiddenMembers: Set<String> {
        Set(facts.declarations.filter { $0.isTyped && $0.isHidden }.map(\.name))
    }

    /// The `loadSites` member's lines.
    var loadSitesMember: [String] {
        var lines = [
            "    /// Every place in \(moduleName) that loads an ID outside a registered factory, for `verify()`.",
            "    public static var loadSites: [LoadSite] {",
        ]
        let uses = loadSiteUses
        // An array literal cannot hold `#if`s; appends can, and a `var` never appended to
        // would warn.
        guard uses.contains(where: { !$0.conditions.filter { !$0.isEmpty }.isEmpty }) else {
            lines +=
                uses.isEmpty
                ? ["        []"] : ["        ["] + uses.map { "            \(loadSite($0))," } + ["        ]"]
            return lines + ["    }"]
        }
        lines.append("        var sites: [LoadSite] = []")
        for use in uses {
            lines += RegistrationGenerator.wrapped("sites.append(\(loadSite(use)))", in: use.conditions)
        }
        lines += ["        return sites", "    }"]
        return lines
    }

    /// The closure registrations whose dependencies the generator infers: those without a
    /// `dependencies:` list whose closures load only IDs the scanner can name (an empty list
    /// when they load nothing) and never hand their resolver on, with the `Dependency`
    /// values, in file and line order.
    public var inferredDependencies: [(registration: IDUse, dependencies: [String])] {
        let loadsByRegistration = Dictionary(grouping: facts.uses.filter { $0.registeredAt != nil }) {
            $0.registeredAt!
        }
        var seen: Set<SourceLocation> = []
        var result: [(registration: IDUse, dependencies: [String])] = []
        for registration in facts.uses.sorted(by: { $0.location < $1.location })
        where registration.kind == .register && !registration.declaresDependencies
            && seen.insert(registration.location).inserted
        {
            let loads = loadsByRegistration[registration.location] ?? []
            // A factory that loads nothing gets an empty list, which verify() counts as checked.
            guard !registration.hidesLoads, let dependencies = RegistrationGenerator.declarations(of: loads),
                !loads.contains(where: { use in
                    if case .member(let member) = use.reference { return hiddenMembers.contains(member) }
                    return false
                })
            else { continue }
            result.append((registration, dependencies))
        }
        return result
    }

    /// The `addInferredDependencies` calls of `register(into:)`.
    var inferredDependencyStatements: [String] {
        inferredDependencies.flatMap { registration, dependencies in
            let place = RegistrationGenerator.stringLiteral(fileID(registration.location))
            return RegistrationGenerator.wrapped(
                "container.addInferredDependencies([\(dependencies.joined(separator: ", "))], forRegistrationAt: \(place), line: \(registration.location.line))",
                in: registration.conditions)
        }
    }

    /// `statement`, indented into a member's body, inside the `#if`s it is under.
    static func wrapped(_ statement: String, in conditions: [String]) -> [String] {
        let conditions = conditions.filter { !$0.isEmpty }
        return conditions.map { "        #if \($0)" } + ["        \(statement)"]
            + conditions.map { _ in "        #endif" }
    }
}
