/// What `warmUp()` did: for each eager registration, how long its service took
/// and whether it was created; see <doc:LifecycleHooks>.
public struct WarmUpReport: Sendable, CustomStringConvertible {
    /// One eager registration's warm-up.
    public struct Entry: Sendable, CustomStringConvertible {
        /// The registration's ID.
        public let id: String
        /// The seconds its load took, including the services its factory loaded and any wait
        /// for another thread creating the same service; 0 when skipped.
        public let seconds: Double
        /// What happened.
        public let outcome: Outcome

        /// The ID, the outcome and the time taken.
        public var description: String {
            let milliseconds = (seconds * 1000 * 100).rounded() / 100
            return "\(id): \(outcome) (\(milliseconds) ms)"
        }
    }

    /// What became of one eager registration.
    public enum Outcome: Sendable, CustomStringConvertible {
        /// The service exists now: made by this warm-up, or earlier.
        case created
        /// The load failed; the error says why. Nothing was kept, so a later load tries again.
        case failed(ContainerError)
        /// Not created: its factory runs on the main actor and the synchronous `warmUp()` was
        /// called elsewhere. Call it on the main actor, or `await` `warmUpIncludingIsolated()`.
        case skippedOffMainActor
        /// Not created: its factory is `async`, which only `warmUpIncludingIsolated()` awaits.
        case skippedAsynchronous

        /// A word or two, and the error for a failure.
        public var description: String {
            switch self {
            case .created: return "created"
            case .failed(let error): return "failed: \(error)"
            case .skippedOffMainActor: return "skipped: its factory runs on the main actor"
            case .skippedAsynchronous: return "skipped: its factory is async"
            }
        }
    }

    /// The eager registrations, in the order their loads ended: a service whose factory
    /// loads another eager service comes after it.
    public let entries: [Entry]

    /// The entries whose load failed.
    public var failures: [Entry] {
        entries.filter { if case .failed = $0.outcome { true } else { false } }
    }

    /// The entries not created because of where or how their factory runs.
    public var skipped: [Entry] {
        entries.filter {
            switch $0.outcome {
            case .skippedOffMainActor, .skippedAsynchronous: return true
            case .created, .failed: return false
            }
        }
    }

    /// A one-line summary and a line per entry.
    public var description: String {
        let created = entries.count - failures.count - skipped.count
        let summary = "warm-up: \(created) created, \(failures.count) failed, \(skipped.count) skipped"
        return ([summary] + entries.map { "  \($0)" }).joined(separator: "\n")
    }
}
