import DependencyContainer
import DependencyContainerTesting
import Testing

final class Turntable: Sendable {}
final class Needle: Sendable {}

extension InjectID where Service == Turntable {
    static var turntable: Self { InjectID("TurntableInjectID") }
}

extension InjectID where Service == Needle {
    static var needle: Self { InjectID("NeedleInjectID") }
}

/// An app's composition root, as its generated or hand-written entry registers it.
enum AppComposition {
    static func register(into container: Container) {
        container.register(.turntable, dependencies: [.require(.needle)]) { Turntable() }
        container.register(.needle, dependencies: []) { Needle() }
    }
}

@Suite("expectVerified")
struct ExpectVerifiedTests {
    @Test func compositionRootIsComplete() {
        let container = Container()
        AppComposition.register(into: container)
        expectVerified(container)
    }

    @Test func checkedPartsAreComplete() {
        let container = Container()
        AppComposition.register(into: container)
        expectVerified(container, allowingUnchecked: true)
    }

    @Test("A complete composition records no issue; notes are fine")
    func clean() {
        let container = Container()
        container.register(
            .turntable, dependencies: [.require(.needle), .load(InjectID<Needle>("SpareNeedle"))]
        ) {
            Turntable()
        }
        container.register(.needle, dependencies: []) { Needle() }
        let report = expectVerified(container)
        #expect(report.isClean)
        #expect(report.count(.note) == 1)
    }

    @Test("Unchecked registrations and sites are one issue that lists them, unless the test allows them")
    func unchecked() {
        let container = Container()
        let line = #line + 1
        container.register(.turntable, dependencies: [.require(.needle)]) { Turntable() }
        container.register(.needle) { Needle() }
        container.addLoadSites([LoadSite.unchecked("container.load(id)", file: "App/Deck.swift", line: 3)])
        withKnownIssue {
            expectVerified(container)
        } matching: { issue in
            let lines = (issue.comments.first?.rawValue ?? "").split(separator: "\n")
            return lines.count == 3
                && lines[0]
                    == "verify: 1 of 2 registrations and 0 of 1 load site checked: 0 errors, 0 warnings, 0 notes; 1 registration and 1 load site unchecked: declare their dependencies, or pass allowingUnchecked: true"
                && lines[1].hasPrefix("\(#fileID):\(line + 1): note: 'NeedleInjectID' ")
                && lines[2].hasSuffix("[unchecked-site]")
        }
        let report = expectVerified(container, allowingUnchecked: true)
        #expect(report.hasNoProblems && !report.isClean)
    }

    @Test("Each error is recorded as an issue whose comment names the registering line")
    func recordsProblems() {
        let container = Container()
        let line = #line + 1
        container.register(.turntable, dependencies: [.require(.needle)]) { Turntable() }
        withKnownIssue {
            expectVerified(container)
        } matching: { issue in
            let comment = issue.comments.first?.rawValue ?? ""
            return comment.hasPrefix("\(#fileID):\(line): error: ")
                && comment.hasSuffix("[missing-dependency]")
        }
    }
}
