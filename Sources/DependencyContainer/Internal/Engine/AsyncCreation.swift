/// The creation in progress of one asynchronous singleton or weak service, which every task
/// that loads it awaits, so the factory runs once however many tasks ask at the same time.
///
/// The creation runs in a task of its own rather than in the first requester's, so that
/// cancelling any requester, the first included, cancels nothing for the others. A failed
/// creation leaves nothing behind: the next load starts a new one.
///
/// It also holds back the release of the service its loads may still return. An async load
/// that joined (``join(existing:start:)``) may be suspended until it returns the service, so
/// no read section can cover it: a write that retires the service meanwhile parks it here
/// (``park(_:)``), and the last joined load releases it as it leaves (``leave(_:)``). A load
/// that joins after the registration was retired cannot receive the parked service, and
/// holds nothing back.
final class AsyncCreation: Sendable {
    typealias CreationTask = Task<ServiceTransfer<InstanceBoxBase>, any Error>

    /// What ``join(existing:start:)`` found.
    enum Joined {
        /// The service, created before the lock was taken.
        case existing(Any)
        /// The task creating it, started by this call or an earlier one.
        case inProgress(CreationTask)
    }

    /// A joined load's claim on the service, which it gives back with ``leave(_:)``.
    struct Claim: Sendable {
        /// Whether the load joined before the registration was retired, and so counts.
        fileprivate let counts: Bool
    }

    private struct State: Sendable {
        var task: CreationTask?
        /// Joined loads that may still return the service kept now.
        var holders = 0
        /// Set by the first ``park(_:)``: the registration is retired, and keeps no service.
        var isRetired = false
        /// Retired services that `holders` may still return.
        var parked: [RetiredBox] = []
    }

    private let state = LockedValue(State())

    /// Returns the service if it exists, else the task creating it, starting one with `start`
    /// when none runs; the caller must ``leave(_:)`` with the claim once it has returned or
    /// dropped what it got.
    ///
    /// - Parameters:
    ///   - existing: Reads the service that exists, if any. It runs under the lock, so it
    ///     sees every service a creation published before calling ``finish()``.
    ///   - start: Starts the creation; the task must call ``finish()`` when it ends, having
    ///     published its service first.
    /// - Returns: The existing service, or the creation to await, and the claim.
    func join(existing: () -> Any?, start: () -> CreationTask) -> (Joined, Claim) {
        state.withLock { state in
            let claim = Claim(counts: !state.isRetired)
            if claim.counts { state.holders += 1 }
            if let task = state.task { return (.inProgress(task), claim) }
            if let service = existing() { return (.existing(service), claim) }
            let started = start()
            state.task = started
            return (.inProgress(started), claim)
        }
    }

    /// Gives back a joined load's claim; the last of the loads that joined before a write
    /// retired the service releases it, on this thread, outside every lock.
    func leave(_ claim: Claim) {
        guard claim.counts else { return }
        let released = state.withLock { state -> [RetiredBox] in
            state.holders -= 1
            guard state.holders == 0, !state.parked.isEmpty else { return [] }
            defer { state.parked = [] }
            GlobalAtomicWord.parkedReleases.add(0 &- UInt64(state.parked.count))
            return state.parked
        }
        guard !released.isEmpty else { return }
        InstanceReclaimer.release(released)
    }

    /// Keeps `box`, a service of this creation's registration that a write retired, until the
    /// loads that joined may no longer return it.
    ///
    /// - Returns: `false` when no joined load is in progress: the caller releases it now.
    func park(_ box: RetiredBox) -> Bool {
        state.withLock { state in
            state.isRetired = true
            guard state.holders > 0 else { return false }
            state.parked.append(box)
            GlobalAtomicWord.parkedReleases.add(1)
            return true
        }
    }

    /// Ends the creation in progress: later loads find its service, or start a new creation
    /// if it failed.
    func finish() {
        state.withLock { $0.task = nil }
    }
}
