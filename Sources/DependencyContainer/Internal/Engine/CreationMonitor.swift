import DependencyContainerKernel

/// Serializes the creation of ``Scope/singleton`` and ``Scope/weak`` services and the first
/// loads of ``Injected`` properties, so that a factory runs once however many threads race
/// on the first load, and turns a cross-thread creation cycle into an error instead of a
/// deadlock.
final class CreationMonitor: Sendable {
    static let shared = CreationMonitor()

    /// A creation in progress: the creating thread, and how many frames it had when it began
    /// (the frames above belong to this creation, the first of them naming what it creates).
    fileprivate typealias Creation = (thread: ObjectIdentifier, depth: Int)

    /// What a thread waits for: the thing being created, its name in cycle paths, the thread's
    /// resolution stack when it began to wait, and what it waits on, signalled when the
    /// creation ends.
    fileprivate typealias Wait = (
        target: ObjectIdentifier, label: String, frames: [Registration], wakeup: ConditionVariable
    )

    /// Who creates what, and who waits for what.
    fileprivate struct State: Sendable {
        /// Which thread creates each thing.
        var creators: [ObjectIdentifier: Creation] = [:]
        /// What each waiting thread waits for.
        var waits: [ObjectIdentifier: Wait] = [:]
    }

    private let state = LockedValue(State())

    private init() {}

    /// Makes the calling thread the creator of the thing `key` identifies (a registration's
    /// service, an `@Injected` property's value), waiting while another thread creates it; the
    /// cycle's path instead when that wait would close one across threads.
    func acquire(_ key: ObjectIdentifier, named label: String, thread: ThreadState) -> [String]? {
        let me = ObjectIdentifier(thread)
        let wakeup = thread.creationWakeup
        var deadlock: [String]?
        let mayCreate = { (state: inout State) -> Bool in
            state.waits[me] = nil
            guard let creator = state.creators[key] else { return true }
            let cycle = CreationGate.cycleBeforeWaiting {
                state.cyclePath(to: label, creator: creator, back: me)
            }
            if let path = cycle {
                deadlock = thread.frames.map(\.id) + path
                return true
            }
            state.waits[me] = (key, label, Array(thread.frames), wakeup)
            return false
        }
        state.withLock(waitingUntil: mayCreate, wakingOn: wakeup) { state in
            if deadlock == nil { state.creators[key] = (me, thread.frames.count) }
        }
        return deadlock
    }

    /// Ends the calling thread's creation of the thing `key` identifies and wakes the threads
    /// waiting for it, and no others; returns how many it woke.
    @discardableResult
    func release(_ key: ObjectIdentifier) -> Int {
        let waiters = state.withLock { state in
            state.creators[key] = nil
            return state.waits.values.filter { $0.target == key }.map(\.wakeup)
        }
        for wakeup in waiters { state.wakeWaiters(wakeup) }
        return waiters.count
    }
}

extension CreationMonitor.State {
    /// The IDs along the wait chain from the thing named `label`, which `creator` creates,
    /// back to thread `me`, or `nil` if the chain ends elsewhere.
    fileprivate func cyclePath(
        to label: String, creator: CreationMonitor.Creation, back me: ObjectIdentifier
    ) -> [String]? {
        var path = [label]
        var created = (label: label, by: creator)
        // Each thread waits for at most one thing, so the chain has no branches; the bound
        // guards against a chain that loops without reaching `me`.
        for _ in 0...waits.count {
            if created.by.thread == me { return path }
            guard let wait = waits[created.by.thread], let next = creators[wait.target] else { return nil }
            var pushed = wait.frames.dropFirst(created.by.depth)
            // A registration's own frame, or the one an `@Injected` property's load pushed,
            // repeats the label already in the path.
            if pushed.first?.id == created.label { pushed = pushed.dropFirst() }
            path += pushed.map(\.id)
            path.append(wait.label)
            created = (wait.label, next)
        }
        return nil
    }
}
