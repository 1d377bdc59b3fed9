import DependencyContainer
import DependencyContainerTesting
import Foundation
import Testing

// A small app: a player that shows a toast, and analytics, registered in `appContainer`.

protocol ToastInject: AnyObject, Sendable {
    func show(_ message: String)
}

protocol PlayerInject: AnyObject, Sendable {
    func play(_ title: String)
}

protocol AnalyticsInject: Sendable {
    var name: String { get }
}

extension InjectID where Service == any ToastInject {
    static var toast: Self { InjectID("ToastInjectID") }
}

extension InjectID where Service == any PlayerInject {
    static var player: Self { InjectID("PlayerInjectID") }
}

extension InjectID where Service == any AnalyticsInject {
    static var analytics: Self { InjectID("AnalyticsInjectID") }
}

final class ConsoleToast: ToastInject {
    func show(_ message: String) {}
}

/// Records what it shows. `@unchecked Sendable`: the messages are behind a lock.
final class RecordingToast: ToastInject, @unchecked Sendable {
    private let shown = LockedMessages()
    func show(_ message: String) { shown.append(message) }
    var messages: [String] { shown.all }
}

final class LockedMessages: @unchecked Sendable {
    private let lock = NSLock()
    private var messages: [String] = []
    func append(_ message: String) { lock.withLock { messages.append(message) } }
    var all: [String] { lock.withLock { messages } }
}

final class Player: PlayerInject {
    let toast: (any ToastInject)?
    init(toast: (any ToastInject)?) { self.toast = toast }
    func play(_ title: String) { toast?.show("Now playing \(title)") }
}

struct ConsoleAnalytics: AnalyticsInject {
    var name: String { "console" }
}

struct NullAnalytics: AnalyticsInject {
    var name: String { "null" }
}

let appContainer: Container = {
    let container = Container()
    container.register(.toast, scope: .singleton) { ConsoleToast() }
    container.register(.player) { resolver in Player(toast: resolver.load(.toast)) }
    container.register(.analytics) { ConsoleAnalytics() }
    return container
}()

/// Registered once, into the shared container, before any test of this file loads from it.
let sharedAnalyticsRegistered: Bool = {
    Container.shared.register(.analytics) { ConsoleAnalytics() }
    return true
}()

@Suite("Testing trait: overriding", .tags(.concurrency))
struct ContainerOverridesTraitTests {
    @Test(.overriding(appContainer) { $0.register(.toast, scope: .singleton) { RecordingToast() } })
    func playingShowsAToast() throws {
        let toast = try #require(appContainer.load(.toast) as? RecordingToast)
        appContainer.load(.player)?.play("Intro")
        #expect(toast.messages == ["Now playing Intro"])
    }

    @Test(.overriding { $0.register(.analytics) { NullAnalytics() } })
    func startsWithoutAnalytics() {
        #expect(Container.shared.load(.analytics) is NullAnalytics)
    }

    @Test("Without the trait, a test sees the real registrations, while other tests override them")
    func withoutTrait() async {
        #expect(sharedAnalyticsRegistered)
        for _ in 0..<200 {
            #expect(appContainer.load(.toast) is ConsoleToast)
            #expect(Container.shared.load(.analytics) is ConsoleAnalytics)
            await Task.yield()
        }
    }

    @Test(
        "Tests running in parallel each see only their own override",
        .overriding(appContainer) { $0.register(.analytics) { NullAnalytics() } })
    func parallelOverrideA() async {
        for _ in 0..<200 {
            #expect(appContainer.load(.analytics)?.name == "null")
            await Task.yield()
        }
    }

    @Test(
        "A parallel test with another override of the same ID",
        .overriding(appContainer) { $0.register(.analytics) { NamedAnalytics(name: "b") } })
    func parallelOverrideB() async {
        for _ in 0..<200 {
            #expect(appContainer.load(.analytics)?.name == "b")
            await Task.yield()
        }
    }

    @Test(
        "Each case of a parameterized test gets fresh override singletons",
        .overriding(appContainer) { $0.register(.toast, scope: .singleton) { RecordingToast() } },
        arguments: ["Intro", "Outro"])
    func freshPerCase(title: String) throws {
        appContainer.load(.player)?.play(title)
        let toast = try #require(appContainer.load(.toast) as? RecordingToast)
        #expect(toast.messages == ["Now playing \(title)"])
    }

    @Test(
        "Overrides apply to async loads and async factories",
        .overriding(appContainer) { overrides in
            overrides.registerAsync(.analytics) { () async -> any AnalyticsInject in
                NamedAnalytics(name: "async")
            }
        })
    func asyncOverride() async {
        #expect(await appContainer.loadAsync(.analytics)?.name == "async")
        #expect(appContainer.load(.analytics) == nil, "an async factory is not run by a synchronous load")
    }
}

struct NamedAnalytics: AnalyticsInject {
    let name: String
}

@Suite(
    "Testing trait: on a suite", .overriding(appContainer) { $0.register(.toast) { RecordingToast() } },
    .tags(.concurrency))
struct SuiteOverridesTests {
    @Test("Every test of the suite sees the override")
    func first() {
        #expect(appContainer.load(.toast) is RecordingToast)
    }

    @Test("Every test gets its own override scope, nested in the suite's")
    func nested() {
        let inner = appContainer.withOverrides {
            $0.register(.toast) { ConsoleToast() }
        } operation: {
            appContainer.load(.toast)
        }
        #expect(inner is ConsoleToast)
        #expect(appContainer.load(.toast) is RecordingToast)
    }
}
