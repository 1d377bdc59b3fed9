import DependencyContainer
import Testing

// The examples of observing changes, from the "Observing changes" article and the doc comments
// of Sources/DependencyContainer/Observing, compiled and, where they end, run.
// `.ci/check-doc-snippets.swift` checks that each block appears here.

/// The screen of the ObservationToken example.
final class NowPlayingScreen {
    private var toastObservation: ObservationToken?

    func start(with container: Container) {
        toastObservation = container.observe(.toast) { change in
            print("toast:", change)
        }
    }
}

extension NowPlayingScreen {
    /// Whether the screen still observes, for the test; a mirror keeps the example's property private.
    var isObserving: Bool {
        let token = Mirror(reflecting: self).children.first { $0.label == "toastObservation" }?.value
        return (token as? ObservationToken).map { !$0.isCancelled } ?? false
    }
}

/// The sequence examples: each loop runs until the container goes, so they are compiled here
/// and the loops' ending is tested in ObservingLifetimeTests.
enum ObservingSequenceExamples {
    static func logToast(_ container: Container) async {
        for await change in container.changes(of: .toast) {
            print("toast:", change)
        }
    }

    static func logMenu(_ container: Container) async {
        for await change in container.changes(of: .playerMenu) {
            print("menu:", change)
        }
    }

    static func startLogging(_ container: Container) -> Task<Void, Never> {
        let task = Task {
            for await change in container.changes(of: .toast) {
                print("toast:", change)
            }
            print("the container is gone")
        }
        return task
    }

    static func describeToast(_ container: Container) async {
        for await change in container.changes(of: .toast) {
            switch change {
            case .current(let info): print("toast now:", info?.description ?? "none")
            case .added(let info): print("toast added:", info)
            case .replaced(let previous, let replacement): print("toast:", previous, "->", replacement)
            case .removed(let info): print("toast removed:", info)
            case .reset(let info): print("toast reset:", info)
            }
        }
    }
}

@Suite("Observing examples")
struct ObservingExamplesTests {
    @Test("The callback example runs until its token goes")
    func callback() {
        let container = Container()
        let token = container.observe(.toast) { change in
            print("toast:", change)
        }
        container.register(.toast) { ConsoleToast() }
        #expect(!token.isCancelled)
        token.cancel()
        #expect(token.isCancelled)
    }

    @Test("The extension point example hears of an added contribution")
    func contributions() {
        let container = Container()
        let token = container.observe(.playerMenu) { change in
            if case .added(let name, _) = change { print("menu entry added:", name) }
        }
        #expect(container.contribute(ShareMenuEntry.self).isRegistered)
        withExtendedLifetime(token) {}
    }

    @Test("The screen keeps its token, and stops observing when its container goes")
    func screen() {
        var container: Container? = Container()
        let screen = NowPlayingScreen()
        screen.start(with: container!)
        #expect(screen.isObserving)
        container = nil
        #expect(!screen.isObserving)
    }
}
