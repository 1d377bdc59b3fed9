import DependencyContainer
import Foundation
import Testing

/// A session-scoped cart, for captive dependencies.
final class VerifiedCart: Sendable {}

/// A main-actor view, for isolation problems.
@MainActor
final class VerifiedBanner {}

@Suite("Verifying the composition")
struct VerificationTests {
    @Test("A composition whose declared dependencies are all provided is clean")
    func cleanComposition() {
        let container = Container()
        let cart = uniqueID(VerifiedCart.self)
        container.register(.analytics, scope: .singleton, dependencies: []) { CountingAnalytics() }
        container.register(
            .toast, scope: .singleton, dependencies: [.require(.analytics), .lazy(.player, optional: true)]
        ) {
            RecordingToast()
        }
        container.register(.player, dependencies: [.require(.toast), .provider(cart)]) { StubPlayer() }
        container.register(cart, scope: .session, dependencies: [.lazy(.player)]) { VerifiedCart() }
        let report = container.verify()
        #expect(report.isClean)
        #expect(report.problems.isEmpty)
        #expect(report.checkedCount == 4)
        #expect(report.unchecked.isEmpty)
        #expect(
            report.summary == "verify: 4 of 4 registrations checked: 0 errors, 0 warnings, 0 notes")
    }

    @Test(
        "A required dependency nothing provides is an error at the registering line; an optional one a note")
    func missingDependencies() throws {
        let container = Container()
        let line = #line + 1
        container.register(.toast, dependencies: [.require(.analytics), .load(.player)]) { RecordingToast() }
        let report = container.verify()
        #expect(!report.isClean)
        let registration = try #require(report.registrations.first)
        #expect(registration.id == "ToastInjectID")
        #expect(registration.location == VerifiedRegistration.Location(file: #fileID, line: line))
        #expect(registration.problems.map(\.kind) == [.missingDependency, .missingOptionalDependency])
        #expect(registration.problems.map(\.severity) == [.error, .note])
        #expect(registration.problems.map(\.dependencyID) == ["AnalyticsInjectID", "PlayerInjectID"])
        let lines = report.description.split(separator: "\n").map(String.init)
        #expect(lines.first == report.summary)
        #expect(
            lines.dropFirst().first
                == "\(#fileID):\(line): error: 'ToastInjectID' requires 'AnalyticsInjectID' (any AnalyticsInject), which nothing in its lookup order provides [missing-dependency]"
        )
        #expect(report.summary.hasSuffix("1 error, 0 warnings, 1 note"))

        container.register(.analytics, dependencies: []) { CountingAnalytics() }
        let onlyNote = container.verify()
        #expect(onlyNote.isClean)
        #expect(onlyNote.problems.map(\.kind) == [.missingOptionalDependency])
    }

    @Test("A dependency registered with another service type than the one declared is a type mismatch")
    func typeMismatch() throws {
        let container = Container()
        let toastAsPlayer = InjectID<StubPlayer>("ToastInjectID")
        container.register(.toast) { RecordingToast() }
        container.register(.player, dependencies: [.require(toastAsPlayer)]) { StubPlayer() }
        let problem = try #require(container.verify().problems.first)
        #expect(problem.kind == .typeMismatch)
        #expect(problem.registrationID == "PlayerInjectID")
        #expect(
            problem.message
                == "'PlayerInjectID' asks for 'ToastInjectID' as StubPlayer, but it is registered as any ToastInject"
        )
    }

    @Test("A cycle of eager dependencies is reported once with its path; a lazy or provider handle breaks it")
    func cycles() throws {
        let container = Container()
        let a = InjectID<Counter>("VerifyCycleA")
        let b = InjectID<Counter>("VerifyCycleB")
        let c = InjectID<Counter>("VerifyCycleC")
        container.register(a, dependencies: [.require(b)]) { Counter() }
        container.register(b, dependencies: [.require(c)]) { Counter() }
        container.register(c, dependencies: [.load(a)]) { Counter() }
        let cycles = container.verify().problems.filter { $0.kind == .cycle }
        #expect(cycles.count == 1)
        let path = try #require(cycles.first?.path)
        #expect(path.count == 4)
        #expect(path.first == path.last)
        #expect(Set(path) == ["VerifyCycleA", "VerifyCycleB", "VerifyCycleC"])

        container.register(c, dependencies: [.lazy(a)]) { Counter() }
        #expect(container.verify().isClean)
        container.register(c, dependencies: [.provider(a)]) { Counter() }
        #expect(container.verify().isClean)
    }

    @Test("verify() checks the registration the active contexts choose, and names its context")
    func contexts() {
        let container = Container()
        container.setActiveContexts([])
        container.register(.analytics, scope: .singleton, dependencies: []) { CountingAnalytics() }
        container.register(.toast, context: .preview, dependencies: [.require(.player)]) { RecordingToast() }
        container.register(.toast, dependencies: [.require(.analytics)]) { RecordingToast() }
        // The default toast answers: its dependency is there.
        #expect(container.verify().isClean)
        container.setActiveContexts([.preview])
        let report = container.verify()
        let toast = report.registrations.first { $0.id == "ToastInjectID" }
        #expect(toast?.context == "preview")
        #expect(toast?.provider.hasSuffix("for context preview") == true)
        #expect(report.problems.map(\.dependencyID) == ["PlayerInjectID"])
    }

    @Test("A self-dependency is a cycle of one")
    func selfCycle() {
        let container = Container()
        let a = InjectID<Counter>("VerifySelf")
        container.register(a, dependencies: [.require(a)]) { Counter() }
        #expect(container.verify().problems.map(\.path) == [["VerifySelf", "VerifySelf"]])
    }

    @Test(
        "A singleton that loads a named-scope service eagerly or lazily keeps it captive; a provider handle does not"
    )
    func captiveDependencies() throws {
        let container = Container()
        let cart = uniqueID(VerifiedCart.self)
        container.register(cart, scope: .session, dependencies: []) { VerifiedCart() }
        container.register(.toast, scope: .singleton, dependencies: [.require(cart)]) { RecordingToast() }
        container.register(.player, scope: .weak, dependencies: [.lazy(cart)]) { StubPlayer() }
        container.register(.analytics, scope: .singleton, dependencies: [.provider(cart)]) {
            CountingAnalytics()
        }
        let report = container.verify()
        #expect(report.problems.map(\.kind) == [.captiveDependency, .captiveDependency])
        #expect(report.problems.map(\.registrationID) == ["PlayerInjectID", "ToastInjectID"])
        #expect(report.problems.allSatisfy { $0.severity == .warning })
        #expect(!report.isClean)

        container.captiveDependencyPolicy = .fail
        #expect(container.verify().problems.map(\.severity) == [.error, .error])

        // A transient holder, and one in the same named scope, keep nothing captive.
        container.register(.toast, dependencies: [.require(cart)]) { RecordingToast() }
        container.register(.player, scope: .session, dependencies: [.require(cart)]) { StubPlayer() }
        #expect(container.verify().isClean)
    }

    @Test("A singleton keeps what the transient services it loads eagerly load: captive through them")
    func captiveThroughTransients() throws {
        let container = Container()
        let cart = uniqueID(VerifiedCart.self)
        let middle = uniqueID(Counter.self)
        let lazyMiddle = uniqueID(Counter.self)
        container.register(cart, scope: .session, dependencies: []) { VerifiedCart() }
        container.register(middle, dependencies: [.require(lazyMiddle)]) { Counter() }
        container.register(lazyMiddle, scope: .graph, dependencies: [.lazy(cart)]) { Counter() }
        container.register(.toast, scope: .singleton, dependencies: [.require(middle)]) { RecordingToast() }
        let problem = try #require(container.verify().problems.first)
        #expect(container.verify().problems.count == 1)
        #expect(problem.kind == .captiveDependency)
        #expect(problem.registrationID == "ToastInjectID")
        #expect(problem.dependencyID == cart.name)
        #expect(problem.message.contains("through the uncached '\(middle.name)'"))

        // Through a provider handle, or held by a transient service, nothing is kept.
        container.register(lazyMiddle, scope: .graph, dependencies: [.provider(cart)]) { Counter() }
        #expect(container.verify().isClean)
        container.register(lazyMiddle, scope: .graph, dependencies: [.require(cart)]) { Counter() }
        container.register(.toast, dependencies: [.require(middle)]) { RecordingToast() }
        #expect(container.verify().isClean)
    }

    @Test("A nonisolated factory that loads a main-actor or async service eagerly is an isolation error")
    func isolation() {
        let container = Container()
        let banner = uniqueID(VerifiedBanner.self)
        let database = uniqueID(VerifiedCart.self)
        container.registerOnMainActor(banner, dependencies: [.require(database)]) { VerifiedBanner() }
        container.registerAsync(database, dependencies: []) { VerifiedCart() }
        container.register(.toast, dependencies: [.require(banner), .lazy(banner)]) { RecordingToast() }
        let problems = container.verify().problems
        #expect(problems.map(\.kind) == [.isolation, .isolation])
        #expect(problems.map(\.registrationID).sorted() == [banner.name, "ToastInjectID"].sorted())

        // An async factory may await both.
        let loader = uniqueID(Counter.self)
        container.removeAll()
        container.registerOnMainActor(banner, dependencies: []) { VerifiedBanner() }
        container.registerAsync(database, dependencies: []) { VerifiedCart() }
        container.registerAsync(loader, dependencies: [.require(banner), .require(database)]) { Counter() }
        #expect(container.verify().isClean)
    }

    @Test(
        "Registrations that declare nothing are listed as unchecked, not as problems, and the report is not clean; an empty list is checked"
    )
    func unchecked() throws {
        let container = Container()
        container.register(.toast) { RecordingToast() }
        container.register(.player, dependencies: []) { StubPlayer() }
        let report = container.verify()
        #expect(report.hasNoProblems && !report.isClean)
        #expect(report.unchecked.map(\.id) == ["ToastInjectID"])
        #expect(report.unchecked.first?.isChecked == false)
        #expect(report.checkedCount == 1)
        #expect(
            report.summary
                == "verify: 1 of 2 registrations checked: 0 errors, 0 warnings, 0 notes; 1 registration unchecked"
        )
        #expect(report.description.contains("note: 'ToastInjectID' from closure at "))
    }

    @Test("Providers declare their dependencies; a dependencies argument to register(_:) replaces them")
    func providers() throws {
        let container = Container()
        let line = #line + 1
        container.register(VerifiedToastProvider.self)
        let problem = try #require(container.verify().problems.first)
        #expect(problem.kind == .missingDependency)
        // A provider's registration is where its verb was called (or what generated code passes).
        #expect(problem.location == VerifiedRegistration.Location(file: #fileID, line: line))
        #expect(container.verify().registrations.first?.provider.hasSuffix("VerifiedToastProvider") == true)
        container.register(VerifiedToastProvider.self, dependencies: [])
        #expect(container.verify().isClean)
        container.register(VerifiedUndeclaredProvider.self)
        #expect(container.verify().unchecked.map(\.id) == ["PlayerInjectID"])
    }

    @Test(
        "Contributions are checked; a point nothing contributes to is a note for load(point), an error for require(point)"
    )
    func contributions() throws {
        let container = Container()
        let menu = ExtensionPoint<String>("VerifyMenu")
        let optionalMenu = ExtensionPoint<String>("VerifyOptionalMenu", optional: true)
        container.register(.toast, dependencies: [.load(menu), .require(optionalMenu)]) { RecordingToast() }
        let problems = container.verify().problems
        // The call decides, not the point's `optional:` flag (Dependency.pointLoadIsOptional).
        #expect(problems.map(\.kind) == [.missingDependency, .missingOptionalDependency])
        #expect(problems.map(\.dependencyID) == ["VerifyOptionalMenu", "VerifyMenu"])

        container.contribute(to: menu, named: "share", dependencies: [.require(.player)]) { "Share" }
        let problem = try #require(container.verify().problems.first { $0.registrationID != "ToastInjectID" })
        #expect(problem.registrationID == "VerifyMenu[share]")
        #expect(problem.severity == .error)
        #expect(problem.dependencyID == "PlayerInjectID")

        // Loading the point runs its contributions: a contribution that loads the loader is a cycle.
        container.register(.player, dependencies: [.require(.toast)]) { StubPlayer() }
        let cycle = try #require(container.verify().problems.first { $0.kind == .cycle })
        #expect(Set(cycle.path) == ["ToastInjectID", "VerifyMenu[share]", "PlayerInjectID"])
    }

    @Test("A child container is checked in its lookup order: its own registrations, then its parent's")
    func childContainer() {
        let parent = Container()
        parent.register(.toast, dependencies: [.require(.analytics)]) { RecordingToast() }
        let child = Container(parent: parent)
        child.register(.analytics, dependencies: []) { CountingAnalytics() }
        #expect(!parent.verify().isClean)
        #expect(child.verify().isClean)
        #expect(child.verify().checkedCount == 2)

        // The child's registration shadows the parent's.
        parent.register(.player, dependencies: [.require(.player)]) { StubPlayer() }
        #expect(child.verify().problems.map(\.kind) == [.cycle])
        child.register(.player, dependencies: []) { StubPlayer() }
        #expect(child.verify().isClean)
    }

    @Test("A parent's cached service is made in the parent: a dependency only its child provides is missing")
    func cachedInParent() throws {
        let parent = Container()
        parent.register(.toast, scope: .singleton, dependencies: [.require(.analytics)]) { RecordingToast() }
        parent.register(.player, dependencies: [.require(.analytics)]) { StubPlayer() }
        let child = Container(parent: parent)
        child.register(.analytics, dependencies: []) { CountingAnalytics() }
        // The transient player is made in the child's context, where analytics is registered.
        let problem = try #require(child.verify().problems.first)
        #expect(child.verify().problems.count == 1)
        #expect(problem.registrationID == "ToastInjectID")
        #expect(problem.kind == .missingDependency)
        #expect(problem.message.contains("nothing in its own context provides"))

        // The parent's own registration is the one the singleton's factory gets.
        parent.register(.analytics, dependencies: []) { CountingAnalytics() }
        #expect(child.verify().isClean)
        let wrongType = InjectID<StubPlayer>("AnalyticsInjectID")
        parent.register(wrongType, dependencies: []) { StubPlayer() }
        #expect(child.verify().problems.map(\.kind) == [.typeMismatch])
    }

    @Test("A container's cached service does not see the task's overrides; an override's does")
    func cachedServicesAndOverrides() {
        let container = Container()
        container.register(.toast, scope: .singleton, dependencies: [.require(.analytics)]) {
            RecordingToast()
        }
        let report = container.withOverrides { overrides in
            overrides.register(.analytics, dependencies: []) { CountingAnalytics() }
            overrides.register(.player, scope: .singleton, dependencies: [.require(.analytics)]) {
                StubPlayer()
            }
        } operation: {
            container.verify()
        }
        #expect(report.problems.map(\.registrationID) == ["ToastInjectID"])
    }

    @Test("Inside withOverrides, verify() checks with the task's overrides in the lookup order")
    func overrides() {
        let container = Container()
        container.register(.toast, dependencies: [.require(.analytics)]) { RecordingToast() }
        let inside = container.withOverrides { overrides in
            overrides.register(.analytics, dependencies: []) { CountingAnalytics() }
        } operation: {
            container.verify()
        }
        #expect(inside.isClean)
        #expect(!container.verify().isClean)
    }

    @Test("Declarations survive a reset of their scope, which replaces the registration")
    func keptThroughReset() {
        let container = Container()
        let cart = uniqueID(VerifiedCart.self)
        container.register(cart, scope: .session, dependencies: [.require(.toast)]) { VerifiedCart() }
        _ = container.load(cart)
        container.reset(scope: .session)
        #expect(container.verify().problems.map(\.kind) == [.missingDependency])
    }

    @Test("verify() runs no factory")
    func runsNoFactory() {
        let container = Container()
        let counter = Counter()
        container.register(.toast, scope: .singleton, dependencies: [.require(.player)]) {
            counter.increment()
            return RecordingToast()
        }
        container.register(.player, dependencies: []) {
            counter.increment()
            return StubPlayer()
        }
        #expect(container.verify().isClean)
        #expect(counter.count == 0)
    }

    @Test("A report round-trips through JSON")
    func jsonRoundTrip() throws {
        let container = Container()
        container.register(.toast, scope: .singleton, dependencies: [.require(.analytics), .load(.player)]) {
            RecordingToast()
        }
        container.register(.analytics, dependencies: [.require(.toast)]) { CountingAnalytics() }
        container.register(VerifiedUndeclaredProvider.self)
        let report = container.verify()
        #expect(!report.problems.isEmpty)
        #expect(!report.unchecked.isEmpty)
        let data = try JSONEncoder().encode(report)
        let decoded = try JSONDecoder().decode(VerificationReport.self, from: data)
        #expect(decoded == report)
        #expect(decoded.description == report.description)
        let declared = [Dependency.lazy(.toast, optional: true)]
        #expect(try JSONDecoder().decode([Dependency].self, from: JSONEncoder().encode(declared)) == declared)
    }

    @Test("A dependency describes its kind and optionality")
    func dependencyDescription() {
        #expect(Dependency.require(.toast).description == "ToastInjectID")
        #expect(Dependency.load(.toast).description == "ToastInjectID?")
        #expect(Dependency.provider(.toast).description == "ToastInjectID (provider)")
        #expect(Dependency.lazy(.toast).isDeferred)
        #expect(Dependency.require(.toast).serviceType == "any ToastInject")
    }
}

/// A provider that declares what it loads.
enum VerifiedToastProvider: InjectProvider {
    static var id: InjectID<any ToastInject> { .toast }
    static var dependencies: [Dependency]? { [.require(.analytics)] }
    static func make(with resolver: Resolver) throws -> any ToastInject {
        _ = try resolver.require(.analytics)
        return RecordingToast()
    }
}

/// A provider that declares nothing.
enum VerifiedUndeclaredProvider: InjectProvider {
    static var id: InjectID<any PlayerInject> { .player }
    static func make(with resolver: Resolver) -> any PlayerInject {
        StubPlayer()
    }
}
