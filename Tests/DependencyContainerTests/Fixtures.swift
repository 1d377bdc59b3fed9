import DependencyContainer
import Foundation

// Interfaces and implementations shared by the tests, shaped like an app's modules.

protocol ToastInject: AnyObject {
    func request(message: String, timeInterval: TimeInterval)
}

protocol PlayerInject: AnyObject {
    var title: String { get }
}

protocol AnalyticsInject: AnyObject {
    func track(_ event: String)
}

extension InjectID where Service == any ToastInject {
    static var toast: Self { InjectID("ToastInjectID") }
}

extension InjectID where Service == any PlayerInject {
    static var player: Self { InjectID("PlayerInjectID") }
}

extension InjectID where Service == any AnalyticsInject {
    static var analytics: Self { InjectID("AnalyticsInjectID") }
}

/// A toast that records its messages.
///
/// `@unchecked Sendable`: `player` is immutable, and the messages are behind a lock.
final class RecordingToast: ToastInject, @unchecked Sendable {
    let player: (any PlayerInject)?
    private let messages = LockedValue<[String]>([])

    init(player: (any PlayerInject)? = nil) {
        self.player = player
    }

    func request(message: String, timeInterval: TimeInterval) {
        messages.withLock { $0.append(message) }
    }

    var received: [String] { messages.withLock { $0 } }
}

final class StubPlayer: PlayerInject {
    let title: String
    init(title: String = "Intro") {
        self.title = title
    }
}

final class CountingAnalytics: AnalyticsInject {
    func track(_ event: String) {}
}

/// Counts how many times a factory ran, from any thread.
final class Counter: Sendable {
    private let value = AtomicCounter(0)

    @discardableResult
    func increment() -> Int {
        Int(value.add(1))
    }

    var count: Int { Int(value.load()) }
}

/// A value behind the package's pthread lock, which ThreadSanitizer understands (it cannot
/// see inside `Synchronization.Mutex` on Linux).
typealias Protected<Value> = LockedValue<Value>

/// Collects diagnostic events for assertions.
final class EventLog: Sendable {
    private let events = Protected<[DiagnosticEvent]>([])

    var handler: @Sendable (DiagnosticEvent) -> Void {
        { event in self.events.withLock { $0.append(event) } }
    }

    var all: [DiagnosticEvent] { events.withLock { $0 } }
    var descriptions: [String] { all.map(\.description) }
}

/// A unique ID per call, so tests that run in parallel never share registrations.
func uniqueID<Service>(_: Service.Type = Service.self, _ label: String = #function) -> InjectID<Service> {
    InjectID("\(label)-\(UUID().uuidString)")
}
