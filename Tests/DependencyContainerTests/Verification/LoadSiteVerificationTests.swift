import DependencyContainer
import Foundation
import Testing

/// A contribution type whose factory requires the player, for a contribution's location.
private enum SiteMenuEntry: InjectContribution {
    static var id: ExtensionPoint<String> { ExtensionPoint("SiteMenu") }
    static var name: String { "share" }
    static var dependencies: [Dependency]? { [.require(.player)] }
    static func make(with resolver: Resolver) -> String { "Share" }
}

/// An argument factory's ID, for argument load sites.
private let streamID = ArgumentInjectID<Int, StubPlayer>("SiteStreamInjectID")

/// A menu point, for extension-point load sites.
private let siteMenu = ExtensionPoint<String>("SiteMenu")

@Suite("Verifying the composition: load sites")
struct LoadSiteVerificationTests {
    private static let file = "App/ContentView.swift"

    /// One site of each kind, at lines 1, 2, ….
    private static var sitesOfEveryKind: [LoadSite] {
        let dependencies: [(Dependency, String)] = [
            (.require(.toast), "try container.require(.toast)"),
            (.load(.player), "@Injected(.player)"),
            (.lazy(.analytics), "container.lazy(.analytics)"),
            (.provider(.toast), "container.provider(.toast)"),
            (.load(siteMenu), "container.load(.siteMenu)"),
            (.require(streamID), "try container.require(.stream, argument: 1)"),
            (.load(for: "PlayerInjectID"), "container.load(for: playerInjectID)"),
        ]
        return dependencies.enumerated().map { offset, entry in
            LoadSite(entry.0, file: file, line: offset + 1, expression: entry.1)
        } + [LoadSite.unchecked("container.load(id)", file: file, line: 99)]
    }

