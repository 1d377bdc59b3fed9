/// Records, during `warmUp()`, when each shared service was created, so that the
/// report lists services in dependency order: a factory's dependencies are created, and
/// kept, before the factory returns.
final class WarmUpRecorder: LoadSink {
    /// When each event happened, on one count: creations by ID, and loads' ends.
    private let events = LockedValue<(next: UInt64, created: [String: UInt64])>((0, [:]))

    /// Runs `body` with this recorder active for the warm-up's loads.
    func recording<Result>(_ body: () throws -> Result) rethrows -> Result {
        try LoadSinks.binding(self, as: .warmUp, body)
    }

    /// The async counterpart of `recording(_:)`.
    func recordingAsync<Result: Sendable>(_ body: () async -> Result) async -> Result {
        await LoadSinks.binding(self, as: .warmUp, body)
    }

    func receive(_ event: LoadEvent, thread: ThreadState) {
        guard case .kept(let registration) = event else { return }
        events.withLock { events in
            events.next += 1
            if events.created[registration.id] == nil { events.created[registration.id] = events.next }
        }
    }

    /// The next place in the order, for a load that ended.
    func nextPlace() -> UInt64 {
        events.withLock { events in
            events.next += 1
            return events.next
        }
    }

    /// When `id`'s service was created during the warm-up, if it was.
    func creationPlace(of id: String) -> UInt64? {
        events.withLock { $0.created[id] }
    }
}
