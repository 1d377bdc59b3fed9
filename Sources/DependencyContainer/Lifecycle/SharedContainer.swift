/// ``Container/shared``'s storage: a root container made without running
/// ``AutoRegistering/autoRegister()``, which its first use runs, once.
package final class SharedContainer: Sendable {
    private enum State: Sendable {
        case pending, done
        case running(thread: ObjectIdentifier)
    }

    private let root = Container(parent: nil, autoRegisters: false)
    private let state = LockedValue(State.pending)
    /// Set once it has run: what every use after the first reads, without a lock.
    private let isDone = AtomicFlag()

    package init() {}

    /// The container, once its auto-registration has run (or runs on this thread).
    package var container: Container {
        if !isDone.load() { autoRegisterOnce() }
        return root
    }

    @inline(never)
    private func autoRegisterOnce() {
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
        root.autoRegisterIfConforming(unlessNested: false)
        state.withLock { $0 = .done }
        isDone.store(true)
        state.wakeWaiters()
    }
}
