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

    /// Every problem, registration by registration.
    public var problems: [VerificationProblem] {
        registrations.flatMap(\.problems)
    }

    /// Whether no problem is an error or a warning; notes and unchecked registrations are fine.
    public var isClean: Bool {
        !registrations.contains { $0.problems.contains { $0.severity != .note } }
    }

    /// How many problems have `severity`.
    ///
    /// - Parameter severity: The severity to count.
    /// - Returns: The count.
    public func count(_ severity: VerificationProblem.Severity) -> Int {
        registrations.reduce(0) { $0 + $1.problems.filter { $0.severity == severity }.count }
    }

    /// One line: `verify: 12 registrations (10 checked, 2 unchecked): 1 error, 0 warnings, 0 notes`.
    public var summary: String {
        let total = checkedCount + unchecked.count
        return
            "verify: \(Self.counted(total, "registration")) (\(checkedCount) checked, \(unchecked.count) unchecked): "
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
        lines.append(summary)
        return lines.joined(separator: "\n")
    }

    private static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
