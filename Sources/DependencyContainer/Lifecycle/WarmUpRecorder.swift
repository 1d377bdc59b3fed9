/// Records, during `warmUp()`, when each shared service was created, so that the
/// report lists services in dependency order: a factory's dependencies are created, and
/// kept, before the factory returns.
final class WarmUpRecorder: LoadSink {
    private struct Events: Sendable {
        /// The count that places every event: creations, and loads' ends.
        var next: UInt64 = 0
        var created: [String: UInt64] = [:]
        var finished: [(entry: WarmUpReport.Entry, place: UInt64)] = []
    }

    private let events = LockedValue(Events())

    func receive(_ event: LoadEvent, thread: ThreadState) {
        guard case .kept(let registration) = event else { return }
        events.withLock { events in
            events.next += 1
            if events.created[registration.id] == nil { events.created[registration.id] = events.next }
        }
    }

    /// Adds `entry` to the report, placed where its service was created, or else now.
    func finish(_ entry: WarmUpReport.Entry) {
        events.withLock { events in
            events.next += 1
            events.finished.append((entry, events.created[entry.id] ?? events.next))
        }
    }

    var report: WarmUpReport {
        WarmUpReport(entries: events.withLock { $0.finished }.sorted { $0.place < $1.place }.map(\.entry))
    }
}
