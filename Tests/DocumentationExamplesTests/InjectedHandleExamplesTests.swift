import DependencyContainer
import Foundation
import Testing

// The examples of settable `@Injected`, `InjectedHandle`, `@WeakInjected` and the argument
// handles, compiled and run. `.ci/check-doc-snippets.swift` checks that each appears here.

final class PlaylistScreen {
    @Injected(.toast) var toast: (any ToastInject)?

    func pluginsChanged() {
        // The toast a plugin registered since the first read, or nil now that it left.
        $toast.reload()?.show("Plugins changed")
    }

    func willDisappear() {
        if $toast.hasLoaded { $toast.reset() }  // the next read loads again
    }
}

final class MiniPlayerView {
    @WeakInjected(.player) var player: (any PlayerInject)?

    func tapped() {
        player?.play("Intro")  // nil once the player's owner let it go
    }
}

/// Opens streams through an argument provider.
final class StreamOpener: Sendable {
    let makeStream: ArgumentProvider<URL, any StreamInject>
    init(makeStream: ArgumentProvider<URL, any StreamInject>) { self.makeStream = makeStream }
}

extension InjectID where Service == StreamOpener {
    static var streamOpener: Self { InjectID("StreamOpenerInjectID") }
}

/// Shows a live stream, made on first use.
final class LiveBanner: Sendable {
    let stream: ArgumentLazy<URL, any StreamInject>
    init(stream: ArgumentLazy<URL, any StreamInject>) { self.stream = stream }
}

extension InjectID where Service == LiveBanner {
    static var liveBanner: Self { InjectID("LiveBannerInjectID") }
}

/// Holds a player weakly, for a factory that hands out one its test owns.
///
/// `@unchecked Sendable`: written once, before the factory runs.
final class WeakPlayerBox: @unchecked Sendable {
    weak var player: Player?
}

@Suite("Injected handle and argument handle examples", .serialized)
struct InjectedHandleExamplesTests {
    @Test("A settable @Injected: assign a mock, assign nil to load again")
    func settable() {
        Container.shared.withOverrides {
            $0.register(.toast) { ConsoleToast() }
        } operation: {
            let banner = NowPlayingBanner()
            banner.toast = RecordingToast()  // the banner shows toasts on the mock
            banner.didStart(title: "Intro")
            banner.toast = nil  // the next read loads from the container again
            #expect(banner.$toast.hasLoaded == false)
            #expect(banner.toast is ConsoleToast)
        }
    }

    @Test("The projected handle reloads and resets")
    func handle() {
        let screen = PlaylistScreen()
        Container.shared.withOverrides {
            $0.register(.toast) { RecordingToast() }
        } operation: {
            let first = screen.toast
            screen.pluginsChanged()
            #expect(screen.toast !== first)
            #expect((screen.toast as? RecordingToast)?.shown == ["Plugins changed"])
            screen.willDisappear()
            #expect(!screen.$toast.hasLoaded)
        }
    }

    @Test("@WeakInjected reads nil once the owner lets the player go")
    func weakInjected() {
        let view = MiniPlayerView()
        var owner: Player? = Player(toast: nil)
        let box = WeakPlayerBox()
        box.player = owner
        Container.shared.withOverrides { overrides in
            overrides.register(.player) { box.player ?? Player(toast: nil) }
        } operation: {
            view.tapped()
            #expect(view.player === owner)
        }
        owner = nil
        #expect(view.player == nil)
    }

    @Test("Argument handles: a provider and a lazy handle")
    func argumentHandles() throws {
        let liveURL = URL(string: "https://example.com/live.m3u8")!
        let container = Container()
        container.register(.stream) { resolver, url in HLSStream(url: url) }
        container.register(.streamOpener) { resolver in
            StreamOpener(makeStream: resolver.provider(.stream))
        }
        container.register(.liveBanner, scope: .singleton) { resolver in
            LiveBanner(stream: resolver.lazy(.stream, argument: liveURL))
        }
        let makeStream = try #require(container.load(.streamOpener)).makeStream
        let stream = makeStream(URL(string: "https://example.com/live.m3u8")!)
        #expect(stream?.url.lastPathComponent == "live.m3u8")
        let banner = try #require(container.load(.liveBanner))
        #expect(banner.stream.value === banner.stream.value)

        do {
            let lazyStream = container.lazy(.stream, argument: liveURL)
            let stream = lazyStream.value  // made here, once
            #expect(stream === lazyStream.value)
        }
        do {
            let makeStream = container.provider(.stream)
            let stream = makeStream(URL(string: "https://example.com/live.m3u8")!)
            #expect(stream !== makeStream(URL(string: "https://example.com/live.m3u8")!))
        }
    }
}
