import DependencyContainer
import Foundation
import Testing

// The "after" code of the MigratingFromSwinject and MigratingFromFactory articles, compiled and
// run. `.ci/check-doc-snippets.swift` checks that each block, and each code span of the
// articles' tables, appears here or in another compiled file.

/// A service whose toast is set after it is made, as Swinject's property injection does.
final class PlaybackSession {
    var toast: (any ToastInject)?
}

extension InjectID where Service == PlaybackSession {
    static var playbackSession: Self { InjectID("PlaybackSessionInjectID") }
}

extension InjectID where Service == any ToastInject {
    static var bannerToast: Self { InjectID("BannerToastInjectID") }
}

extension InjectID where Service == any AnalyticsInject {
    static var tracking: Self { InjectID("TrackingInjectID") }
}

extension InjectID where Service == any AppLogInject {
    static var consoleLog: Self { InjectID("ConsoleLogInjectID") }
}

@Suite("Migration guide examples")
struct MigrationExamplesTests {
    @Test("Swinject's default .graph scope, stated for the container")
    func defaultGraphScope() {
        let ported = Container(defaultScope: .graph)
        ported.register(.toast) { ConsoleToast() }  // .graph, as in Swinject
        #expect(ported.registrations.first?.scope == .graph)
    }

    @Test("A bridge registration resolves from the other container")
    func bridge() {
        func bridgeAnalytics(
            into container: Container, resolveFromSwinject: @escaping @Sendable () -> (any AnalyticsInject)?
        ) {
            container.register(.analytics, scope: .singleton) { resolveFromSwinject() ?? NullAnalytics() }
        }
        let container = Container()
        bridgeAnalytics(into: container, resolveFromSwinject: { nil })
        #expect(container.load(.analytics) is NullAnalytics)
    }

    // MigratingFromSwinject's example still spells the deprecated `.typeKeyed`.
    @available(*, deprecated, message: "the article's example of the deprecated typeKeyed")
    @Test("Type-keyed IDs need no declaration")
    func typeKeyed() {
        let container = Container()
        container.register(.typeKeyed) { ConsoleToast() as any ToastInject }
        let toast: (any ToastInject)? = container.load(.typeKeyed)
        #expect(toast is ConsoleToast)
        #expect(InjectID<any ToastInject>("BannerToastInjectID") == .bannerToast)
        container.register(.bannerToast) { BannerToast() }
        #expect(container.load(.bannerToast) is BannerToast)
    }

    @Test("Property injection in the creation hook")
    func propertyInjection() {
        let container = Container()
        container.register(.toast) { ConsoleToast() }
        container.register(
            .playbackSession, scope: .graph,
            onCreate: { session, resolver in session.toast = resolver.load(.toast) }
        ) { PlaybackSession() }
        #expect(container.load(.playbackSession)?.toast is ConsoleToast)
    }

    @Test("verify() as the check that the port is complete")
    func verifyPort() {
        let container = Container()
        container.register(.toast, dependencies: []) { ConsoleToast() }
        let report = container.verify()
        #expect(report.isClean, "\(report)")
    }

    @Test("The spellings of the Swinject table")
    func swinjectTable() throws {
        let container = Container()
        container.register(.toast) { ConsoleToast() }
        container.register(.player) { resolver in Player(toast: resolver.load(.toast)) }
        _ = container.load(.toast)
        _ = try container.require(.toast)
        container.register(.stream) { resolver, url in HLSStream(url: url) }
        let url = try #require(URL(string: "https://example.com/a.m3u8"))
        #expect(container.load(.stream, argument: url) != nil)
        container.register(.consoleLog) { PrintLog() }
        container.register(.appLog) { resolver in try resolver.require(.consoleLog) }
        #expect(container.load(.appLog) != nil)
        #expect(container.contains(.toast))
        #expect(!container.registrations.isEmpty)
        container.setDiagnosticsHandler { event in print(event) }
        container.setDiagnosticsHandler(nil)
        let token = container.observe(.toast) { change in print(change) }
        token.cancel()
        #expect(container.reset(scope: .named("custom")) == 0)
        container.removeAll()
        #expect(!container.contains(.toast))
    }

    @Test("Factory: declaring, resolving and contexts")
    func factoryDeclaring() {
        let container = Container()
        container.setActiveContexts([])
        container.register(.tracking, scope: .singleton) { ConsoleAnalytics() }
        let tracking = container.load(.tracking)  // (any AnalyticsInject)?, nil when absent
        #expect(tracking is ConsoleAnalytics)
        container.register(.analytics, scope: .singleton) { ConsoleAnalytics() }
        container.register(.analytics, scope: .singleton, context: .preview) { NullAnalytics() }
        #expect(container.load(.analytics) is ConsoleAnalytics)
    }

    @Test("Factory: a test's mocks, and the table's spellings")
    @MainActor func factoryTesting() {
        let container = Container()
        container.register(.toast) { ConsoleToast() }
        container.register(.player) { resolver in Player(toast: resolver.load(.toast)) }
        container.withOverrides {
            $0.register(.toast) { RecordingToast() }
        } operation: {
            container.load(.player)?.play("Intro")
        }
        #expect(Container.shared.load(.bannerToast) == nil)
        let makeToast = container.provider(.toast)
        #expect(makeToast() !== makeToast())
        container.registerOnMainActor(.toast) { ConsoleToast() }
        #expect(container.load(.toast) is ConsoleToast)
        #expect(container.reset(scope: .singleton) == 0)
        #expect(container.reset(scope: .session) == 0)
    }

    @Test("Factory: contexts known at compile time, and decorators")
    func factoryContextsAndDecorators() {
        let container = Container()
        container.setActiveContexts([.named("mock")])
        container.register(.analytics, context: .named("mock")) { NullAnalytics() }
        #expect(container.load(.analytics) is NullAnalytics)
        #if targetEnvironment(simulator)
            container.register(.tracking) { NullAnalytics() }
        #else
            container.register(.tracking) { ConsoleAnalytics() }
        #endif
        let shown = LockedValue(0)
        container.register(.toast, onCreate: { toast, resolver in shown.withLock { $0 += 1 } }) {
            ConsoleToast()
        }
        _ = container.load(.toast)
        #expect(shown.withLock { $0 } == 1)
    }

    /// Not run: it registers in `Container.shared`, which other tests running in parallel see.
    func sharedContainerSpellings() {
        Container.shared.register(ToastProvider.self)
        _ = Container.shared.load(.toast)
    }

    @Test("Swinject: creation hooks chained, and a screen's graph as a child container")
    func chainedHooks() {
        let container = Container()
        container.register(.toast) { ConsoleToast() }
        let made = LockedValue(0)
        let lifecycle = ServiceLifecycle<PlaybackSession>(onCreate: { session, resolver in
            session.toast = resolver.load(.toast)
        })
        let hooks = lifecycle.addingCreationHook { session, resolver in made.withLock { $0 += 1 } }
        container.register(.playbackSession, scope: .graph, lifecycle: hooks) { PlaybackSession() }
        #expect(container.load(.playbackSession)?.toast is ConsoleToast)
        #expect(made.withLock { $0 } == 1)
        let screen = Container(parent: container)
        screen.register(.playbackSession, scope: .singleton) { PlaybackSession() }
        #expect(screen.load(.playbackSession) === screen.load(.playbackSession))
    }
}
