// Issue 39 (defect C): the options every registration verb and provider protocol shares:
// `registerOnMainActor` and `registerAsync` take `verify:`, the main-actor and async provider
// protocols a `runningCheck`, and contributions a `context`. (An argument provider has no
// running check: the check never runs an argument factory, having no argument to give it.)
import DependencyContainer
import Foundation
import Testing

/// How many times each provider below was made.
private enum ProviderRuns {
    static let mainSkipped = Counter()
    static let mainChecked = Counter()
    static let asyncSkipped = Counter()
    static let asyncChecked = Counter()
}

/// A main-actor provider whose factory has side effects, so the running check leaves it alone.
private enum SkippedMainActorProvider: MainActorInjectProvider {
    static let id = InjectID<ContextService>("OptionsCoverageSkippedMainActor")
    static var dependencies: [Dependency]? { [] }
    static var runningCheck: RunningCheck { .skip }
    @MainActor
    static func make(with resolver: Resolver) -> ContextService {
        ProviderRuns.mainSkipped.increment()
        return ContextService("main skipped")
    }
}

/// A main-actor provider that takes the default running check.
private enum CheckedMainActorProvider: MainActorInjectProvider {
    static let id = InjectID<ContextService>("OptionsCoverageCheckedMainActor")
    static var dependencies: [Dependency]? { [] }
    @MainActor
    static func make(with resolver: Resolver) -> ContextService {
        ProviderRuns.mainChecked.increment()
        return ContextService("main checked")
    }
}

/// An async provider whose factory has side effects.
private enum SkippedAsyncProvider: AsyncInjectProvider {
    static let id = InjectID<ContextService>("OptionsCoverageSkippedAsync")
    static var dependencies: [Dependency]? { [] }
    static var runningCheck: RunningCheck { .skip }
    static func make(with resolver: Resolver) async -> ContextService {
        ProviderRuns.asyncSkipped.increment()
        return ContextService("async skipped")
    }
}

/// An async provider that takes the default running check.
private enum CheckedAsyncProvider: AsyncInjectProvider {
    static let id = InjectID<ContextService>("OptionsCoverageCheckedAsync")
    static var dependencies: [Dependency]? { [] }
    static func make(with resolver: Resolver) async -> ContextService {
        ProviderRuns.asyncChecked.increment()
        return ContextService("async checked")
    }
}

/// A contribution that answers only in previews.
private enum PreviewMenuEntry: InjectContribution {
    static let id = ExtensionPoint<String>("OptionsCoveragePreviewMenu")
    static var name: String { "inspector" }
    static var context: RegistrationContext? { .preview }
    static func make(with resolver: Resolver) -> String { "Inspector" }
}

/// A contribution that takes the default context.
private enum DefaultMenuEntry: InjectContribution {
    static let id = ExtensionPoint<String>("OptionsCoverageDefaultMenu")
    static func make(with resolver: Resolver) -> String { "Default" }
}

@Suite("Every registration verb and provider protocol takes the running check and the context")
struct OptionsCoverageTests {
    @Test(
        "A main-actor factory opted out of the running check is not run; its declaration is still checked"
    )
    func mainActorOptOut() async {
        let container = Container()
        let skipped = uniqueID(ContextService.self)
        let checked = uniqueID(ContextService.self)
        let made = Counter()
        container.registerOnMainActor(
            skipped, scope: .singleton, dependencies: [.require(.player)], verify: .skip
        ) { resolver in
            made.increment()
            return ContextService("skipped")
        }
        let control = Counter()
        container.registerOnMainActor(checked, dependencies: []) {
            control.increment()
            return ContextService("checked")
        }
        let report = await container.verifyRunningIncludingIsolated()
        #expect(made.count == 0, "the opted-out main-actor factory was run")
        #expect(control.count == 1, "a main-actor factory that does not opt out is run")
        #expect(report.problems.map(\.kind) == [.missingDependency], "\(report)")
        #expect(report.problems.first?.registrationID == skipped.name)
    }

    @Test("An async factory opted out of the running check is not run; its declaration is still checked")
    func asyncOptOut() async {
        let container = Container()
        let skipped = uniqueID(ContextService.self)
        let checked = uniqueID(ContextService.self)
        let made = Counter()
        container.registerAsync(skipped, scope: .singleton, dependencies: [], verify: .skip) { resolver in
            made.increment()
            _ = await resolver.loadAsync(.player)
            return ContextService("skipped")
        }
        let control = Counter()
        container.registerAsync(checked, dependencies: []) {
            control.increment()
            return ContextService("checked")
        }
        let report = await container.verifyRunningIncludingIsolated()
        #expect(made.count == 0, "the opted-out async factory was run")
        #expect(control.count == 1)
        #expect(report.isClean, "the undeclared load of the skipped factory is never seen: \(report)")
    }

