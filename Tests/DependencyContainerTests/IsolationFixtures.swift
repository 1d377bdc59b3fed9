import DependencyContainer
import Foundation

// Services whose isolation the container must respect, shaped like an app's.

/// A toast shown in the UI: its requirements and its conformers are main-actor isolated.
/// `Sendable` costs its conformers nothing (main-actor classes are Sendable) and lets an
/// `any BannerInject` cross into tasks.
@MainActor
protocol BannerInject: AnyObject, Sendable {
    func show(_ message: String)
    var shown: [String] { get }
}

extension InjectID where Service == any BannerInject {
    static var banner: Self { InjectID("BannerInjectID") }
}

/// A view-like class whose initializer is main-actor isolated, as a UIKit view's is.
@MainActor
final class BannerToast: BannerInject {
    let player: (any PlayerInject)?
    private(set) var shown: [String] = []
    /// Whether the initializer ran on the main queue or the main thread, checked
    /// independently of the container.
    let madeOnMainThread: Bool

    init(player: (any PlayerInject)? = nil) {
        self.player = player
        self.madeOnMainThread =
            Thread.isMainThread || DispatchQueue.getSpecific(key: mainQueueMarker.key) == true
    }

    func show(_ message: String) {
        shown.append(message)
    }
}

/// Marks the main queue for ``BannerToast``'s check: on Linux, once the test runner calls
/// `dispatchMain()`, the main queue, and so the main actor, runs on worker threads.
let mainQueueMarker: MainQueueMarker = {
    let marker = MainQueueMarker()
    DispatchQueue.main.setSpecific(key: marker.key, value: true)
    return marker
}()

/// `@unchecked Sendable`: the key is immutable and dispatch's specific values are thread-safe.
final class MainQueueMarker: @unchecked Sendable {
    let key = DispatchSpecificKey<Bool>()
}

/// A service an async factory opens.
final class Database: Sendable {
    let name: String

    init(name: String) {
        self.name = name
    }

    /// Opens the database after a pause, like real I/O.
    static func open(name: String = "main", pause: Duration = .milliseconds(1)) async throws -> Database {
        try await Task.sleep(for: pause)
        return Database(name: name)
    }
}

/// Lets a test hold async factories until it opens the gate.
final class Gate: Sendable {
    private let state = Protected<(isOpen: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

    func wait() async {
        await withCheckedContinuation { continuation in
            let resumeNow = state.withLock { state -> Bool in
                if state.isOpen { return true }
                state.waiters.append(continuation)
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }

    func open() {
        let waiters = state.withLock { state in
            state.isOpen = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// How many tasks wait at the gate.
    var waiting: Int { state.withLock { $0.waiters.count } }
}

/// Polls `condition` until it holds, or gives up after `polls` polls a millisecond apart:
/// `false` means it never held.
///
/// A count of polls rather than a deadline: under ThreadSanitizer, with stress tests running
/// alongside on two cores, a task may wait many seconds for a thread, and a deadline would
/// expire without the awaited work having had a chance to run. Each poll needs the poller to
/// run, so the limit stretches with the machine's load.
func eventually(polls: Int = 10_000, _ condition: () -> Bool) async -> Bool {
    for _ in 0..<polls {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(1))
    }
    return condition()
}

/// Runs `operation`, giving up after `polls` polls (see ``eventually(polls:_:)``): `nil` means
/// it hung (the hung task is left behind rather than awaited, which a task group would do).
func withTimeout<Value: Sendable>(
    polls: Int = 20_000, _ operation: @escaping @Sendable () async -> Value
) async -> Value? {
    let result = Protected<[Value]>([])
    Task {
        let value = await operation()
        result.withLock { $0.append(value) }
    }
    guard await eventually(polls: polls, { !result.withLock({ $0 }).isEmpty }) else { return nil }
    return result.withLock { $0.first }
}

/// Runs `body` on a new thread that is not the main thread and waits for it.
func onBackgroundThread<Value: Sendable>(_ body: @escaping @Sendable () -> Value) async -> Value {
    await withCheckedContinuation { continuation in
        let thread = Thread { continuation.resume(returning: body()) }
        thread.start()
    }
}
