import DependencyContainer
import Foundation
import Testing

/// The service every well-typed registration of a generated composition makes.
final class DifferentialNode: Sendable {
    let name: String

    init(_ name: String) {
        self.name = name
    }
}

/// What a mistyped registration makes: another type than the one its dependents ask for.
final class DifferentialOther: Sendable {}

/// A composition drawn from a seed: a parent container, a child container and, optionally,
/// override scope on the child, with registrations whose factories load exactly what they
/// declare.
struct DifferentialComposition: CustomStringConvertible {
    /// Where a registration is made, nearest place of the child's lookup order first.
    enum Place: Int, CaseIterable {
        case override, child, parent
    }

    enum ScopeChoice: CaseIterable {
        case transient, singleton, graph, weak, session

        var scope: Scope {
            switch self {
            case .transient: .transient
            case .singleton: .singleton
            case .graph: .graph
            case .weak: .weak
            case .session: .named("differential-session")
            }
        }
    }

    struct Load {
        let target: Int
        let isRequired: Bool
    }

    struct Entry {
        let id: Int
        let place: Place
        let scope: ScopeChoice
        let isMistyped: Bool
        let loads: [Load]
    }

    /// Which places a composition uses.
    enum Layout: String, CustomStringConvertible {
        /// Every registration is the parent's, once per ID.
        case oneContainer
        /// Parent, child and overrides, with cached services only at the nearest place the
        /// composition uses, so that every service is made where its load's lookups are made.
        case nestedSameContext
        /// Parent, child and overrides, with any scope at any place: a cached service of a
        /// farther place is made in its own context, which does not see the nearer places.
        case nested

        var description: String { rawValue }
    }

    let seed: UInt64
    let layout: Layout
    let idCount: Int
    let entries: [Entry]
    let failsOnCaptive: Bool

    static func name(_ id: Int) -> String { "Differential\(id)" }
    static func nodeID(_ id: Int) -> InjectID<DifferentialNode> { InjectID(name(id)) }

    /// Draws the composition of `seed` for `layout`.
    init(seed: UInt64, layout: Layout) {
        self.seed = seed
        self.layout = layout
        let nested = layout != .oneContainer
        var rng = SplitMix64(seed: seed)
        idCount = 5 + rng.int(below: 11)
        var entries: [Entry] = []
        for id in 0..<idCount {
            // Some IDs are declared by dependents but registered nowhere.
            if rng.chance(6) { continue }
            var places = [
                nested ? rng.pick([Place.parent, .parent, .parent, .child, .child, .override]) : .parent
            ]
            if nested, rng.chance(25) {
                let second = rng.pick(Place.allCases)
                if second != places[0] { places.append(second) }
            }
            for place in places {
                var loads: [Load] = []
                for _ in 0..<rng.int(below: 4) {
                    // Mostly forward edges, so that most compositions have no cycle.
                    let forward = id + 1 < idCount && rng.chance(93)
                    let target = forward ? id + 1 + rng.int(below: idCount - id - 1) : rng.int(below: idCount)
                    loads.append(Load(target: target, isRequired: rng.chance(70)))
                }
                entries.append(
                    Entry(
                        id: id, place: place,
                        scope: rng.chance(10) ? .session : rng.pick([.transient, .singleton, .graph, .weak]),
                        isMistyped: rng.chance(5),
                        loads: loads))
            }
        }
        if layout == .nestedSameContext, let nearest = entries.map(\.place.rawValue).min() {
            entries = entries.map { entry in
                guard entry.place.rawValue != nearest, entry.scope != .transient, entry.scope != .graph else {
                    return entry
                }
                return Entry(
                    id: entry.id, place: entry.place, scope: rng.chance(50) ? .transient : .graph,
                    isMistyped: entry.isMistyped, loads: entry.loads)
            }
        }
        self.entries = entries
        failsOnCaptive = rng.chance(30)
    }

