/// Counts one store's dispose hooks from the moment a write retires their services until
/// they have run, so that a caller can await them (``Container/waitForDisposals()``).
final class DisposalLedger: Sendable {
    private struct State: Sendable {
        var pendingIDs: [String: Int] = [:]
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = LockedValue(State())
    /// Where a failing hook is reported: the container's diagnostics handler, which the
    /// reference keeps after the container is gone.
    let reference: ContainerReference?

    init(reference: ContainerReference?) {
        self.reference = reference
    }

    func begin(id: String) {
        state.withLock { $0.pendingIDs[id, default: 0] += 1 }
    }

    func end(id: String) {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            let left = (state.pendingIDs[id] ?? 1) - 1
            state.pendingIDs[id] = left > 0 ? left : nil
            guard state.pendingIDs.isEmpty else { return [] }
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    var pendingIDs: [String] {
        state.withLock { $0.pendingIDs.keys.sorted() }
    }

    /// Returns once every hook counted so far, and every hook counted while waiting, has run.
    func waitUntilIdle() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let resumeNow = state.withLock { state -> Bool in
                guard !state.pendingIDs.isEmpty else { return true }
                state.waiters.append(continuation)
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }
}
