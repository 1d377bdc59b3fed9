import DMAInterfaces
import DMAPlayerFeature
import DMAToastFeature
import DependencyContainer
import Foundation

// Every declaration here is main-actor isolated, by the target's default isolation.

var failures = 0
func check(_ condition: Bool, _ message: String) {
    print(condition ? "ok:" : "FAILED:", message)
    if !condition { failures += 1 }
}

let container = Container()
container.setDiagnosticsHandler { event in print("[container] \(event)") }

// A `nonisolated` type registers with plain `register`; main-actor ones with the main-actor forms.
container.register(.eventLog, scope: .singleton) { EventLog() }
ToastFeature.register(into: container)
container.register(PlayerProvider.self)

check(
    container.registrations.map { "\($0.id) \($0.isolation)" } == [
        "DMAEventLogInjectID nonisolated", "DMAPlayerInjectID main actor", "DMAToastInjectID main actor",
    ],
    "every feature is registered, each with its isolation")

let player = container.load(.player)
player?.play("Intro")
check(player?.nowPlaying == "Intro", "the player loads on the main actor and plays")
check(container.load(.toast)?.shown == ["Now playing Intro"], "the player reached the toast through its ID")

container.load(.toast)?.showNowPlaying()
check(container.load(.toast)?.shown.last == "Playing: Intro", "the toast reached the player through its ID")

let fromTask = await Task.detached { await container.loadAsync(.player) != nil }.value
check(fromTask, "a detached task loads the main-actor player with await")

check(
    container.load(.eventLog)?.all == ["toast: Now playing Intro", "toast: Playing: Intro"],
    "the nonisolated log saw both toasts")

if failures == 0 {
    print("default main-actor client: all checks passed")
} else {
    print("default main-actor client: \(failures) checks failed")
    exit(1)
}
