import DependencyContainer
import Foundation
import Testing

/// A service that says which registration made it and counts its disposals.
final class ContextService: Sendable {
    let origin: String
    private let disposals = Counter()

    init(_ origin: String) {
        self.origin = origin
    }

    func dispose() { disposals.increment() }
    var disposeCount: Int { disposals.count }
}

/// Waits until `condition` holds, for a dispose hook that runs once a reclaimer frees a box.
func eventually(_ condition: () -> Bool) async -> Bool {
    for _ in 0..<500 {
        if condition() { return true }
        try? await Task.sleep(nanoseconds: 2_000_000)
    }
    return condition()
}

@Suite("Contexts: precedence and answering registrations")
struct ContextPrecedenceTests {
    @Test("Named > preview > test > debug > default, whatever order they are activated in")
    func precedence() {
        let container = Container()
        let id = uniqueID(ContextService.self)
        container.register(id) { ContextService("default") }
        container.register(id, context: .debug) { ContextService("debug") }
        container.register(id, context: .test) { ContextService("test") }
        container.register(id, context: .preview) { ContextService("preview") }
        container.register(id, context: .named("mockServer")) { ContextService("mockServer") }

        let cases: [([RegistrationContext], String)] = [
            ([], "default"),
            ([.debug], "debug"),
            ([.debug, .test], "test"),
            ([.test, .preview, .debug], "preview"),
            ([.debug, .named("mockServer"), .preview, .test], "mockServer"),
            ([.named("other")], "default"),
        ]
        for (active, expected) in cases {
            container.setActiveContexts(active)
            #expect(container.load(id)?.origin == expected, "active: \(active)")
        }
        container.setActiveContexts([.named("b"), .test, .named("a")])
        #expect(container.activeContexts == [.named("b"), .named("a"), .test])
    }

    @Test("A context registration without a default answers only while its context is active")
    func contextOnly() {
        let parent = Container()
        let child = Container(parent: parent)
        let id = uniqueID(ContextService.self)
        parent.register(id) { ContextService("parent") }
        child.setActiveContexts([])
        child.register(id, context: .preview) { ContextService("child preview") }
        #expect(child.load(id)?.origin == "parent")
        child.setActiveContexts([.preview])
        #expect(child.load(id)?.origin == "child preview")
    }

    @Test("A registration replaces only the registration of its own context; unregister removes them all")
    func replacement() {
        let container = Container()
        container.setActiveContexts([.test])
        let log = EventLog()
        container.setDiagnosticsHandler(log.handler)
        let id = uniqueID(ContextService.self)
        #expect(container.register(id) { ContextService("default 1") }.isRegistered)
        container.register(id, context: .test) { ContextService("test 1") }
        container.register(id) { ContextService("default 2") }
        #expect(container.load(id)?.origin == "test 1")
        if case .replaced = container.register(id, context: .test, factory: { ContextService("test 2") }) {
        } else {
            Issue.record("the second test registration should replace the first")
        }
        #expect(container.load(id)?.origin == "test 2")
        container.setActiveContexts([])
        #expect(container.load(id)?.origin == "default 2")
        #expect(container.unregister(id))
        container.setActiveContexts([.test])
        #expect(container.load(id) == nil)
    }

    @Test("removeAll removes every context's registration, and a context switch brings none back")
    func removeAll() {
        let container = Container()
        container.setActiveContexts([])
        let id = uniqueID(ContextService.self)
        container.register(id) { ContextService("default") }
        container.register(id, context: .preview) { ContextService("preview") }
        container.removeAll()
        container.setActiveContexts([.preview])
        #expect(container.load(id) == nil)
        container.register(id) { ContextService("after") }
        #expect(container.load(id)?.origin == "after")
    }

