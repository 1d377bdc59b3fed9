/// ``Container/shared``'s storage: a root container made without running
/// ``AutoRegistering/autoRegister()``, which its first use runs, once.
package final class SharedContainer: Sendable {
    private let root = Container(parent: nil, autoRegisters: false)
    /// The thread running it, while one does.
    private let runner = LockedValue<ObjectIdentifier?>(nil)
    /// Set, under `runner`'s lock, once it has run: what every use after the first reads.
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
        let runsHere = runner.withLock(waitingUntil: { $0 == nil || $0 == thread }) { runner -> Bool in
            guard runner == nil, !isDone.load() else { return false }
            runner = thread
            return true
        }
        guard runsHere else { return }
        root.autoRegisterIfConforming(unlessNested: false)
        runner.withLock { runner in
            isDone.store(true)
            runner = nil
        }
        runner.wakeWaiters()
    }
}
