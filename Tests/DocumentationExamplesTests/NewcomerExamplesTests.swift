import DependencyContainer
import Testing

// The README's answers to a newcomer's questions, compiled and run. `.ci/check-doc-snippets.swift`
// checks that each README block appears here (or in another compiled file) line by line.

/// The container a preview's `@Injected` properties read instead of `Container.shared`.
let previewContainer = Container()

final class PreviewScreen {
    @Injected(.toast, container: previewContainer) var toast: (any ToastInject)?
}

/// Nonisolated on purpose: registering a main-actor factory needs neither the main actor nor `await`.
func registerBanner(in container: Container) {
    container.registerOnMainActor(.banner, scope: .singleton) { BannerView(log: nil) }
}

@Suite("Newcomer examples")
struct NewcomerExamplesTests {
    @Test("@Injected reads the container it is given")
    func injectedFromAContainer() {
        previewContainer.register(.toast) { BannerToast() }
        #expect(PreviewScreen().toast is BannerToast)
    }

    @Test("registerOnMainActor may be called off the main actor")
    func registerOffTheMainActor() async {
        let container = Container()
        await Task.detached { registerBanner(in: container) }.value
        #expect(container.contains(.banner))
        #expect(await container.loadAsync(.banner) != nil)
    }

    @Test("A child container without a handler reports to its nearest ancestor's")
    func childReportsToItsParent() {
        let container = Container()
        let events = LockedValue<[DiagnosticEvent]>([])
        container.setDiagnosticsHandler { event in events.withLock { $0.append(event) } }
        let screen = Container(parent: container)
        #expect(screen.load(.player) == nil)
        #expect(events.withLock { $0.count } == 1)

        // A handler of its own takes the child's events; the parent's no longer sees them.
        screen.setDiagnosticsHandler { _ in }
        #expect(screen.load(.player) == nil)
        #expect(events.withLock { $0.count } == 1)
    }
}
