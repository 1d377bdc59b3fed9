import DependencyContainerKernel

/// Runs ``AutoRegistering/autoRegister()`` once for ``Container/shared``, which is made
/// without running it: run inside the lazy initialization of the static, a use of
/// `Container.shared` in `autoRegister()` would wait for that initialization forever.
///
/// The first use runs it; uses on other threads meanwhile wait for it to return (so none
/// loads before the registrations exist), uses on the running thread return at once. No lock
/// is held while it runs.
package final class AutoRegistration: Sendable {
    private enum State: Sendable {
        case pending
        case running(thread: ObjectIdentifier)
        case done
    }

    private let state = LockedValue(State.pending)
    /// Set once it has run: what every use after the first reads, without a lock.
    private let isDone = AtomicFlag()

    package init() {}

    /// Runs `body` unless it ran, or runs on this thread now; waits while another thread runs it.
    @inline(__always)
    package func runOnce(_ body: () -> Void) {
        if isDone.load() { return }
        runSlowly(body)
    }

    @inline(never)
    private func runSlowly(_ body: () -> Void) {
        let thread = ObjectIdentifier(ThreadState.current)
        let runsHere = state.withLock(waitingUntil: { state in
            if case .running(let runner) = state { return runner == thread }
            return true
        }) { state -> Bool in
            guard case .pending = state else { return false }
            state = .running(thread: thread)
            return true
        }
        guard runsHere else { return }
        body()
        state.withLock { $0 = .done }
        isDone.store(true)
        state.wakeWaiters()
    }
}
