import DependencyContainerKernel
import DependencyContainerSystem

/// Per-thread bookkeeping: cached registry snapshots and the resolution in progress.
final class ThreadState: ReadingThread {
    /// Registrations being created on this thread, outermost first.
    @exclusivity(unchecked) var frames = FrameStack()

    /// The trace sink of this thread's load, chosen by its top-level load.
    @exclusivity(unchecked) var trace: TraceRecorder?

    /// For each shared service being made on this thread, by its registration, what its
    /// factory met so far that a plugin's going or coming changes; empty until owned
    /// registrations exist (``Container/emit(_:thread:)``).
    @exclusivity(unchecked) var notesInCreation: [ObjectIdentifier: CreationNotes] = [:]

    /// Services of ``Scope/graph`` registrations created during the current top-level load.
    @exclusivity(unchecked) var graphInstances: [ObjectIdentifier: (registration: Registration, value: Any)] =
        [:]

    /// Whether this thread is running ``AutoRegistering/autoRegister()``: a root container made
    /// meanwhile does not run it again, which would recurse without end.
    @exclusivity(unchecked) var isAutoRegistering = false

    /// Creation hooks waiting for the outermost ``Scope/graph`` factory running on this thread
    /// to return, in the order the services were made (``DeferredCreationHook``).
    @exclusivity(unchecked) var deferredCreationHooks: [DeferredCreationHook] = []

    /// The first failure that fails the whole current top-level load, whatever the factories
    /// in between make of it: a cycle, or a chain of factories too deep for the stack.
    @exclusivity(unchecked) var loadFailure: ContainerError?

    /// Records `error` as the failure of the whole top-level load unless one was recorded
    /// first, and returns it to throw.
    @inline(__always)
    func recordWholeLoadFailure(_ error: ContainerError) -> ContainerError {
        if loadFailure == nil { loadFailure = error }
        return error
    }

    /// Below this stack address a factory does not start: the stack's low end plus
    /// ``stackReserve``, or 0 when the system cannot tell where the stack ends.
    let stackLimit: UInt

    /// The cached service whose creation fails because a dependency was captive, under the
    /// `fail` policy; see ``Container/checkNotCaptive(_:thread:)``.
    @exclusivity(unchecked) var captiveFailure: (holder: ObjectIdentifier, error: ContainerError)?

    /// Whether a diagnostics handler is running on this thread.
    @exclusivity(unchecked) var isReporting = false

    /// What this thread waits on in ``CreationMonitor``, so that the end of a creation wakes
    /// only its own waiters; made on the first wait.
    private(set) lazy var creationWakeup = ConditionVariable()

    /// The cached snapshots, one per container, as plain values that loads read without
    /// reference counting or exclusivity checks; each is kept alive by `owners`.
    private let slots = SlotBuffer(filledWith: CachedSnapshot(), count: snapshotCapacity)
    /// `owners[i]` keeps `slots[i].snapshot` alive.
    @exclusivity(unchecked) private var owners = [Snapshot?](repeating: nil, count: snapshotCapacity)
    @exclusivity(unchecked) private var nextEviction = 0
    /// Advances whenever a cached snapshot may be released, which ends every borrow (debug
    /// builds check borrows against it).
    @exclusivity(unchecked) var cacheEpoch: UInt64 = 0
    private static let snapshotCapacity = 8

    /// This thread's announcement to ``InstanceReclaimer`` while it reads published services.
    let reader: ReaderRecord
    /// How many read sections are open on this thread; only the outermost announces.
    @exclusivity(unchecked) private(set) var readDepth = 0

    /// The stack a nested factory leaves for the code between it and the next check (the
    /// factory's own work, the runtime's, a sanitizer's redzones), and for unwinding.
    static let stackReserve: UInt = 64 * 1024

    init() {
        let low = UInt(dependency_container_stack_low_address())
        stackLimit = low == 0 ? 0 : low + Self.stackReserve
        reader = InstanceReclaimer.shared.makeRecord()
    }

    deinit {
        slots.deallocate()
        // The thread is outside any load here, so its record holds nothing back.
        InstanceReclaimer.shared.removeRecord(reader)
    }

    /// Starts a read section: until the matching ``endRead()``, a write that retires a service
    /// waits before freeing it, so this thread may read published services in place.
    @inline(__always)
    func beginRead(_ key: ReadKey) {
        if readDepth == 0 { reader.announce(key) }
        readDepth &+= 1
    }

    /// Ends a read section.
    @inline(__always)
    func endRead() {
        readDepth &-= 1
        guard readDepth == 0 else { return }
        reader.clear()
    }

    /// The snapshot of container `serial` cached by this thread, if it is still current.
    @inline(__always)
    func cachedSnapshot(container serial: UInt64, generation: UInt64) -> Borrowed<Snapshot>? {
        for index in 0..<Self.snapshotCapacity where slots[index].container == serial {
            return slots[index].generation == generation ? slots[index].snapshot : nil
        }
        return nil
    }

    /// Remembers `snapshot` as the state of container `serial`.
    func cache(_ snapshot: Snapshot, container serial: UInt64) {
        cacheEpoch &+= 1
        let entry = CachedSnapshot(
            container: serial, generation: snapshot.generation, snapshot: Borrowed(snapshot))
        let free =
            (0..<Self.snapshotCapacity).first { slots[$0].container == serial }
            ?? (0..<Self.snapshotCapacity).first { slots[$0].snapshot == nil }
        // All taken: the next slot, round robin.
        let slot = free ?? nextEviction
        if free == nil { nextEviction = (nextEviction + 1) % Self.snapshotCapacity }
        slots[slot] = entry
        let replaced = owners[slot]
        owners[slot] = snapshot
        // Freeing a snapshot can run a service's deinit, which may load and so reach this
        // state again; keep it alive until no access to `owners` is in progress.
        withExtendedLifetime(replaced) {}
    }

    /// Drops every cached snapshot of container `serial`, so its registrations can be freed.
    func forget(container serial: UInt64) {
        cacheEpoch &+= 1
        var forgotten: [Snapshot?] = []
        for index in 0..<Self.snapshotCapacity where slots[index].container == serial {
            slots[index] = CachedSnapshot()
            forgotten.append(owners[index])
            owners[index] = nil
        }
        withExtendedLifetime(forgotten) {}
    }

    /// The calling thread's state, created on first use and freed when the thread exits.
    @inline(__always)
    static var current: ThreadState { currentBorrowed.retained }

    /// The calling thread's state without a reference of the caller's own: the thread keeps
    /// it alive until it exits, and the load fast path saves a retain and a release.
    @inline(__always)
    static var currentBorrowed: Borrowed<ThreadState> {
        ThreadStateSlot.current { ThreadState() }
    }

    /// The calling thread's state if it has one; never creates one, so it may be used while
    /// the thread exits.
    static var existing: ThreadState? { ThreadStateSlot.existing(as: ThreadState.self) }
}

/// A cached snapshot as a trivial value: copying it touches no reference count.
private struct CachedSnapshot {
    /// 0 in a free slot: no container has serial 0.
    var container: UInt64 = 0
    var generation: UInt64 = 0
    var snapshot: Borrowed<Snapshot>?
}
