import DependencyContainer
import Testing

// The examples of `Resolver`, `Lazy` and `ServiceProvider`, compiled and run.
// `.ci/check-doc-snippets.swift` checks that each appears here.

/// A toast that pauses nothing itself but reaches the player through a lazy handle.
final class ToastCenter: ToastInject {
    let log: any AppLogInject
    let player: Lazy<any PlayerInject>
    init(log: any AppLogInject, player: Lazy<any PlayerInject>) {
        self.log = log
        self.player = player
    }
    func show(_ message: String) { log.write("toast: \(message)") }
}

/// Makes a new toast for each notification.
final class Notifier {
    let makeToast: ServiceProvider<any ToastInject>
    init(makeToast: ServiceProvider<any ToastInject>) { self.makeToast = makeToast }
}

extension InjectID where Service == Notifier {
    static var notifier: Self { InjectID("NotifierInjectID") }
}

/// Keeps its factory's resolver and loads the toast each time it greets.
final class Greeter: Sendable {
    let resolver: Resolver
    init(resolver: Resolver) { self.resolver = resolver }
    func greet() { resolver.load(.toast)?.show("Hello") }
}

extension InjectID where Service == Greeter {
    static var greeter: Self { InjectID("GreeterInjectID") }
}

extension InjectID where Service == [String] {
    static var playerMenuTitles: Self { InjectID("PlayerMenuTitlesInjectID") }
}

@Suite("Lazy handle and resolver examples")
struct LazyExamplesTests {
    @Test("Toast and player: a lazy player, loaded on first use")
    func lazyPlayer() throws {
        let container = Container()
        container.register(.toast, scope: .singleton) { resolver in
            ToastCenter(log: resolver.load(.appLog, default: PrintLog()), player: resolver.lazy(.player))
        }
        container.register(.player, scope: .singleton) { resolver in
            Player(toast: resolver.load(.toast))
        }
        let toast = container.load(.toast)  // loads no player yet
        let lazyPlayer = try #require(toast as? ToastCenter).player
        lazyPlayer.value?.play("Intro")
        let player = try lazyPlayer.require()
        #expect(player === lazyPlayer.value)
    }

    @Test("A lazy handle and a provider from the container")
    func fromContainer() {
        let container = Container()
        container.register(.toast) { ConsoleToast() }
        container.register(.player) { resolver in Player(toast: resolver.load(.toast)) }
        do {
            let player = container.lazy(.player)
            player.value?.play("Intro")  // loaded here
            #expect(player.value != nil)
        }
        let makeToast = container.provider(.toast)
        makeToast()?.show("Saved")
        #expect(makeToast() !== makeToast())
    }

    @Test("A provider kept by a service")
    func notifier() {
        let container = Container()
        container.register(.toast) { ConsoleToast() }
        container.register(.notifier) { resolver in
            Notifier(makeToast: resolver.provider(.toast))
        }
        let makeToast = container.load(.notifier)!.makeToast
        makeToast()?.show("Saved")
        #expect(makeToast() !== makeToast())
    }

    @Test("A kept resolver's later loads see the context its factory ran in")
    func keptResolver() throws {
        let container = Container()
        container.register(.toast) { ConsoleToast() }
        container.register(.greeter) { resolver in Greeter(resolver: resolver) }
        let greeter = container.withOverrides {
            $0.register(.toast) { RecordingToast() }
        } operation: {
            container.load(.greeter)!
        }
        greeter.greet()  // on a RecordingToast: the context it was made in
        #expect(greeter.resolver.load(.toast) is RecordingToast)
    }

    @Test("require for an extension point through the resolver")
    func requirePoint() throws {
        let container = Container()
        container.contribute(to: .playerMenu, named: "share", priority: 10) { MenuEntry(title: "Share") }
        container.register(.playerMenuTitles) { resolver throws in
            try resolver.require(.playerMenu).map(\.title)
        }
        #expect(try container.require(.playerMenuTitles) == ["Share"])
    }
}
