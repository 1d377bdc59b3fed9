import DependencyContainer
import Foundation
import Testing

// The README's examples, compiled and run. `.ci/check-doc-snippets.swift` checks that each
// README block appears here (or in another compiled file) line by line.

public protocol ToastInject: AnyObject {
    func show(_ message: String)
}

public protocol PlayerInject: AnyObject {
    func play(_ title: String)
}

public protocol AnalyticsInject: AnyObject {
    func track(_ event: String)
}

public let toastInjectID = "ToastInjectID"

extension InjectID where Service == any ToastInject {
    public static var toast: Self { InjectID(toastInjectID) }
}

extension InjectID where Service == any PlayerInject {
    public static var player: Self { InjectID("PlayerInjectID") }
}

extension InjectID where Service == any AnalyticsInject {
    public static var analytics: Self { InjectID("AnalyticsInjectID") }
}

final class ConsoleToast: ToastInject {
    func show(_ message: String) { print("toast:", message) }
}

final class BannerToast: ToastInject {
    func show(_ message: String) { print("banner:", message) }
}

final class RecordingToast: ToastInject, Sendable {
    private let messages = LockedValue<[String]>([])
    func show(_ message: String) { messages.withLock { $0.append(message) } }
    var shown: [String] { messages.withLock { $0 } }
}

final class Player: PlayerInject {
    private let toast: (any ToastInject)?
    init(toast: (any ToastInject)?) { self.toast = toast }

    func play(_ title: String) {
        toast?.show("Now playing \(title)")
    }
}

final class ConsoleAnalytics: AnalyticsInject {
    func track(_ event: String) { print("analytics:", event) }
}

final class NullAnalytics: AnalyticsInject {
    func track(_ event: String) {}
}

public enum ToastProvider: InjectProvider {
    public static var id: InjectID<any ToastInject> { .toast }
    public static var scope: Scope { .singleton }
    public static func make(with resolver: Resolver) -> any ToastInject {
        ConsoleToast()
    }
}

final class NowPlayingView {
    @Injected(.toast) var toast: (any ToastInject)?
}

@Suite("README examples")
struct ReadmeExamplesTests {
    @Test("Registering a provider type")
    func provider() {
        let container = Container()
        container.register(ToastProvider.self)
        #expect(container.load(.toast) is ConsoleToast)
        #expect(container.load(.toast) === container.load(.toast))
    }

    @Test("Absent means nil: optional, default, require")
    func absentMeansNil() {
        let container = Container()
        container.register(.toast) { ConsoleToast() }
        // Optional: the feature may be absent.
        if let toast = container.load(.toast) {
            toast.show("Saved")
        }

        // A fallback the caller chooses.
        let analytics = container.load(.analytics, default: NullAnalytics())

        // A mistake to surface: the error names the ID, the requested type and what is registered.
        do {
            let player = try container.require(.player)
            player.play("Intro")
        } catch {
            print(error)
        }
        #expect(analytics is NullAnalytics)
        #expect(throws: ContainerError.self) { try container.require(.player) }
    }

    @Test("Verifying the composition: a load site whose required ID nothing provides")
    func loadSite() throws {
        let container = Container()
        let site = LoadSite(.require(.toast), file: "App/Banner.swift", line: 12, expression: "banner")
        container.addLoadSites([site])
        let report = container.verify()  // App/Banner.swift:12: error: `banner` requires …
        let problem = try #require(report.problems.first)
        #expect(problem.severity == .error)
        let expected = "App/Banner.swift:12: error: `banner` requires 'ToastInjectID'"
        #expect(problem.description.hasPrefix(expected), "\(problem)")
    }

    @Test("Choosing a scope")
    func scope() {
        let container = Container()
        container.register(.analytics, scope: .singleton) { ConsoleAnalytics() }
        #expect(container.load(.analytics) === container.load(.analytics))
    }

    @Test("Lifecycle hooks and eager services")
    func lifecycle() async throws {
        let container = Container()
        registerLifecycle(in: container)
        #expect(container.registrations.contains { $0.id == "AnalyticsInjectID" })
        let socket = try #require(container.load(.socket))
        container.reset(scope: .session)
        await container.waitForDisposals()
        #expect(socket.isClosed)
    }

    /// The README's start-up, which is synchronous: in an `async` function, `warmUp()` is the async twin.
    private func registerLifecycle(in container: Container) {
        container.register(.socket, scope: .session, onDispose: { $0.close() }) {
            WebSocket()
        }
        container.register(.analytics, scope: .singleton, eager: true) { ConsoleAnalytics() }
        container.warmUp()  // analytics starts now; everything else stays lazy
    }

    @Test("A child container overrides its parent")
    func child() {
        let container = Container()
        container.register(.toast) { ConsoleToast() }
        let screen = Container(parent: container)
        screen.register(.toast) { BannerToast() }  // overrides the parent's toast for this screen
        #expect(screen.load(.toast) is BannerToast)
        #expect(container.load(.toast) is ConsoleToast)
    }

    @Test("Testing with overrides")
    func overrides() {
        let container = Container()
        container.register(.toast, scope: .singleton) { ConsoleToast() }
        container.register(.player) { resolver in Player(toast: resolver.load(.toast)) }
        let recorded = container.withOverrides { overrides in
            overrides.register(.toast) { RecordingToast() }
        } operation: {
            container.load(.player)?.play("Intro")
            return container.load(.toast) as? RecordingToast
        }
        #expect(recorded != nil)
        #expect(container.load(.toast) is ConsoleToast)
    }

    @Test("Overrides with a recording singleton see what the player did")
    func overridesObserveThePlayer() {
        let container = Container()
        container.register(.player) { resolver in Player(toast: resolver.load(.toast)) }
        let shown = container.withOverrides { overrides in
            overrides.register(.toast, scope: .singleton) { RecordingToast() }
        } operation: {
            container.load(.player)?.play("Intro")
            return (container.load(.toast) as? RecordingToast)?.shown
        }
        #expect(shown == ["Now playing Intro"])
    }

    @Test("Diagnostics and the registration table")
    func diagnostics() {
        let container = Container()
        container.register(.player) { resolver in Player(toast: resolver.load(.toast)) }
        container.setDiagnosticsHandler { event in
            // missing: nothing registered for 'ToastInjectID' (`any ToastInject`)
            print("[container]", event)
        }

        for registration in container.registrations {
            // PlayerInjectID: any PlayerInject [transient] from closure at Host/main.swift:12
            print(registration)
        }
        #expect(container.registrations.map(\.id) == ["PlayerInjectID"])
    }

    @Test("@Injected reads Container.shared")
    func injected() {
        let view = NowPlayingView()
        Container.shared.withOverrides {
            $0.register(.toast) { BannerToast() }
        } operation: {
            #expect(view.toast is BannerToast)
        }
    }
}
