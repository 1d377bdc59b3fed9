/// One problem that `Container.verify()` found, printed as `inject-lint` prints a finding.
public struct VerificationProblem: Codable, Hashable, Sendable, CustomStringConvertible {
    /// How bad a problem is.
    public enum Severity: String, Codable, Hashable, Sendable, Comparable {
        /// A load that fails, or a service that outlives what it holds: the report is not clean.
        case error
        /// Probably a mistake, but the app may be right: the report is not clean.
        case warning
        /// Information, such as an optional dependency that is absent: the report stays clean.
        case note

        private var rank: Int { self == .error ? 0 : self == .warning ? 1 : 2 }

        /// Whether `lhs` is worse than `rhs`: errors first.
        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
    }

    /// What kind of problem it is; the raw value is the code printed in brackets.
    public enum Kind: String, Codable, Hashable, Sendable {
        /// A required dependency that nothing in the registration's lookup order provides.
        case missingDependency = "missing-dependency"
        /// An optional dependency that nothing provides: the factory gets `nil`.
        case missingOptionalDependency = "missing-optional-dependency"
        /// A dependency registered with another service type than the one asked for.
        case typeMismatch = "type-mismatch"
        /// A cycle of eager dependencies, which no `lazy` or `provider` handle breaks.
        case cycle
        /// A cached service that keeps a named-scope service past its scope's reset.
        case captiveDependency = "captive-dependency"
        /// A synchronous factory that loads a main-actor or async service eagerly.
        case isolation = "isolation"
        /// A load the running check saw a factory make that its declaration does not list.
        case undeclaredLoad = "undeclared-load"
        /// A factory that failed when the running check ran it.
        case factoryFailed = "factory-failed"
        /// A registration keyed by its implementation type where loads ask for an unregistered
        /// protocol type key it conforms to.
        case implementationTypeKey = "implementation-type-key"
    }

    /// How bad it is.
    public var severity: Severity
    /// What kind of problem it is.
    public var kind: Kind
    /// The ID of the registration whose declaration has the problem; for a load site, the
    /// site's ``LoadSite/expression``.
    public var registrationID: String
    /// The dependency concerned; `nil` for a cycle.
    public var dependencyID: String?
    /// What is wrong, in a sentence.
    public var message: String
    /// For a cycle, the IDs along it, ending with the first; empty otherwise.
    public var path: [String]
    /// Where the registration was made, or the load site's place.
    public var location: VerifiedRegistration.Location?
    /// The load site whose load has the problem; `nil` for a registration's declaration.
    public var site: LoadSite?

    /// Creates a problem.
    public init(
        severity: Severity, kind: Kind, registrationID: String, dependencyID: String?, message: String,
        path: [String] = [], location: VerifiedRegistration.Location?, site: LoadSite? = nil
    ) {
        self.severity = severity
        self.kind = kind
        self.registrationID = registrationID
        self.dependencyID = dependencyID
        self.message = message
        self.path = path
        self.location = location
        self.site = site
    }

    /// `file:line: error: message [code]`, as `inject-lint` prints a finding.
    public var description: String {
        "\(location.map { "\($0): " } ?? "")\(severity.rawValue): \(message) [\(kind.rawValue)]"
    }

    /// A problem of `registration`'s declaration, at its registering line.
    init(
        _ registration: Registration, _ severity: Severity, _ kind: Kind, dependency: String?,
        _ message: String,
        path: [String] = []
    ) {
        self.init(
            severity: severity, kind: kind, registrationID: registration.id, dependencyID: dependency,
            message: message, path: path, location: CompositionVerifier.location(of: registration))
    }
}
