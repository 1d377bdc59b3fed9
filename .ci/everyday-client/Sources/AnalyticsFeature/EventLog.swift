import AppInterfaces

/// Prints each event and keeps it.
final class EventLog: AnalyticsInject {
    private(set) var events: [String] = []

    func track(_ event: String) {
        events.append(event)
        print("analytics: \(event)")
    }
}
