import BannerFeature
import BannerInterface
import DependencyContainer
import Foundation

// Top-level code is main-actor isolated in Swift 6.

/// Collects diagnostics from any thread.
final class Diagnostics: @unchecked Sendable {
    private let lock = NSLock()
    private var events: [String] = []
    func record(_ event: DiagnosticEvent) { lock.withLock { events.append("\(event)") } }
    var all: [String] { lock.withLock { events } }
}

var failures = 0
@MainActor func check(_ condition: Bool, _ message: String) {
    print(condition ? "ok:" : "FAILED:", message)
    if !condition { failures += 1 }
}

let container = Container()
let diagnostics = Diagnostics()
container.setDiagnosticsHandler { diagnostics.record($0) }
container.registerBanner()

// 1. A synchronous load from a background thread, before any banner exists: nil and a
//    diagnostic, and the factory does not run there.
let backgroundDone = DispatchSemaphore(value: 0)
let backgroundLoads = Diagnostics()
let background = Thread {
    if container.load(.banner) == nil {
        backgroundLoads.record(.missing(id: "BannerInjectID", requestedType: "returned nil"))
    }
    backgroundDone.signal()
}
background.start()
backgroundDone.wait()
check(backgroundLoads.all.count == 1, "background thread: sync load returned nil")
check(
    diagnostics.all.contains { $0.contains("'BannerInjectID' has a main-actor factory and no service yet") },
    "background thread: diagnostic names the ID and its isolation")

// 2. A synchronous load on the main actor runs the factory.
guard let banner = container.load(.banner) else {
    print("FAILED: main actor: sync load returned nil")
    exit(1)
}
banner.show("from the main actor")
check(banner.shown == ["from the main actor"], "main actor: sync load created the banner")

// 3. A detached task loads it with `await`, which hops to the main actor if needed. The
//    protocol is not Sendable, so the task sends the banner to the main actor once, to use it.
let fromTask = await Task.detached { () -> ObjectIdentifier? in
    guard let banner = await container.loadAsync(.banner) else { return nil }
    let identity = ObjectIdentifier(banner)
    await banner.show("from a detached task")
    return identity
}.value
check(fromTask == ObjectIdentifier(banner), "detached task: await load returned the singleton")
check(banner.shown.last == "from a detached task", "detached task: used the banner on the main actor")

// 4. After the first `await` the main actor may run on another thread (Linux's dispatchMain
//    ends the main thread); a synchronous main-actor load still runs a main-actor factory.
let fresh = InjectID<any BannerInject>("FreshBannerInjectID")
container.registerOnMainActor(fresh) { BannerToast() }
check(container.load(fresh) != nil, "main actor after await: sync load created a banner")

// 5. The existing singleton may be handed out synchronously anywhere.
let handedOut = await Task.detached { container.load(.banner).map { ObjectIdentifier($0) } }.value
check(handedOut == ObjectIdentifier(banner), "detached task: sync load returned the existing singleton")

print(failures == 0 ? "isolation client: all checks passed" : "isolation client: \(failures) checks failed")
exit(failures == 0 ? 0 : 1)
