import DependencyContainer
import Testing

// The examples of the contexts API's doc comments and the Contexts article, compiled and run.

final class FixedCatalog: Sendable {
    let titles = ["Fixture A", "Fixture B"]
}

extension InjectID where Service == FixedCatalog {
    static var catalog: Self { InjectID("CatalogInjectID") }
}

@Suite("Context examples")
struct ContextExamplesTests {
    @Test("A preview registration answers in a preview")
    func previewAnalytics() {
        let container = Container()
        container.setActiveContexts([])
        container.register(.analytics, scope: .singleton) { ConsoleAnalytics() }
        container.register(.analytics, scope: .singleton, context: .preview) { NullAnalytics() }
        container.register(.analytics, scope: .singleton) { ConsoleAnalytics() }
        container.register(.analytics, scope: .singleton, context: .preview) { SilentAnalytics() }
        #expect(container.load(.analytics) is ConsoleAnalytics)
        container.setActiveContexts([.preview])
        #expect(container.load(.analytics) is SilentAnalytics)
        // DEPENDENCY_CONTAINER_CONTEXT=mockServer selects .named("mockServer") registrations
        container.register(.catalog, context: .named("mockServer")) { FixedCatalog() }
        #expect(container.load(.catalog) == nil)
    }

    @Test("Detection, activation and reports")
    func detection() {
        let detection = RegistrationContext.detect(
            environment: ["DEPENDENCY_CONTAINER_CONTEXT": "mockServer"], arguments: [], isDebugBuild: false)
        // detection.contexts == [.named("mockServer")]
        #expect(detection.contexts == [.named("mockServer")])
        if RegistrationContext.active.contains(.test) { print("running tests") }
        let container = Container()
        container.setActiveContexts([.preview])
        let problems = container.reportUnknownContexts()
        #expect(problems.allSatisfy { $0.name != "preview" })
    }

    @Test("withIsolatedInstances makes fresh singletons with the test's mocks")
    func isolated() async {
        let container = Container()
        container.register(.toast, scope: .singleton) { ConsoleToast() }
        container.register(.player) { resolver in Player(toast: resolver.load(.toast)) }
        container.withIsolatedInstances { overrides in
            overrides.register(.toast, scope: .singleton) { RecordingToast() }
        } operation: {
            container.load(.player)?.play("Intro")
        }
        await container.withIsolatedInstances {
            await announce("Intro", in: container)
        }
    }

    /// Not run: it changes the process's contexts, which other tests running in parallel see.
    func activationExamples() {
        RegistrationContext.activate([.named("mockServer")])
        RegistrationContext.activateDetected(isDebugBuild: _isDebugAssertConfiguration())
    }
}

final class SilentAnalytics: AnalyticsInject {
    func track(_ event: String) {}
}
