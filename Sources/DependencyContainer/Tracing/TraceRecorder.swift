import Dispatch

/// What a ``ContainerTrace`` records into: the trace sink of the loads on its container and
/// the containers below it, which the registry of recording traces holds while it records.
final class TraceRecorder: Sendable {
    /// The references of the containers it counts itself on: the traced one's first (which holds
    /// it weakly), then those below it.
    private let counted: [ContainerReference]
    let maximumLoads: Int
    /// The loads, under the recorder's lock; no code of the app runs under it.
    let log = LockedValue(TraceLog())

    /// The recorders recording; a recorder has no deinit, so one released under the lock runs no code.
    private static let recording = LockedValue<[TraceRecorder]>([])

    init(container: Container, maximumLoads: Int) {
        self.maximumLoads = max(0, maximumLoads)
        func tree(_ container: Container) -> [ContainerReference] {
            [container.reference] + container.children.live.flatMap(tree)
        }
        counted = tree(container)
        Self.recording.withLock { $0.append(self) }
        CreationTraceReaders.countContainerTrace(by: 1, on: counted)
    }

    /// Ends the recording, once: the loads' cost ends with it.
    func end() {
        let wasRecording = log.withLock { log -> Bool in
            defer { (log.isRecording, log.cursors) = (false, [:]) }
            return log.isRecording
        }
        guard wasRecording else { return }
        Self.recording.withLock { $0.removeAll { $0 === self } }
        CreationTraceReaders.countContainerTrace(by: UInt64.max, on: counted)
    }

    /// The recorder of loads made on `container`: its own trace's, or the nearest ancestor's.
    static func recorder(for container: Container) -> TraceRecorder? {
        recording.withLock { traces in
            sequence(first: container, next: \.parent).lazy.compactMap { candidate in
                traces.first { $0.counted[0] === candidate.reference }
            }.first
        }
    }

    /// Records a load at `depth` on `thread`, or counts it dropped past ``maximumLoads``.
    func recordLoad(
        of id: String, scope: String?, outcome: ContainerTrace.Outcome, depth: Int, thread: ObjectIdentifier
    ) {
        log.withLock { log in
            guard log.isRecording else { return }
            var cursor = log.cursors[thread] ?? (log.cursors.count + 1, [])
            defer { log.cursors[thread] = cursor }
            cursor.loads.removeSubrange(min(depth, cursor.loads.count)...)
            while cursor.loads.count < depth { cursor.loads.append(TraceLog.unknown) }
            let parent = depth > 0 ? cursor.loads[depth - 1] : TraceLog.unknown
            guard parent != TraceLog.dropped, log.entries.count < maximumLoads else {
                log.droppedLoads += 1
                cursor.loads.append(TraceLog.dropped)
                return
            }
            log.entries.append(
                ContainerTrace.Load(
                    id: id, scope: scope, outcome: outcome, factoryDuration: nil, thread: cursor.number,
                    loads: []))
            log.parents.append(parent >= 0 ? parent : nil)
            cursor.loads.append(log.entries.count - 1)
        }
    }

    /// Marks the load whose factory starts on `thread` as one that makes its service, and
    /// returns the monotonic start time, or 0 when the trace does not record that load.
    func factoryStarts(_ thread: ThreadState) -> UInt64 {
        let recorded = changeFactoryEntry(on: thread) { if $0.outcome == .reused { $0.outcome = .made } }
        return recorded ? max(1, DispatchTime.now().uptimeNanoseconds) : 0
    }

    /// Adds the time of a factory that ended on `thread` to its load; a creation hook's run adds to it.
    func factoryEnded(startedAt start: UInt64, failed: Bool, _ thread: ThreadState) {
        let elapsed = DispatchTime.now().uptimeNanoseconds &- start
        changeFactoryEntry(on: thread) { entry in
            entry.factoryDuration = (entry.factoryDuration ?? 0) + Double(elapsed) / 1_000_000_000
            if failed { entry.outcome = .failed }
        }
    }

    /// Changes the entry of the load whose factory runs on `thread`, if the trace records it.
    @discardableResult
    private func changeFactoryEntry(on thread: ThreadState, _ change: (inout ContainerTrace.Load) -> Void)
        -> Bool
    {
        let depth = thread.frames.count
        return log.withLock { log in
            guard log.isRecording, let loads = log.cursors[ObjectIdentifier(thread)]?.loads,
                depth < loads.count,
                loads[depth] >= 0
            else { return false }
            change(&log.entries[loads[depth]])
            return true
        }
    }
}
