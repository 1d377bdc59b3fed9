#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Per-thread bookkeeping: cached registry snapshots and the resolution in progress.
///
/// It is reached only through ``current``, from the thread that owns it, so it needs no lock.
/// Keeping the resolution stack here rather than in the ``Resolver`` means that a factory
/// which calls `Container.load` directly, instead of its resolver, is still checked for cycles.
final class ThreadState {
    /// Registrations being created on this thread, outermost first.
    var frames: [Registration] = []

    /// Services of ``Scope/graph`` registrations created during the current top-level load.
    var graphInstances: [ObjectIdentifier: (registration: Registration, value: Any)] = [:]

    /// The first cycle found during the current top-level load; it fails that load.
    var cycle: [String]?

    /// Whether a diagnostics handler is running on this thread.
    var isReporting = false

    private var snapshots: [CachedSnapshot] = []
    private var nextEviction = 0
    private static let snapshotCapacity = 8

    /// The snapshot of container `serial` cached by this thread, if it is still current.
    @inline(__always)
    func cachedSnapshot(container serial: UInt64, generation: UInt64) -> Snapshot? {
        for index in snapshots.indices where snapshots[index].container == serial {
            return snapshots[index].generation == generation ? snapshots[index].snapshot : nil
        }
        return nil
    }

    /// Remembers `snapshot` as the state of container `serial` at `generation`.
    func cache(_ snapshot: Snapshot, container serial: UInt64, generation: UInt64) {
        let entry = CachedSnapshot(container: serial, generation: generation, snapshot: snapshot)
        let replaced: CachedSnapshot?
        if let index = snapshots.firstIndex(where: { $0.container == serial }) {
            replaced = snapshots[index]
            snapshots[index] = entry
        } else if snapshots.count < Self.snapshotCapacity {
            replaced = nil
            snapshots.append(entry)
        } else {
            replaced = snapshots[nextEviction]
            snapshots[nextEviction] = entry
            nextEviction = (nextEviction + 1) % Self.snapshotCapacity
        }
        // Freeing a snapshot can run a service's deinit, which may load and so reach this
        // state again; keep it alive until no access to `snapshots` is in progress.
        withExtendedLifetime(replaced) {}
    }

    /// Drops every cached snapshot of container `serial`, so its registrations can be freed.
    func forget(container serial: UInt64) {
        let forgotten = snapshots.filter { $0.container == serial }
        guard !forgotten.isEmpty else { return }
        snapshots.removeAll { $0.container == serial }
        nextEviction = 0
        withExtendedLifetime(forgotten) {}
    }

    /// The calling thread's state, created on first use and freed when the thread exits.
    @inline(__always)
    static var current: ThreadState {
        if let key = threadStateKey {
            if let pointer = pthread_getspecific(key) {
                return Unmanaged<ThreadState>.fromOpaque(pointer).takeUnretainedValue()
            }
            let state = ThreadState()
            pthread_setspecific(key, Unmanaged.passRetained(state).toOpaque())
            return state
        }
        return fallbackState()
    }

    /// Used only when the process has run out of thread-specific keys.
    private static func fallbackState() -> ThreadState {
        #if canImport(Darwin)
            let thread = UInt(bitPattern: pthread_self())
        #else
            let thread = UInt(pthread_self())
        #endif
        return fallbackStates.withLock { states in
            if let state = states[thread] { return state.value }
            let state = ThreadState()
            states[thread] = UncheckedState(value: state)
            return state
        }
    }
}

private struct CachedSnapshot {
    var container: UInt64
    var generation: UInt64
    var snapshot: Snapshot
}

/// `@unchecked Sendable`: each state is used only by the thread whose ID keys it.
private struct UncheckedState: @unchecked Sendable {
    let value: ThreadState
}

private let fallbackStates = LockedValue<[UInt: UncheckedState]>([:])

/// The key under which each thread keeps its ``ThreadState``; `nil` if none could be created.
private let threadStateKey: pthread_key_t? = {
    var key = pthread_key_t()
    #if canImport(Darwin)
        let status = pthread_key_create(&key) { pointer in
            Unmanaged<ThreadState>.fromOpaque(pointer).release()
        }
    #else
        let status = pthread_key_create(&key) { pointer in
            guard let pointer else { return }
            Unmanaged<ThreadState>.fromOpaque(pointer).release()
        }
    #endif
    return status == 0 ? key : nil
}()
