/// The creation in progress of one asynchronous singleton or weak service, which every task
/// that loads it awaits, so the factory runs once however many tasks ask at the same time.
final class AsyncCreation: Sendable {
    typealias CreationTask = Task<ServiceTransfer<InstanceBoxBase>, any Error>

    /// What ``join(existing:start:)`` found.
    enum Joined {
        /// The service, created before the lock was taken.
        case existing(Any)
        /// The task creating it, started by this call or an earlier one.
        case inProgress(CreationTask)
    }

    private let inFlight = LockedValue<CreationTask?>(nil)

    /// Returns the service if it exists, else the task creating it, starting one with `start`
    /// when none runs.
    func join(existing: () -> Any?, start: () -> CreationTask) -> Joined {
        inFlight.withLock { task in
            if let task { return .inProgress(task) }
            if let service = existing() { return .existing(service) }
            let started = start()
            task = started
            return .inProgress(started)
        }
    }

    /// Ends the creation in progress: later loads find its service, or start a new creation
    /// if it failed.
    func finish() {
        inFlight.withLock { $0 = nil }
    }
}