    @Test("Nothing is reported for sites of every kind whose IDs are provided; unchecked sites are listed")
    func cleanSites() {
        let container = Container()
        container.register(.toast, dependencies: []) { RecordingToast() }
        container.register(.player, dependencies: []) { StubPlayer() }
        container.register(.analytics, dependencies: []) { CountingAnalytics() }
        container.contribute(SiteMenuEntry.self)
        container.register(streamID, dependencies: []) { _, number in StubPlayer(title: "\(number)") }
        container.addLoadSites(Self.sitesOfEveryKind)
        let report = container.verify()
        // The unchecked site: no problem, but not clean.
        #expect(report.hasNoProblems && !report.isClean, "\(report)")
        #expect(report.problems.isEmpty, "\(report)")
        #expect(report.checkedSiteCount == 7)
        #expect(report.uncheckedSites.map(\.line) == [99])
        #expect(
            report.description.contains(
                "App/ContentView.swift:99: note: `container.load(id)` loads an ID built at run time, so it is unchecked [unchecked-site]"
            ))
        #expect(report.summary.contains("and 7 of 8 load sites checked"))
        #expect(report.summary.hasSuffix("; 1 load site unchecked"))
    }

    @Test(
        "A missing ID is an error at a required site and a note at an optional one, at the site's file:line")
    func missingSites() throws {
        let container = Container()
        container.addLoadSites(Self.sitesOfEveryKind)
        let report = container.verify()
        let byLine = Dictionary(
            uniqueKeysWithValues: report.siteProblems.map { ($0.location?.line ?? 0, $0) })
        let expected: [Int: (VerificationProblem.Severity, VerificationProblem.Kind)] = [
            1: (.error, .missingDependency),  // require
            2: (.note, .missingOptionalDependency),  // load, @Injected
            3: (.error, .missingDependency),  // lazy handle
            4: (.error, .missingDependency),  // provider handle
            5: (.note, .missingOptionalDependency),  // load(point)
            6: (.error, .missingDependency),  // argument require
            7: (.note, .missingOptionalDependency),  // original load(for:)
        ]
        #expect(byLine.count == expected.count, "\(report)")
        for (line, (severity, kind)) in expected {
            let problem = try #require(byLine[line], "line \(line)")
            #expect(problem.severity == severity, "line \(line)")
            #expect(problem.kind == kind, "line \(line)")
            #expect(problem.location == VerifiedRegistration.Location(file: Self.file, line: line))
            #expect(problem.site == Self.sitesOfEveryKind[line - 1])
            #expect(problem.registrationID == Self.sitesOfEveryKind[line - 1].expression)
        }
        #expect(!report.isClean)
        #expect(report.count(.error) == 4)
        #expect(
            report.description.contains(
                "App/ContentView.swift:1: error: `try container.require(.toast)` requires"))
    }

    @Test("A required load of an extension point nothing contributes to is an error; a load only a note")
    func requiredPoint() throws {
        let container = Container()
        container.addLoadSites([
            LoadSite(
                .require(siteMenu), file: Self.file, line: 5, expression: "try container.require(.siteMenu)")
        ])
        let problem = try #require(container.verify().siteProblems.first)
        #expect(problem.severity == .error)
        #expect(problem.kind == .missingDependency)
    }

    @Test("A mistyped site is a type mismatch at its line; the original API takes any registered type")
    func mistypedSites() throws {
        let container = Container()
        container.register(.toast, dependencies: []) { RecordingToast() }
        container.register(streamID, dependencies: []) { _, number in StubPlayer(title: "\(number)") }
        let asPlayer = InjectID<any PlayerInject>("ToastInjectID")
        let asStringStream = ArgumentInjectID<String, StubPlayer>("SiteStreamInjectID")
        container.addLoadSites([
            LoadSite(.load(asPlayer), file: Self.file, line: 3, expression: "@Injected(.toastAsPlayer)"),
            LoadSite(
                .load(asStringStream), file: Self.file, line: 4,
                expression: "container.load(.stream, argument: \"\")"),
            LoadSite(
                .load(for: "ToastInjectID"), file: Self.file, line: 5, expression: "load(for: toastInjectID)"),
        ])
        let problems = container.verify().siteProblems
        #expect(problems.map(\.kind) == [.typeMismatch, .typeMismatch])
        #expect(problems.map(\.severity) == [.error, .error])
        #expect(problems.compactMap(\.location?.line) == [3, 4])
        #expect(problems[0].message.contains("registered as any ToastInject"))
    }

    @Test("A near miss is named, for a site and a declared dependency alike")
    func nearMisses() throws {
        let container = Container()
        container.register(.toast, dependencies: []) { RecordingToast() }
        let typo = InjectID<any ToastInject>("ToastInjectId")
        container.addLoadSites([
            LoadSite(.require(typo), file: Self.file, line: 8, expression: "@Injected(.typo)")
        ])
        container.register(.player, dependencies: [.require(typo)]) { StubPlayer() }
        let report = container.verify()
        #expect(report.problems.count == 2)
        for problem in report.problems {
            #expect(problem.message.contains("did you mean 'ToastInjectID'?"), "\(problem)")
        }
    }

    @Test("Sites added twice are recorded once; sites of several threads all land")
    func deduplicated() {
        let container = Container()
        container.addLoadSites(Self.sitesOfEveryKind)
        container.addLoadSites(Self.sitesOfEveryKind)
        #expect(container.verify().checkedSiteCount == 7)
        #expect(container.verify().uncheckedSites.count == 1)
    }

    @Test("A site is checked as a load from the container it was added to")
    func childContainers() {
        let parent = Container()
        let child = Container(parent: parent)
        child.register(.toast, dependencies: []) { RecordingToast() }
        // The child's site sees the child's registration.
        child.addLoadSites([LoadSite(.require(.toast), file: Self.file, line: 1, expression: "child")])
        #expect(child.verify().isClean, "\(child.verify())")
        // The parent's site does not, even when the child is verified.
        parent.addLoadSites([LoadSite(.require(.toast), file: Self.file, line: 2, expression: "parent")])
        let report = child.verify()
        #expect(report.siteProblems.map(\.registrationID) == ["parent"], "\(report)")
        #expect(report.checkedSiteCount == 2)
        parent.register(.toast, dependencies: []) { RecordingToast() }
        #expect(child.verify().isClean)
    }

    @Test("Provider and contribution registrations record their verb's file and line, or the ones passed")
    func providerLocations() throws {
        let container = Container()
        container.contribute(SiteMenuEntry.self, file: "Feature/SiteMenuEntry.swift", line: 6)
        let problem = try #require(container.verify().problems.first)
        #expect(problem.registrationID == "SiteMenu[share]")
        #expect(
            problem.location == VerifiedRegistration.Location(file: "Feature/SiteMenuEntry.swift", line: 6))
        #expect(problem.description.hasPrefix("Feature/SiteMenuEntry.swift:6: error:"))

        // An original-API item type too; `regist(injectType:)`, the protocol's, has no place.
        let items = Container()
        let line = #line + 1
        items.register(injectType: SeedToastItem.self)
        #expect(
            items.verify().unchecked.first?.location
                == VerifiedRegistration.Location(file: #fileID, line: line))
        items.regist(injectType: SeedToastItem.self)
        #expect(items.verify().unchecked.first?.location == nil)
    }

    @Test("Inferred dependencies apply to a registration at their place that declares none")
    func inferredDependencies() throws {
        let container = Container()
        let line = #line + 1
        container.register(.toast) { RecordingToast() }
        #expect(container.verify().unchecked.map(\.id) == ["ToastInjectID"])
        container.addInferredDependencies([.require(.player)], forRegistrationAt: #fileID, line: line)
        let report = container.verify()
        #expect(report.unchecked.isEmpty)
        #expect(report.checkedCount == 1)
        let problem = try #require(report.problems.first)
        #expect(problem.dependencyID == "PlayerInjectID")
        #expect(problem.location == VerifiedRegistration.Location(file: #fileID, line: line))

        // A registration that declares its own keeps them.
        let declaredLine = #line + 1
        container.register(.analytics, dependencies: []) { CountingAnalytics() }
        container.addInferredDependencies([.require(.player)], forRegistrationAt: #fileID, line: declaredLine)
        #expect(container.verify().problems.map(\.registrationID) == ["ToastInjectID"])

        // A provider registered with its declaration's place, as generated code does.
        let providers = Container()
        providers.register(VerifiedUndeclaredProvider.self, file: "Feature/PlayerProvider.swift", line: 3)
        providers.addInferredDependencies(
            [.require(.toast)], forRegistrationAt: "Feature/PlayerProvider.swift", line: 3)
        let inferred = try #require(providers.verify().problems.first)
        #expect(inferred.dependencyID == "ToastInjectID")
        #expect(
            inferred.location == VerifiedRegistration.Location(file: "Feature/PlayerProvider.swift", line: 3))
    }

    @Test("A report with sites round-trips as JSON; one encoded before sites existed has none")
    func codable() throws {
        let container = Container()
        container.addLoadSites(Self.sitesOfEveryKind)
        let report = container.verify()
        let decoded = try JSONDecoder().decode(VerificationReport.self, from: JSONEncoder().encode(report))
        #expect(decoded == report)
        let older = #"{"registrations":[],"unchecked":[],"checkedCount":0}"#
        let old = try JSONDecoder().decode(VerificationReport.self, from: Data(older.utf8))
        #expect(old.siteProblems.isEmpty && old.uncheckedSites.isEmpty && old.checkedSiteCount == 0)
        #expect(
            old.summary == "verify: 0 of 0 registrations checked: 0 errors, 0 warnings, 0 notes")
    }
}