    /// Runs `body` with the child container of a fresh copy of the composition, inside its
    /// override scope when it has overrides.
    func withFreshCopy<Result>(_ body: (Container) -> Result) -> Result {
        let parent = Container()
        let child = Container(parent: parent)
        for container in [parent, child] {
            container.setDiagnosticsHandler { _ in }
            container.captiveDependencyPolicy = failsOnCaptive ? .fail : .report
        }
        for entry in entries where entry.place == .parent { Self.register(entry, in: parent) }
        for entry in entries where entry.place == .child { Self.register(entry, in: child) }
        let overrides = entries.filter { $0.place == .override }
        guard !overrides.isEmpty else { return body(child) }
        return child.withOverrides { scope in
            for entry in overrides { Self.register(entry, in: scope) }
        } operation: {
            body(child)
        }
    }

    private static func register(_ entry: Entry, in container: Container) {
        let declared = entry.loads.map { load -> Dependency in
            load.isRequired ? .require(nodeID(load.target)) : .load(nodeID(load.target))
        }
        let loads = entry.loads
        let name = name(entry.id)
        if entry.isMistyped {
            container.register(
                InjectID<DifferentialOther>(name), scope: entry.scope.scope, dependencies: declared
            ) { resolver in
                try runLoads(loads, resolver)
                return DifferentialOther()
            }
        } else {
            container.register(nodeID(entry.id), scope: entry.scope.scope, dependencies: declared) {
                resolver in
                try runLoads(loads, resolver)
                return DifferentialNode(name)
            }
        }
    }

    /// Loads exactly what the registration declares, in order: `require` for a required
    /// dependency, `load` for an optional one.
    private static func runLoads(_ loads: [Load], _ resolver: Resolver) throws {
        for load in loads {
            if load.isRequired {
                _ = try resolver.require(nodeID(load.target))
            } else {
                _ = resolver.load(nodeID(load.target))
            }
        }
    }

    /// The IDs a top-level load of the child can ask for as `DifferentialNode`: those whose
    /// nearest registration is well typed. A load of a missing or mistyped ID fails without
    /// any registration to blame.
    var loadableIDs: [Int] {
        (0..<idCount).filter { id in
            let nearest = entries.filter { $0.id == id }.min { $0.place.rawValue < $1.place.rawValue }
            return nearest.map { !$0.isMistyped } ?? false
        }
    }

    /// The IDs reachable from `id` through declared dependencies, by ID: every place's
    /// registration of an ID counts, which over-approximates what a load can reach.
    func reachable(from id: Int) -> Set<Int> {
        var seen: Set<Int> = [id]
        var stack = [id]
        while let next = stack.popLast() {
            for entry in entries where entry.id == next {
                for load in entry.loads where seen.insert(load.target).inserted {
                    stack.append(load.target)
                }
            }
        }
        return seen
    }

    var description: String {
        var lines = [
            "seed \(seed), \(layout): \(idCount) IDs, captive dependencies \(failsOnCaptive ? "fail" : "are reported")"
        ]
        for entry in entries {
            let loads = entry.loads.map { "\($0.isRequired ? "require" : "load") \($0.target)" }
            lines.append(
                "  \(entry.id) in \(entry.place), \(entry.scope)\(entry.isMistyped ? ", mistyped" : ""): "
                    + "[\(loads.joined(separator: ", "))]")
        }
        return lines.joined(separator: "\n")
    }
}

/// What checking one composition found.
struct DifferentialFinding: CustomStringConvertible {
    let composition: DifferentialComposition
    /// Where the report and the loads disagree; empty when they agree.
    let problems: [String]
    let report: VerificationReport
    /// How many top-level loads failed.
    let failingLoads: Int

    var description: String {
        "\(composition)\n" + problems.map { "  - \($0)" }.joined(separator: "\n") + "\nreport:\n\(report)"
    }
}

