import DependencyContainer
import Testing

// Services keyed by type, as a Swinject port keys them: protocols, their implementations, a
// subclass, a struct, and a composition.
protocol KeyedNotifier: Sendable {}
protocol KeyedLogger: Sendable {}
protocol KeyedStore: Sendable {}
final class KeyedNotifierImpl: KeyedNotifier {}
class KeyedBaseNotifier: KeyedNotifier, @unchecked Sendable {}
final class KeyedSubNotifier: KeyedBaseNotifier, @unchecked Sendable {}
struct KeyedValueNotifier: KeyedNotifier {}
struct KeyedNotifyingLogger: KeyedNotifier, KeyedLogger {}
struct KeyedPlainLogger: KeyedLogger {}
final class KeyedUnrelated: Sendable {}

@Suite("A registration keyed by its implementation type")
struct ImplementationTypeKeyTests {
    /// The findings of that kind, as `file:line: message`.
    private func findings(_ report: VerificationReport) -> [String] {
        report.problems.filter { $0.kind == .implementationTypeKey }.map {
            "\($0.location.map { "\($0)" } ?? "-"): \($0.message)"
        }
    }

    @Test(
        "A class registered under its own type is an error at its registration where a site asks for the protocol"
    )
    func classKey() throws {
        let container = Container()
        let line = #line + 1
        container.register(.type(KeyedNotifierImpl.self), dependencies: []) { KeyedNotifierImpl() }
        container.addLoadSites([
            LoadSite(
                .require(.type(KeyedNotifier.self)), file: "App/Screen.swift", line: 7,
                expression: "try container.require(.type(KeyedNotifier.self))")
        ])
        let report = container.verify()
        #expect(!report.isClean)
        #expect(
            findings(report) == [
                "\(#fileID):\(line): 'KeyedNotifierImpl' is registered under its implementation type; loads ask for 'any KeyedNotifier', which it conforms to: register it as .type(KeyedNotifier.self)"
            ])
        let registration = try #require(report.registrations.first { $0.id == "KeyedNotifierImpl" })
        #expect(registration.problems.map(\.severity) == [.error])
        // The load stays an error where it is made, and names the registration that conforms.
        let site = try #require(report.siteProblems.first)
        #expect(site.kind == .missingDependency)
        #expect(
            site.message.hasSuffix(
                "which nothing in its lookup order provides; 'KeyedNotifierImpl' conforms to it, registered under its implementation type"
            ))
    }

    @Test("A struct, a subclass and an unchecked registration are found from a declared dependency")
    func structSubclassAndUnchecked() {
        let container = Container()
        container.register(.type(KeyedValueNotifier.self), dependencies: []) { KeyedValueNotifier() }
        container.register(.type(KeyedSubNotifier.self)) { KeyedSubNotifier() }
        container.register(.type(KeyedUnrelated.self), dependencies: [.require(.type(KeyedNotifier.self))]) {
            KeyedUnrelated()
        }
        let report = container.verify()
        let flagged = report.registrations.filter {
            $0.problems.contains { $0.kind == .implementationTypeKey }
        }
        #expect(flagged.map(\.id) == ["KeyedSubNotifier", "KeyedValueNotifier"])
        // The subclass declares nothing: it is listed as unchecked, and with its finding.
        #expect(flagged.map(\.isChecked) == [false, true])
        #expect(report.unchecked.map(\.id) == ["KeyedSubNotifier"])
        #expect(report.count(.error) == 3)
    }

    @Test("A composition key is matched by a type that conforms to every part, and spelled with any")
    func composition() {
        let container = Container()
        let line = #line + 1
        container.register(.type(KeyedNotifyingLogger.self), dependencies: []) { KeyedNotifyingLogger() }
        container.register(.type(KeyedPlainLogger.self), dependencies: []) { KeyedPlainLogger() }
        container.addLoadSites([
            LoadSite(
                .load(.type((any KeyedNotifier & KeyedLogger).self)), file: "App/Log.swift", line: 3,
                expression: "container.load(.type((any KeyedNotifier & KeyedLogger).self))")
        ])
        let report = container.verify()
        #expect(
            findings(report) == [
                "\(#fileID):\(line): 'KeyedNotifyingLogger' is registered under its implementation type; loads ask for 'any KeyedLogger & KeyedNotifier', which it conforms to: register it as .type((any KeyedLogger & KeyedNotifier).self)"
            ])
        // The optional load is only a note; the registration's key is the error.
        #expect(report.siteProblems.map(\.severity) == [.note])
        #expect(!report.hasNoProblems)
    }

    @Test(
        "No finding for a type that does not conform, a protocol key registered, or a concrete key loaded as such"
    )
    func noFinding() {
        let unrelated = Container()
        unrelated.register(.type(KeyedPlainLogger.self), dependencies: []) { KeyedPlainLogger() }
        unrelated.register(.type(KeyedUnrelated.self), dependencies: [.require(.type(KeyedNotifier.self))]) {
            KeyedUnrelated()
        }
        #expect(findings(unrelated.verify()).isEmpty)
        #expect(unrelated.verify().problems.map(\.kind) == [.missingDependency])

        let registered = Container()
        registered.register(.type(KeyedNotifier.self), dependencies: []) { KeyedNotifierImpl() }
        registered.register(.type(KeyedNotifierImpl.self), dependencies: []) { KeyedNotifierImpl() }
        registered.register(.type(KeyedUnrelated.self), dependencies: [.require(.type(KeyedNotifier.self))]) {
            KeyedUnrelated()
        }
        #expect(registered.verify().isClean)

        // Something loads the implementation by its own key: keyed so on purpose.
        let loadedAsSuch = Container()
        loadedAsSuch.register(.type(KeyedNotifierImpl.self), dependencies: []) { KeyedNotifierImpl() }
        loadedAsSuch.register(
            .type(KeyedUnrelated.self),
            dependencies: [.require(.type(KeyedNotifier.self)), .require(.type(KeyedNotifierImpl.self))]
        ) {
            KeyedUnrelated()
        }
        let report = loadedAsSuch.verify()
        #expect(findings(report).isEmpty)
        #expect(report.problems.map(\.kind) == [.missingDependency])
    }

    @Test(
        "A string ID asking for the protocol is not a type key: a registration of the implementation's key is not blamed"
    )
    func stringIDIsNoTypeKey() {
        let container = Container()
        container.register(.type(KeyedNotifierImpl.self), dependencies: []) { KeyedNotifierImpl() }
        container.register(
            .type(KeyedUnrelated.self),
            dependencies: [.require(InjectID<any KeyedNotifier>("NotifierInjectID"))]
        ) {
            KeyedUnrelated()
        }
        #expect(findings(container.verify()).isEmpty)
    }
}
