/// What `Container.verify()` found: every problem in the declared dependencies of the
/// registrations a container's loads can reach, grouped by registration.
///
/// ```swift
/// let report = container.verify()
/// if !report.isClean {
///     print(report)  // file:line: error: … lines, then the summary
/// }
/// ```
///
/// It encodes as JSON for tools, and prints as `inject-lint` does: one `file:line: severity:
/// message [code]` line per problem, a `note:` line per unchecked registration, and the
/// ``summary``.
public struct VerificationReport: Codable, Hashable, Sendable, CustomStringConvertible {
    /// The registrations with problems, sorted by ID.
    public var registrations: [VerifiedRegistration]
    /// The registrations that declare no dependencies, so that nothing about them was
    /// checked, sorted by ID.
    public var unchecked: [VerifiedRegistration]
    /// How many registrations declare their dependencies.
    public var checkedCount: Int
    /// The problems of the load sites (``Container/addLoadSites(_:)``), errors first, then by
    /// file and line; each has the site as its ``VerificationProblem/site`` and location.
    public var siteProblems: [VerificationProblem] = []
    /// The load sites whose ID is built at run time, so that nothing about them was checked,
    /// in the order they were recorded.
    public var uncheckedSites: [LoadSite] = []
    /// How many load sites were checked.
    public var checkedSiteCount = 0

    /// Creates a report.
    ///
    /// - Parameters:
    ///   - registrations: The registrations with problems.
    ///   - unchecked: The registrations that declare nothing.
    ///   - checkedCount: How many registrations declare their dependencies.
    public init(registrations: [VerifiedRegistration], unchecked: [VerifiedRegistration], checkedCount: Int) {
        self.registrations = registrations
        self.unchecked = unchecked
        self.checkedCount = checkedCount
    }

    /// Every problem, registration by registration, then the load sites'.
    public var problems: [VerificationProblem] {
        registrations.flatMap(\.problems) + siteProblems
    }

    /// Whether no problem is an error or a warning; notes, unchecked registrations and unchecked
    /// load sites are fine.
    public var isClean: Bool {
        !registrations.contains { $0.problems.contains { $0.severity != .note } }
            && !siteProblems.contains { $0.severity != .note }
    }

    /// How many problems have `severity`.
    ///
    /// - Parameter severity: The severity to count.
    /// - Returns: The count.
    public func count(_ severity: VerificationProblem.Severity) -> Int {
        registrations.reduce(0) { $0 + $1.problems.filter { $0.severity == severity }.count }
            + siteProblems.filter { $0.severity == severity }.count
    }

    /// One line: `verify: 12 registrations (10 checked, 2 unchecked): 1 error, 0 warnings, 0 notes`,
    /// with `, 30 load sites (29 checked, 1 unchecked)` after the registrations when there are any.
    public var summary: String {
        let total = checkedCount + unchecked.count
        let siteTotal = checkedSiteCount + uncheckedSites.count
        let sites =
            siteTotal == 0
            ? ""
            : ", \(Self.counted(siteTotal, "load site")) (\(checkedSiteCount) checked, \(uncheckedSites.count) unchecked)"
        return
            "verify: \(Self.counted(total, "registration")) (\(checkedCount) checked, \(unchecked.count) unchecked)\(sites): "
            + "\(Self.counted(count(.error), "error")), \(Self.counted(count(.warning), "warning")), "
            + Self.counted(count(.note), "note")
    }

    /// The problems, the unchecked registrations and the summary, one per line.
    public var description: String {
        var lines = problems.map(\.description)
        for registration in unchecked {
            let prefix = registration.location.map { "\($0): " } ?? ""
            lines.append(
                "\(prefix)note: '\(registration.id)' from \(registration.provider) declares no dependencies, so it is unchecked [unchecked]"
            )
        }
        for site in uncheckedSites {
            lines.append(
                "\(site.location): note: `\(site.expression)` loads an ID built at run time, so it is unchecked [unchecked-site]"
            )
        }
        lines.append(summary)
        return lines.joined(separator: "\n")
    }

    private enum CodingKeys: String, CodingKey {
        case registrations, unchecked, checkedCount, siteProblems, uncheckedSites, checkedSiteCount
    }

    /// Creates a report from its JSON form; one encoded before load sites existed has none.
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: What the decoder throws for missing or mistyped fields.
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
