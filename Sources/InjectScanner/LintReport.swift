/// What `inject-lint` found: the IDs, who provides and loads them, the module graphs, and
/// the mistakes.
public struct LintReport: Codable, Equatable, Sendable {
    /// How bad a finding is.
    public enum Severity: String, Codable, Sendable, Comparable {
        /// A mistake: the lint exits non-zero.
        case error
        /// Probably a mistake, but the app may be right.
        case warning
        /// Information, such as an ID-flow cycle, which the container resolves at run time.
        case note

        private var rank: Int { self == .error ? 0 : self == .warning ? 1 : 2 }

        /// Errors first.
        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
    }

    /// One finding.
    public struct Diagnostic: Codable, Equatable, Sendable {
        /// How bad it is.
        public var severity: Severity
        /// A stable name for the kind of finding, such as `unprovided-id`.
        public var code: String
        /// What is wrong.
        public var message: String
        /// Where, most relevant first; empty when no source line is involved.
        public var locations: [SourceLocation]
    }

    /// Something that provides (or overrides) an ID: a provider type, an `Injectable` item or
    /// a closure registration.
    public struct Provision: Codable, Equatable, Sendable {
        /// The module it is in.
        public var module: String
        /// The provider or item type, or `nil` for a closure registration.
        public var typeName: String?
        /// Where it is declared or registered.
        public var location: SourceLocation
        /// The named scope it lives in, as written, such as `.session`; `nil` when none.
        public var scope: String?
    }

    /// One ID string and everything about it.
    public struct IDSummary: Codable, Equatable, Sendable {
        /// The string.
        public var id: String
        /// The names it is declared under: `.toast`, `toastInjectID`.
        public var names: [String]
        /// The modules that declare it.
        public var declaredIn: [String]
        /// Whether it is marked optional.
        public var isOptional: Bool
        /// Whether it is an extension point; its providers are its contributors.
        public var isExtensionPoint: Bool
        /// What provides it.
        public var providers: [Provision]
        /// The modules that load it.
        public var loadedBy: [String]
        /// What overrides it: registrations on child containers, in `withOverrides` or
        /// `.overriding`, in test targets, or marked `// inject-lint: override`.
        public var overrides: [Provision] = []
    }

    /// One module and its target dependencies.
    public struct ModuleSummary: Codable, Equatable, Sendable {
        /// The module's name.
        public var name: String
        /// The modules of the package it depends on.
        public var dependencies: [String]
        /// The IDs it provides.
        public var provides: [String]
        /// The IDs it loads.
        public var loads: [String]
    }

    /// An ID that one module provides and another loads.
    public struct Flow: Codable, Equatable, Hashable, Sendable {
        /// The module that provides the ID.
        public var provider: String
        /// The module that loads it.
        public var consumer: String
        /// The ID string.
        public var id: String
    }

    /// The modules, in the order given.
    public var modules: [ModuleSummary] = []
    /// The IDs, sorted.
    public var ids: [IDSummary] = []
    /// The ID flows between modules, sorted.
    public var flows: [Flow] = []
    /// The findings, errors first.
    public var diagnostics: [Diagnostic] = []

    /// How many findings have `severity`.
    ///
    /// - Parameter severity: The severity to count.
    /// - Returns: The count.
    public func count(_ severity: Severity) -> Int {
        diagnostics.filter { $0.severity == severity }.count
    }
}
