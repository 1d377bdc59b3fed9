/// One place in a module's source that loads an ID outside a registered factory, which
/// `verify()` checks as a declared dependency (``Container/addLoadSites(_:)``).
///
/// Its ``dependency`` is spelled as a declaration: `.load(id)` for `@Injected`, for example.
/// See <doc:VerifyingTheComposition>.
public struct LoadSite: Hashable, Sendable, Codable, CustomStringConvertible {
    /// What the site loads; `nil` when the ID is built at run time.
    public let dependency: Dependency?
    /// The file as `#fileID` spells it: `ModuleName/File.swift`.
    public let file: String
    /// The 1-based line.
    public let line: Int
    /// Short source text of the load, such as `@Injected(.toast)` or `container.load(id)`.
    public let expression: String

    /// `file:line: expression`.
    public var description: String { "\(file):\(line): \(expression)" }
}

extension LoadSite {
    /// A site that loads `dependency`.
    public init(_ dependency: Dependency, file: String, line: Int, expression: String) {
        self.init(dependency: dependency, file: file, line: line, expression: expression)
    }

    /// A site whose ID is built at run time, which `verify()` lists but cannot check.
    public static func unchecked(_ expression: String, file: String, line: Int) -> LoadSite {
        LoadSite(dependency: nil, file: file, line: line, expression: expression)
    }

    /// Where the site is, as a problem's location.
    public var location: VerifiedRegistration.Location {
        VerifiedRegistration.Location(file: file, line: line)
    }
}
