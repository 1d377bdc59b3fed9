/// A registration as `Container.verify()` saw it: where it was made, whether it declares its
/// dependencies, and the problems found in them.
public struct VerifiedRegistration: Codable, Hashable, Sendable {
    /// A place in a source file, as `#fileID` and `#line` give it.
    public struct Location: Codable, Hashable, Sendable, CustomStringConvertible {
        /// The file, such as `Player/PlayerSetup.swift`.
        public var file: String
        /// The 1-based line.
        public var line: Int

        /// Creates a location.
        public init(file: String, line: Int) {
            self.file = file
            self.line = line
        }

        /// `file:line`, the form compilers and editors understand.
        public var description: String { "\(file):\(line)" }
    }

    /// The registration's ID; `point[name]` for a contribution to an extension point.
    public var id: String
    /// What registered it: a provider type's name, or `closure at file:line`, then
    /// `for context <name>` for a context's registration (``RegistrationContext``).
    public var provider: String
    /// The active context the registration answers for; `nil` for the default registration.
    public var context: String?
    /// Where it was registered; `nil` for a type registered without a place, such as through
    /// `regist(injectType:)`.
    public var location: Location?
    /// Whether it declares its dependencies, so that they were checked.
    public var isChecked: Bool
    /// What was found, errors first.
    public var problems: [VerificationProblem]

    /// Creates a verified registration.
    public init(
        id: String, provider: String, location: Location?, isChecked: Bool, problems: [VerificationProblem],
        context: String? = nil
    ) {
        self.id = id
        self.provider = provider
        self.context = context
        self.location = location
        self.isChecked = isChecked
        self.problems = problems
    }

    /// `registration` as `verify()` saw it.
    init(_ registration: Registration, problems: [VerificationProblem], isChecked: Bool) {
        let context = registration.context.map { "\($0)" }
        self.init(
            id: registration.id,
            provider: registration.provider.description + (context.map { " for context \($0)" } ?? ""),
            location: CompositionVerifier.location(of: registration), isChecked: isChecked,
            problems: problems, context: context)
    }
}
