import DependencyContainer
import Foundation
import LintInterfaces
import LintStreamFeature
import LintToastFeature

final class KioskToast: ToastInject {
    let name = "kiosk"
}

final class RecordingToast: ToastInject {
    let name = "recording"
}

/// Stops the app with a message when a check fails.
func check(_ condition: Bool, _ message: String) {
    guard condition else {
        print("LintApp: \(message)")
        exit(1)
    }
}

let container = Container()
LintToastFeature.register(into: container)
LintStreamFeature.register(into: container)

// The README's child container: the kiosk screen shows its own toast.
let kiosk = Container(parent: container)
kiosk.register(.toast) { KioskToast() }
check(kiosk.load(.notice)?.name == "kiosk", "the kiosk's toast is not its own")
check(container.load(.toast)?.name == "console", "the parent's toast changed")

// Overrides for one task, as a test would set them.
let recorded = container.withOverrides { overrides in
    overrides.register(.toast) { RecordingToast() }
} operation: {
    container.load(.toast)?.name
}
check(recorded == "recording", "withOverrides did not replace the toast")

// The argument provider and the provider in a named scope, registered by the generated entries.
let url = URL(fileURLWithPath: "/streams/live.m3u8")
check(container.load(.stream, argument: url)?.url == url, "the stream provider is not registered")
let basket = container.load(.basket)
check(basket != nil && container.load(.basket) === basket, "the basket is not shared")
container.reset(scope: .session)
check(container.load(.basket) !== basket, "the session reset kept the basket")
print("LintApp: done")
