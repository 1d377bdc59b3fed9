/// What a ``ContainerTrace`` records into, held by the ``TraceRegistry`` while it records.
final class TraceRecorder: Sendable {
    /// The traced container's reference, which holds it weakly.
    let reference: ContainerReference
    /// The most loads kept.
    let maximumLoads: Int
    /// The loads, under the recorder's lock; no code of the app runs under it.
    let log = LockedValue(TraceLog())

    init(reference: ContainerReference, maximumLoads: Int) {
        self.reference = reference
        self.maximumLoads = max(0, maximumLoads)
    }

    /// Ends the recording, once: the registry forgets it, and the loads' cost ends with it.
    func end() {
        let wasRecording = log.withLock { log -> Bool in
            defer {
                log.isRecording = false
                log.cursors = [:]
            }
            return log.isRecording
        }
        guard wasRecording else { return }
        TraceRegistry.remove(ObjectIdentifier(self))
        CreationTraceReaders.endContainerTrace()
    }

    /// Records a load at `depth` on `thread`.
    func recordLoad(
        of id: String, scope: String?, outcome: ContainerTrace.Outcome, depth: Int, thread: ObjectIdentifier
    ) {
        log.withLock {
            $0.recordLoad(
                of: id, scope: scope, outcome: outcome, depth: depth, thread: thread, maximum: maximumLoads)
        }
    }

    /// Marks the load whose factory starts as one that makes its service.
    func recordFactoryStart(depth: Int, thread: ObjectIdentifier) -> Bool {
        log.withLock { log -> Bool in
            guard let index = log.factoryEntry(depth: depth, thread: thread) else { return false }
            if log.entries[index].outcome == .reused { log.entries[index].outcome = .made }
            return true
        }
    }

    /// Adds the time of a factory that ended to its load; a creation hook's run adds to it.
    func recordFactoryEnd(depth: Int, nanoseconds: UInt64, failed: Bool, thread: ObjectIdentifier) {
        log.withLock { log in
            guard let index = log.factoryEntry(depth: depth, thread: thread) else { return }
            log.entries[index].nanoseconds = (log.entries[index].nanoseconds ?? 0) &+ nanoseconds
            if failed { log.entries[index].outcome = .failed }
        }
    }
}
