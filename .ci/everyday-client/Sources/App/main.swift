import AnalyticsFeature
import AppInterfaces
import DependencyContainer
import Foundation
import PlayerFeature
import ToastFeature

// The composition root: each feature registers itself through its generated entry, and the
// app loads the player by ID.
let container = Container()
ToastFeature.register(into: container)
PlayerFeature.register(into: container)
AnalyticsFeature.register(into: container)

guard let player = container.load(.player) else {
    print("App: no player is registered")
    exit(1)
}
player.play("Intro")

let toasts = container.load(.toast)?.shown ?? []
let events = container.load(.analytics)?.events ?? []
guard toasts == ["Now playing Intro"], events == ["play Intro"] else {
    print("App: unexpected toasts \(toasts) or events \(events)")
    exit(1)
}
print("App: done")