/// `verify()` against the loads themselves: on generated compositions, a clean report
/// promises that every load succeeds, and every load that fails reaches, through declared
/// dependencies, a registration the report flags.
@Suite("verify() agrees with what loads do, on generated compositions")
struct VerificationDifferentialTests {
    /// Checks one composition.
    static func check(_ composition: DifferentialComposition) -> DifferentialFinding {
        let (report, running) = composition.withFreshCopy { container in
            (container.verify(), container.verify(running: true))
        }
        let flagged = Set(
            report.registrations.filter { $0.problems.contains { $0.severity != .note } }.map(\.id))
        var problems: [String] = []
        var failingLoads = 0
        for id in composition.loadableIDs {
            let name = DifferentialComposition.name(id)
            let failure = composition.withFreshCopy { container -> ContainerError? in
                do throws(ContainerError) {
                    _ = try container.require(DifferentialComposition.nodeID(id))
                    return nil
                } catch {
                    return error
                }
            }
            guard let failure else { continue }
            failingLoads += 1
            if report.isClean {
                problems.append("the report is clean, but loading \(name) fails: \(failure)")
            }
            let reached = composition.reachable(from: id).map(DifferentialComposition.name)
            if flagged.isDisjoint(with: reached) {
                problems.append(
                    "loading \(name) fails (\(failure)), but the report flags nothing it reaches "
                        + "(\(reached.sorted().joined(separator: ", ")))")
            }
        }
        // The factories load exactly what they declare, so running them adds no error.
        let undeclared = running.problems.filter { $0.kind == .undeclaredLoad }
        if !undeclared.isEmpty {
            problems.append("the running check reports undeclared loads: \(undeclared)")
        }
        let staticErrors = Set(report.problems.filter { $0.severity != .note })
        let runningErrors = Set(running.problems.filter { $0.severity != .note })
        if staticErrors != runningErrors {
            problems.append(
                "the running check changes the errors and warnings: \(runningErrors.symmetricDifference(staticErrors))"
            )
        }
        return DifferentialFinding(
            composition: composition, problems: problems, report: report, failingLoads: failingLoads)
    }

    /// The seeds of one run: `DC_TEST_SEED` replays another run's, `DC_VERIFY_COMPOSITIONS`
    /// scales it.
    static var seeds: [UInt64] {
        let base = UInt64(environmentInteger("DC_TEST_SEED") ?? 0x0D1F_F00D)
        let count = environmentInteger("DC_VERIFY_COMPOSITIONS") ?? 400
        var mixer = SplitMix64(seed: base)
        return (0..<count).map { _ in mixer.next() }
    }

    /// Checks the compositions of every seed of the run, and records what disagrees.
    static func checkAll(_ layout: DifferentialComposition.Layout) {
        var findings: [DifferentialFinding] = []
        var withFailingLoads = 0
        var cleanReports = 0
        for seed in seeds {
            let finding = check(DifferentialComposition(seed: seed, layout: layout))
            if !finding.problems.isEmpty { findings.append(finding) }
            if finding.report.isClean { cleanReports += 1 }
            if finding.failingLoads > 0 { withFailingLoads += 1 }
        }
        // The generator must make both kinds, or the test checks nothing. In the nested layout
        // most compositions have a cached service of a farther place that needs what only a
        // nearer place registers: about 5.5% of reports are clean (3,000 compositions, seeds
        // 0x0D1F_F00D, 1, 2, 3), 3.5% of the default run's 400.
        let minimumClean = seeds.count / (layout == .nested ? 40 : 20)
        #expect(cleanReports >= minimumClean, "\(cleanReports) clean reports")
        #expect(withFailingLoads >= seeds.count / 20, "\(withFailingLoads) compositions with failing loads")
        if environmentInteger("DC_VERIFY_DUMP") == 1 {
            print(
                "STATS \(layout): \(cleanReports) clean, \(withFailingLoads) with failing loads, \(seeds.count)"
            )
            for finding in findings { print("FINDING \(finding)") }
        }
        if let first = findings.first {
            Issue.record(
                """
                \(findings.count) of \(seeds.count) compositions disagree with verify() (replay one with \
                DifferentialComposition(seed:layout: .\(layout))); seeds: \
                \(findings.prefix(20).map { String($0.composition.seed) }.joined(separator: ", "))
                first: \(first)
                """)
        }
    }

    @Test(
        "One container: a clean report means every load succeeds; a failing load reaches a flagged registration"
    )
    func oneContainer() {
        Self.checkAll(.oneContainer)
    }

    @Test(
        "Child and overrides, cached services at the nearest place: a clean report means every load succeeds; a failing load reaches a flagged registration"
    )
    func nestedSameContext() {
        Self.checkAll(.nestedSameContext)
    }

    @Test(
        "Child and overrides, any scope anywhere: a clean report means every load succeeds; a failing load reaches a flagged registration"
    )
    func nested() {
        Self.checkAll(.nested)
    }
}
