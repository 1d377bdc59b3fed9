import DependencyContainer
import Testing

@Suite("No clean report over the unchecked")
struct UncheckedReportTests {
    @Test("An unchecked registration keeps a report from being clean, and its first line says so")
    func uncheckedRegistration() {
        let container = Container()
        container.register(.toast) { RecordingToast() }
        container.register(.player, dependencies: []) { StubPlayer() }
        let report = container.verify()
        #expect(!report.isClean)
        #expect(report.hasNoProblems)
        #expect(!report.isComplete)
        let first = report.description.split(separator: "\n").first.map(String.init)
        #expect(
            first
                == "verify: 1 of 2 registrations checked: 0 errors, 0 warnings, 0 notes; 1 registration unchecked"
        )
        #expect(first == report.summary)
    }

    @Test("An unchecked load site keeps a report from being clean, and its first line counts the sites")
    func uncheckedSite() {
        let container = Container()
        container.register(.toast, dependencies: []) { RecordingToast() }
        container.addLoadSites([
            LoadSite(
                .require(.toast), file: "App/Screen.swift", line: 4,
                expression: "try container.require(.toast)"),
            LoadSite.unchecked("container.load(id)", file: "App/Helpers.swift", line: 9),
        ])
        let report = container.verify()
        #expect(!report.isClean)
        #expect(report.hasNoProblems)
        #expect(
            report.description.split(separator: "\n").first
                == "verify: 1 of 1 registration and 1 of 2 load sites checked: 0 errors, 0 warnings, 0 notes; 1 load site unchecked"
        )
    }

    @Test("A composition with everything checked is clean; the first line has no unchecked part")
    func complete() {
        let container = Container()
        container.register(.toast, dependencies: []) { RecordingToast() }
        container.register(.player, dependencies: [.require(.toast), .load(.analytics)]) { StubPlayer() }
        let report = container.verify()
        #expect(report.isClean && report.isComplete && report.hasNoProblems)
        #expect(
            report.description.split(separator: "\n").first
                == "verify: 2 of 2 registrations checked: 0 errors, 0 warnings, 1 note")
    }

    @Test("A closure registration whose inferred list is empty counts as checked")
    func inferredEmptyList() {
        let container = Container()
        let line = #line + 1
        container.register(.toast) { RecordingToast() }
        #expect(!container.verify().isComplete)
        container.addInferredDependencies([], forRegistrationAt: "\(#fileID)", line: line)
        let report = container.verify()
        #expect(report.isClean)
        #expect(report.checkedCount == 1)
        #expect(report.unchecked.isEmpty)
    }

    @Test("An optional extension point that nothing contributes to gets [], and its note says so")
    func missingPointNote() throws {
        let container = Container()
        let menu = ExtensionPoint<String>("UncheckedReportMenu")
        container.register(.toast, dependencies: [.load(menu)]) { RecordingToast() }
        let note = try #require(container.verify().problems.first)
        #expect(note.kind == .missingOptionalDependency)
        #expect(note.message.hasSuffix(": it gets []"))
    }
}