    @Test(
        "removeAll and unregister take a point's contributions for other contexts: contributed to again, it has none of them",
        arguments: [true, false])
    func removedPointWithContextContributions(removingAll: Bool) {
        let container = Container()
        container.setActiveContexts([])
        let menu = ExtensionPoint<String>("ContextTestsMenu-\(UUID().uuidString)")
        container.contribute(to: menu, named: "share") { "Share" }
        container.contribute(to: menu, named: "inspector", context: .preview) { "Inspector" }
        if removingAll { container.removeAll() } else { #expect(container.unregister(id: menu.name)) }
        container.setActiveContexts([.preview])
        #expect(container.load(menu).isEmpty)
        #expect(container.contributions(to: menu).isEmpty)
        container.setActiveContexts([])
        container.contribute(to: menu, named: "share") { "Share again" }
        container.setActiveContexts([.preview])
        #expect(container.load(menu) == ["Share again"])
    }

    @Test("registrations lists the answering registration and says which context answers")
    func introspection() throws {
        let container = Container()
        container.setActiveContexts([.preview])
        let id = uniqueID(ContextService.self)
        container.register(id, scope: .singleton) { ContextService("default") }
        container.register(id, scope: .singleton, context: .preview) { ContextService("preview") }
        let info = try #require(container.registrations.first { $0.id == id.name })
        #expect(info.context == .preview)
        #expect(info.description.hasSuffix("(context: preview)"))
        #expect(container.registrations.filter { $0.id == id.name }.count == 1)
        container.setActiveContexts([])
        #expect(container.registrations.first { $0.id == id.name }?.context == nil)
    }

    @Test("A named context with an invalid name is rejected")
    func invalidName() {
        let container = Container()
        let id = uniqueID(ContextService.self)
        #expect(!container.register(id, context: .named(" ")) { ContextService("x") }.isRegistered)
        #expect(!container.contains(id))
    }

    @Test("Providers, main-actor and async registrations take contexts too")
    @MainActor
    func otherVerbs() async {
        let container = Container()
        container.setActiveContexts([.preview])
        container.register(PreviewServiceProvider.self)
        #expect(container.load(PreviewServiceProvider.id)?.origin == "provider preview")
        let main = uniqueID(ContextService.self)
        container.registerOnMainActor(main) { ContextService("main default") }
        container.registerOnMainActor(main, context: .preview) { ContextService("main preview") }
        #expect(container.load(main)?.origin == "main preview")
        let async = uniqueID(ContextService.self)
        container.registerAsync(async) { ContextService("async default") }
        container.registerAsync(async, context: .preview) { ContextService("async preview") }
        #expect(await container.loadAsync(async)?.origin == "async preview")
    }
}

enum PreviewServiceProvider: InjectProvider {
    static var id: InjectID<ContextService> { InjectID("PreviewServiceProviderID") }
    static var context: RegistrationContext? { .preview }
    static func make(with resolver: Resolver) -> ContextService { ContextService("provider preview") }
}

@Suite("Contexts: caches never cross contexts", .tags(.lifetime))
struct ContextCacheTests {
    @Test(
        "Switching contexts while a singleton is cached: the next load is the other context's, the old one disposed"
    )
    func switching() async throws {
        let container = Container()
        container.setActiveContexts([])
        let id = uniqueID(ContextService.self)
        container.register(id, scope: .singleton, onDispose: { $0.dispose() }) { ContextService("default") }
        container.register(id, scope: .singleton, context: .test, onDispose: { $0.dispose() }) {
            ContextService("test")
        }
        let live = try #require(container.load(id))
        #expect(live.origin == "default")
        #expect(container.load(id) === live)

        container.setActiveContexts([.test])
        let testing = try #require(container.load(id))
        #expect(testing.origin == "test")
        await container.waitForDisposals()
        #expect(await eventually { live.disposeCount == 1 })

        container.setActiveContexts([])
        let again = try #require(container.load(id))
        #expect(again.origin == "default")
        #expect(again !== live)
        #expect(await eventually { testing.disposeCount == 1 })
        #expect(live.disposeCount == 1)
    }

    @Test("The process's contexts switch every container that follows them")
    func processWide() async throws {
        let name = "process-\(UUID().uuidString)"
        let container = Container()
        let id = uniqueID(ContextService.self)
        container.register(id, scope: .singleton, onDispose: { $0.dispose() }) { ContextService("default") }
        container.register(id, scope: .singleton, context: .named(name), onDispose: { $0.dispose() }) {
            ContextService(name)
        }
        let before = RegistrationContext.active
        let first = try #require(container.load(id))
        #expect(first.origin == "default")
        // Adds a context no other test registers, so suites running in parallel see no change.
        RegistrationContext.activate(before + [.named(name)])
        defer { RegistrationContext.activate(before) }
        #expect(container.load(id)?.origin == name)
        #expect(await eventually { first.disposeCount == 1 })
        RegistrationContext.activate(before)
        #expect(container.load(id)?.origin == "default")
    }
}

@Suite("Contexts: detection")
struct ContextDetectionTests {
    @Test("This test run is detected as .test")
    func testRunDetected() {
        #expect(RegistrationContext.active.contains(.test))
        let linux = RegistrationContext.detect(
            environment: [:], arguments: ["/build/debug/AppPackageTests.xctest"], isDebugBuild: false)
        #expect(linux.contexts == [.test])
        let apple = RegistrationContext.detect(
            environment: ["XCTestConfigurationFilePath": "/tmp/x.xctestconfiguration"], arguments: ["/app"],
            isDebugBuild: false)
        #expect(apple.contexts == [.test])
        let app = RegistrationContext.detect(
            environment: [:], arguments: ["/usr/bin/app"], isDebugBuild: false)
        #expect(app.contexts.isEmpty && app.problems.isEmpty)
    }

    @Test(
        "The environment variable and the launch argument select named contexts; previews and debug builds are detected"
    )
    func namedContexts() {
        let detection = RegistrationContext.detect(
            environment: [
                "DEPENDENCY_CONTAINER_CONTEXT": "mockServer, slowNetwork", "XCODE_RUNNING_FOR_PREVIEWS": "1",
            ],
            arguments: ["/app", "-DependencyContainerContext", "onboarding"], isDebugBuild: true)
        #expect(
            detection.contexts == [
                .named("mockServer"), .named("slowNetwork"), .named("onboarding"), .preview, .debug,
            ])
        #expect(detection.problems.isEmpty)
    }

    @Test("An invalid name and a missing argument are reported, not ignored", .tags(.badInput))
    func invalidNames() {
        let detection = RegistrationContext.detect(
            environment: ["DEPENDENCY_CONTAINER_CONTEXT": "good,, ,\(String(repeating: "x", count: 2_000))"],
            arguments: ["/app", "-DependencyContainerContext"], isDebugBuild: false)
        #expect(detection.contexts == [.named("good")])
        #expect(detection.problems.count == 4)
        #expect(detection.problems.last?.reason.contains("has no value") == true)
    }

    @Test("An active named context no registration uses is reported to the diagnostics handler")
    func unusedContextReported() {
        let container = Container()
        let log = EventLog()
        container.setDiagnosticsHandler(log.handler)
        let id = uniqueID(ContextService.self)
        container.register(id, context: .named("mockServer")) { ContextService("mock") }
        container.setActiveContexts([.named("mockServer"), .named("mokServer")])
        let problems = container.reportUnknownContexts()
        #expect(problems.map(\.name) == ["mokServer"])
        #expect(log.descriptions.contains { $0.hasPrefix("unknown context: 'mokServer'") })
    }
}
