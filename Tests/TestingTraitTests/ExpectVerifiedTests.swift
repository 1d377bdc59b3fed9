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

    @Test("A complete composition records no issue; notes and unchecked registrations are fine")
    func clean() {
        let container = Container()
        container.register(
            .turntable, dependencies: [.require(.needle), .load(InjectID<Needle>("SpareNeedle"))]
        ) {
            Turntable()
        }
        container.register(.needle) { Needle() }
        let report = expectVerified(container)
        #expect(report.isClean)
        #expect(report.count(.note) == 1)
        #expect(report.unchecked.map(\.id) == ["NeedleInjectID"])
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
