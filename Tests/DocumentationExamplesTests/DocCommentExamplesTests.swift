import DependencyContainer
import Testing

// The examples in the doc comments of Sources/DependencyContainer, compiled and run with the
// README's vocabulary. `.ci/check-doc-snippets.swift` checks that each appears here.

final class ToastInjectItem: Injectable {
    var id: String = toastInjectID
    required init() {}
    func resolve() -> AnyObject { ConsoleToast() }
}

final class NowPlayingBanner {
    @Injected(.toast) var toast: (any ToastInject)?

    func didStart(title: String) {
        toast?.show("Now playing \(title)")
    }
}

struct NowPlayingBadge {
    @Injected(.toast) var toast: (any ToastInject)?

    func tapped() {
        toast?.show("Saved")
    }
}

/// Shows a toast for `title`, as an async caller of the container would.
func announce(_ title: String, in container: Container) async {
    container.load(.toast)?.show("Now playing \(title)")
}

@Suite("Doc comment examples", .serialized)
struct DocCommentExamplesTests {
    @Test("Container: register, then load by ID")
    func containerOverview() {
        let container = Container()
        container.register(.toast, scope: .singleton) { ConsoleToast() }
        container.register(.player) { resolver in Player(toast: resolver.load(.toast)) }

        let player = container.load(.player)  // (any PlayerInject)?
        let analytics = container.load(.analytics, default: NullAnalytics())
        #expect(player != nil)
        #expect(analytics is NullAnalytics)
    }

    @Test("Registering with a resolver and a scope")
    func registerWithResolver() {
        let container = Container()
        container.register(.player, scope: .singleton) { resolver in
            Player(toast: resolver.load(.toast))
        }
        #expect(container.load(.player) === container.load(.player))
    }

    @Test("The resolver loads a factory's dependencies")
    func resolver() {
        let container = Container()
        container.register(.player) { resolver in
            Player(toast: resolver.load(.toast))
        }
        #expect(container.load(.player) != nil)
    }

    @Test("Registering a provider type")
    func provider() {
        let container = Container()
        container.register(ToastProvider.self)
        #expect(container.load(.toast) is ConsoleToast)
    }

    @Test("A guard that falls back when the toast is absent")
    func guardedLoad() {
        func save(in container: Container) {
            guard let toast = container.load(.toast) else { return }  // toast feature absent
            toast.show("Saved")
        }
        let container = Container()
        save(in: container)
        container.register(.toast, scope: .singleton) { RecordingToast() }
        save(in: container)
        #expect((container.load(.toast) as? RecordingToast)?.shown == ["Saved"])
    }

    @Test("require surfaces the missing ID")
    func requireExample() {
        let container = Container()
        do {
            let player = try container.require(.player)
            player.play("Intro")
        } catch {
            print(error)  // No registration for ID 'PlayerInjectID' …
        }
        #expect(throws: ContainerError.self) { try container.require(.player) }
    }

    @Test("The typed ID of a seed constant")
    func typedSeedID() {
        let container = Container()
        container.register(.toast) { BannerToast() }
        let toast = container.load(.toast)  // (any ToastInject)?
        #expect(toast is BannerToast)
    }

    @Test("The original API's item, through Container.shared")
    func seedItem() {
        Container.shared.regist(injectType: ToastInjectItem.self)
        let toast = Container.shared.load(for: toastInjectID)?.resolve() as? ToastInject
        #expect(toast is ConsoleToast)
        Container.shared.unregister(id: toastInjectID)
    }

    @Test("The original API's guard")
    func seedGuard() {
        let recording = RecordingToast()
        func show() {
            guard let toast = Container.shared.load(for: toastInjectID)?.resolve() as? ToastInject else {
                return  // toast feature absent
            }
            toast.show("Hello")
        }
        // Absent: the guard falls back, and nothing could have been shown.
        show()
        Container.shared.register(.toast) { recording }
        defer { Container.shared.unregister(.toast) }
        // Present: the guard passes and shows the toast.
        show()
        #expect(recording.shown == ["Hello"])
    }

    @Test("Registrations and diagnostics")
    func introspection() {
        let container = Container()
        container.register(ToastProvider.self)
        for info in container.registrations {
            print(info)  // ToastInjectID: any ToastInject [singleton] from …ToastProvider
        }
        for info in container.registrations {
            print(info.id, info.serviceType, info.scope, info.provider)
        }
        container.setDiagnosticsHandler { event in
            print("[container] \(event)")
        }
        container.setDiagnosticsHandler { event in
            if case .missing(let id, _) = event { print("feature \(id) absent") }
        }
        #expect(container.load(.player) == nil)
    }

    @Test("@Injected loads on first read")
    func injected() {
        let banner = NowPlayingBanner()
        Container.shared.withOverrides {
            $0.register(.toast) { RecordingToast() }
        } operation: {
            banner.didStart(title: "Intro")
            #expect((banner.toast as? RecordingToast)?.shown == ["Now playing Intro"])
        }
    }

    @Test("@Injected in a struct, read from a non-mutating method")
    func injectedInStruct() {
        let badge = NowPlayingBadge()
        Container.shared.withOverrides {
            $0.register(.toast) { RecordingToast() }
        } operation: {
            badge.tapped()
            badge.tapped()
            #expect((badge.toast as? RecordingToast)?.shown == ["Saved", "Saved"])
        }
    }

    @Test("Asynchronous overrides")
    func asyncOverrides() async {
        let container = Container()
        await container.withOverrides { overrides in
            overrides.register(.toast) { BannerToast() }
        } operation: {
            await announce("Intro", in: container)
        }
        #expect(container.load(.toast) == nil)
    }
}
