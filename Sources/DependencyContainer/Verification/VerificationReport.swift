/// What `Container.verify()` found, grouped by registration.
///
/// It encodes as JSON for tools, and prints as `inject-lint` does after its ``summary``. See
/// <doc:VerifyingTheComposition>.
public struct VerificationReport: Codable, Hashable, Sendable, CustomStringConvertible {
    /// The registrations with problems, sorted by ID.
    public var registrations: [VerifiedRegistration]
    /// The registrations that declare no dependencies, sorted by ID.
    public var unchecked: [VerifiedRegistration]
    /// How many registrations declare their dependencies.
    public var checkedCount: Int
    /// The problems of the load sites (``Container/addLoadSites(_:)``), errors first, then by
    /// file and line.
    public var siteProblems: [VerificationProblem] = []
    /// The load sites whose ID is built at run time, in the order recorded.
    public var uncheckedSites: [LoadSite] = []
    /// How many load sites were checked.
    public var checkedSiteCount = 0

    /// Creates a report.
    public init(registrations: [VerifiedRegistration], unchecked: [VerifiedRegistration], checkedCount: Int) {
        self.registrations = registrations
        self.unchecked = unchecked
        self.checkedCount = checkedCount
    }

    /// Every problem, registration by registration, then the load sites'.
    public var problems: [VerificationProblem] { registrations.flatMap(\.problems) + siteProblems }

    /// Whether the report has no problem and left nothing unchecked: ``hasNoProblems`` and
    /// ``isComplete``; notes keep a report clean.
    public var isClean: Bool { hasNoProblems && isComplete }

    /// Whether no problem is an error or a warning; notes and what was left unchecked are fine.
    public var hasNoProblems: Bool { !problems.contains { $0.severity != .note } }

    /// Whether every registration a load can reach and every load site was checked.
    public var isComplete: Bool { unchecked.isEmpty && uncheckedSites.isEmpty }

    /// How many problems have `severity`.
    public func count(_ severity: VerificationProblem.Severity) -> Int {
        problems.lazy.filter { $0.severity == severity }.count
    }

    /// One line: how much was checked, what was found and what was not checked.
    public var summary: String {
        let sites = checkedSiteCount + uncheckedSites.count
        let checked =
            "\(checkedCount) of \(Self.counted(checkedCount + unchecked.count, "registration"))"
            + (sites > 0 ? " and \(checkedSiteCount) of \(Self.counted(sites, "load site"))" : "")
        let left =
            (unchecked.isEmpty ? [] : [Self.counted(unchecked.count, "registration")])
            + (uncheckedSites.isEmpty ? [] : [Self.counted(uncheckedSites.count, "load site")])
        let found = [VerificationProblem.Severity.error, .warning, .note].map {
            Self.counted(count($0), $0.rawValue)
        }
        return "verify: \(checked) checked: \(found.joined(separator: ", "))"
            + (left.isEmpty ? "" : "; \(left.joined(separator: " and ")) unchecked")
    }

    /// The ``summary``, then the problems, the unchecked registrations and sites, one per line.
    public var description: String {
        ([summary] + problems.map(\.description) + uncheckedNotes).joined(separator: "\n")
    }

    /// A `note:` line per unchecked registration, then per unchecked site.
    package var uncheckedNotes: [String] {
        unchecked.map { registration in
            let prefix = registration.location.map { "\($0): " } ?? ""
            return
                "\(prefix)note: '\(registration.id)' from \(registration.provider) declares no dependencies, so it is unchecked [unchecked]"
        }
            + uncheckedSites.map { site in
                "\(site.location): note: `\(site.expression)` loads an ID built at run time, so it is unchecked [unchecked-site]"
            }
    }

    private enum CodingKeys: String, CodingKey {
        case registrations, unchecked, checkedCount, siteProblems, uncheckedSites, checkedSiteCount
    }

    /// Creates a report from its JSON form; one encoded before load sites existed has none.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        registrations = try container.decode([VerifiedRegistration].self, forKey: .registrations)
        unchecked = try container.decode([VerifiedRegistration].self, forKey: .unchecked)
        checkedCount = try container.decode(Int.self, forKey: .checkedCount)
        siteProblems = try container.decodeIfPresent([VerificationProblem].self, forKey: .siteProblems) ?? []
        uncheckedSites = try container.decodeIfPresent([LoadSite].self, forKey: .uncheckedSites) ?? []
        checkedSiteCount = try container.decodeIfPresent(Int.self, forKey: .checkedSiteCount) ?? 0
    }

    private static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
