import Dispatch

/// The ``ContainerTrace``s that record, and the one each thread's load goes to: the reader
/// of the creation trace that traces report through.
enum TraceRegistry {
    /// The recorders of the traces recording, and the one each thread's load goes to.
    struct State: Sendable {
        var traces: [TraceRecorder] = []
        var threads: [ObjectIdentifier: TraceRecorder] = [:]

        /// The recorder of loads made on `container`: its own trace's, or the nearest
        /// ancestor's.
        func trace(for container: Container) -> TraceRecorder? {
            var current: Container? = container
            while let candidate = current {
                if let trace = traces.first(where: { $0.reference === candidate.reference }) { return trace }
                current = candidate.parent
            }
            return nil
        }
    }

    static let state = LockedValue(State())

    /// Adds `trace`, which records loads made on its container and the containers below it.
    static func add(_ trace: TraceRecorder) {
        state.withLock { $0.traces.append(trace) }
    }

    /// Removes the trace `key` names, and the threads' loads it recorded.
    static func remove(_ key: ObjectIdentifier) {
        state.withLock { state in
            state.traces.removeAll { ObjectIdentifier($0) == key }
            state.threads = state.threads.filter { ObjectIdentifier($0.value) != key }
        }
    }

    /// The trace a load on `container`, on `thread`, goes to; a top-level load chooses it.
    private static func trace(loadingOn container: Container, thread: ThreadState) -> TraceRecorder? {
        let key = ObjectIdentifier(thread)
        return state.withLock { state -> TraceRecorder? in
            guard thread.frames.isEmpty else { return state.threads[key] }
            let trace = state.trace(for: container)
            state.threads[key] = trace
            return trace
        }
    }

    /// The trace the load running on `thread` goes to.
    private static func trace(of thread: ThreadState) -> TraceRecorder? {
        state.withLock { $0.threads[ObjectIdentifier(thread)] }
    }

    /// Notes a load of `registration` on `container`: one that reuses a service, unless a
    /// factory starts for it.
    static func noteLoad(of registration: Registration, on container: Container, thread: ThreadState) {
        guard let trace = trace(loadingOn: container, thread: thread) else { return }
        let scope = registration.scopeName ?? registration.scope.rawValue
        trace.recordLoad(
            of: registration.id, scope: scope, outcome: .reused, depth: thread.frames.count,
            thread: ObjectIdentifier(thread))
    }

    /// Notes a load of `name` on `container` that found no registration.
    static func noteMiss(of name: String, on container: Container, thread: ThreadState) {
        guard let trace = trace(loadingOn: container, thread: thread) else { return }
        trace.recordLoad(
            of: name, scope: nil, outcome: .missing, depth: thread.frames.count,
            thread: ObjectIdentifier(thread))
    }

    /// Notes that `registration`'s factory starts on `thread`.
    static func noteFactoryStart(of registration: Registration, thread: ThreadState) -> UInt64 {
        guard let trace = trace(of: thread) else { return 0 }
        guard trace.recordFactoryStart(depth: thread.frames.count, thread: ObjectIdentifier(thread)) else {
            return 0
        }
        return max(1, DispatchTime.now().uptimeNanoseconds)
    }

    /// Notes that `registration`'s factory, started at `start`, ended on `thread`.
    static func noteFactoryEnd(
        of registration: Registration, startedAt start: UInt64, failed: Bool, thread: ThreadState
    ) {
        let elapsed = DispatchTime.now().uptimeNanoseconds &- start
        guard let trace = trace(of: thread) else { return }
        trace.recordFactoryEnd(
            depth: thread.frames.count, nanoseconds: elapsed, failed: failed, thread: ObjectIdentifier(thread)
        )
    }
}