    @Test("The verify option defaults to .run on main-actor and async registrations")
    func defaultsToRun() async {
        let container = Container()
        let main = uniqueID(ContextService.self)
        let async = uniqueID(ContextService.self)
        container.registerOnMainActor(main, dependencies: [], verify: .run) { resolver in
            _ = resolver.load(.player)
            return ContextService("main")
        }
        container.registerAsync(async, dependencies: [], verify: .run) { resolver in
            _ = await resolver.loadAsync(.player)
            return ContextService("async")
        }
        let report = await container.verifyRunningIncludingIsolated()
        #expect(
            Set(report.problems.filter { $0.kind == .undeclaredLoad }.map(\.registrationID))
                == [main.name, async.name])
    }

    @Test("Main-actor and async providers opt out with runningCheck; the default is .run")
    func providersOptOut() async {
        #expect(CheckedMainActorProvider.runningCheck == .run)
        #expect(CheckedAsyncProvider.runningCheck == .run)
        let container = Container()
        container.register(SkippedMainActorProvider.self)
        container.register(CheckedMainActorProvider.self)
        container.register(SkippedAsyncProvider.self)
        container.register(CheckedAsyncProvider.self)
        let before = (
            ProviderRuns.mainSkipped.count, ProviderRuns.mainChecked.count,
            ProviderRuns.asyncSkipped.count,
            ProviderRuns.asyncChecked.count
        )
        let report = await container.verifyRunningIncludingIsolated()
        #expect(report.isClean, "\(report)")
        #expect(ProviderRuns.mainSkipped.count == before.0, "the opted-out main-actor provider was run")
        #expect(ProviderRuns.mainChecked.count == before.1 + 1)
        #expect(ProviderRuns.asyncSkipped.count == before.2, "the opted-out async provider was run")
        #expect(ProviderRuns.asyncChecked.count == before.3 + 1)
    }

    @Test(
        "A contribution registered for .preview is in its extension point only while .preview is active")
    func contributionContext() {
        let container = Container()
        container.setActiveContexts([])
        let menu = ExtensionPoint<String>("OptionsCoverageMenu-\(UUID().uuidString)")
        container.contribute(to: menu, named: "share") { "Share" }
        container.contribute(to: menu, named: "inspector", context: .preview) { "Inspector" }
        #expect(container.load(menu) == ["Share"])
        #expect(container.contributions(to: menu) == ["share"])
        container.setActiveContexts([.preview])
        #expect(container.load(menu).sorted() == ["Inspector", "Share"])
        #expect(container.contributions(to: menu).sorted() == ["inspector", "share"])
        container.setActiveContexts([])
        #expect(container.load(menu) == ["Share"])
    }

    @Test("A context contribution answers in place of the default contribution of its name")
    func contributionReplacesDefault() {
        let container = Container()
        container.setActiveContexts([])
        let menu = ExtensionPoint<String>("OptionsCoverageMenu-\(UUID().uuidString)")
        container.contribute(to: menu, named: "share") { "Share" }
        container.contribute(to: menu, named: "share", context: .preview) { "Share (preview)" }
        #expect(container.load(menu) == ["Share"])
        container.setActiveContexts([.preview])
        #expect(container.load(menu) == ["Share (preview)"])
        container.setActiveContexts([])
        #expect(container.load(menu) == ["Share"])
    }

    @Test("A singleton contribution for .preview is disposed when .preview stops being active")
    func contributionContextDisposes() async {
        let container = Container()
        container.setActiveContexts([.preview])
        let menu = ExtensionPoint<ContextService>("OptionsCoverageMenu-\(UUID().uuidString)")
        container.contribute(
            to: menu, named: "inspector", scope: .singleton, context: .preview,
            onDispose: { $0.dispose() }
        ) { ContextService("inspector") }
        let loaded = container.load(menu)
        #expect(loaded.map(\.origin) == ["inspector"])
        container.setActiveContexts([])
        #expect(container.load(menu).isEmpty)
        await container.waitForDisposals()
        #expect(loaded.map(\.disposeCount) == [1])
    }

    @Test("InjectContribution takes a context; the default is nil")
    func contributionProviderContext() {
        #expect(DefaultMenuEntry.context == nil)
        let container = Container()
        container.setActiveContexts([])
        container.contribute(PreviewMenuEntry.self)
        #expect(container.load(PreviewMenuEntry.id).isEmpty)
        container.setActiveContexts([.preview])
        #expect(container.load(PreviewMenuEntry.id) == ["Inspector"])
    }

    @Test("verify() checks a context contribution only while its context is active")
    func verifyFollowsContributionContext() {
        let container = Container()
        container.setActiveContexts([])
        let menu = ExtensionPoint<String>("OptionsCoverageMenu-\(UUID().uuidString)")
        container.contribute(
            to: menu, named: "inspector", context: .preview, dependencies: [.require(.player)]
        ) {
            resolver in
            _ = try resolver.require(.player)
            return "Inspector"
        }
        #expect(container.verify().isClean)
        container.setActiveContexts([.preview])
        let report = container.verify()
        #expect(report.problems.map(\.kind) == [.missingDependency], "\(report)")
        #expect(report.registrations.first?.context == "preview")
    }
}
