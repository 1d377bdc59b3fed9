import DependencyContainer
import Foundation
import PortHostKit
import PortInterfaces

/// Stops the app with a message when a check fails.
func check(_ condition: Bool, _ message: String) {
    guard condition else {
        print("PortHost: \(message)")
        exit(1)
    }
}

let container = Composition.makeContainer()
PortHost.register(into: container)  // this target's load sites
do {
    let app = try Launched(from: container)
    check(app.screen.service.refresh() == 3, "the feed did not load")
    // One load of the screen shares one notifier (.graph): the one its factory set and its service's.
    check(app.screen.notifier === app.screen.service.notifier, "the screen's notifier is not its service's")
    check(app.screen.toast === app.toast, "the toast is not the app's one (singleton)")
    let next = try Launched(from: container)
    check(next.screen.notifier !== app.screen.notifier, "two screen loads share a .graph notifier")
    check(container.load(.type(Clock.self)) != nil, "no clock")
    app.toast.show("ready")
} catch {
    check(false, "launch failed: \(error)")
}
print("PortHost: done")
