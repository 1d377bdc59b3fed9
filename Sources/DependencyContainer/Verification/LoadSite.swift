/// One place in a module's source that loads an ID outside a registered factory: an
/// `@Injected` property, a `container.load` at the composition root or in a helper, a handle
/// resolved later, an argument load, an extension point, the original `load(for:)`.
///
/// RegistrationPlugin's generated `register(into:)` records its target's sites with
/// ``Container/addLoadSites(_:)``, so that `verify()` checks each one as it checks a declared
/// dependency: a site whose ID nothing provides is an error if it is required and a note if it
/// is optional, at the site's `file:line`. A module that registers nothing, such as the app's
/// UI module, adds its sites by hand:
///
/// ```swift
/// container.addLoadSites([
///     LoadSite(.load(.toast), file: "App/ContentView.swift", line: 12, expression: "@Injected(.toast)"),
///     LoadSite.unchecked("container.load(id)", file: "App/Helpers.swift", line: 40),
/// ])
/// ```
///
/// The site's ``dependency`` is spelled as a declared dependency would be: `.require(id)` for
/// `require`/`requireAsync`; `.load(id)` for `load`/`loadAsync`/`@Injected`; `.lazy(id)` and
/// `.provider(id)` for handles; `.load(point)` or `.require(point)` for an extension point (see
/// ``Dependency/pointLoadIsOptional(required:)``); the argument overloads for argument IDs; and
/// ``Dependency/load(for:)`` for the original `load(for:)`, whose service type is
/// ``Dependency/originalAPIServiceType``.
public struct LoadSite: Hashable, Sendable, Codable, CustomStringConvertible {
    /// What the site loads, as a declared dependency would say it; `nil` when the ID is built
    /// at run time and cannot be checked.
    public let dependency: Dependency?
    /// The file as `#fileID` spells it: `ModuleName/File.swift`.
    public let file: String
    /// The 1-based line.
    public let line: Int
    /// Short source text of the load, such as `@Injected(.toast)` or `container.load(id)`.
    public let expression: String

    /// A site that loads `dependency`.
    ///
    /// - Parameters:
    ///   - dependency: What it loads, as a declared dependency.
    ///   - file: The file, as `#fileID` spells it.
    ///   - line: The 1-based line.
    ///   - expression: Short source text of the load.
    public init(_ dependency: Dependency, file: String, line: Int, expression: String) {
        self.init(dependency: dependency, file: file, line: line, expression: expression)
    }

    private init(dependency: Dependency?, file: String, line: Int, expression: String) {
        self.dependency = dependency
        self.file = file
        self.line = line
        self.expression = expression
    }

    /// A site whose ID is built at run time, which `verify()` lists but cannot check.
    ///
    /// - Parameters:
    ///   - expression: Short source text of the load.
    ///   - file: The file, as `#fileID` spells it.
    ///   - line: The 1-based line.
    /// - Returns: The site.
    public static func unchecked(_ expression: String, file: String, line: Int) -> LoadSite {
        LoadSite(dependency: nil, file: file, line: line, expression: expression)
    }

    /// Where the site is, as a problem's location.
    public var location: VerifiedRegistration.Location {
        VerifiedRegistration.Location(file: file, line: line)
    }

    /// `file:line: expression`.
    public var description: String { "\(file):\(line): \(expression)" }
}
