/// A record of the loads made on a container while it runs: each top-level load, what its
/// factory loaded in turn, whether each made a service or reused one, and how long each
/// factory took, as lines a person reads and as a graph of what was actually resolved.
///
/// Start one with ``Container/startTrace(maximumLoads:)``, make the loads, stop it, and read it:
///
/// ```swift
/// let trace = container.startTrace()
/// _ = container.load(.player)
/// trace.stop()
/// print(trace)  // PlayerInjectID (transient) made in 0.012 ms
///               //   ToastInjectID (singleton) made in 0.004 ms
/// let dot = trace.graphviz  // digraph ContainerTrace { … }
/// let chart = trace.mermaid  // graph TD …
/// ```
///
/// - It records the loads made on its container and on the containers below it, with what
///   their factories load on whatever container; loads on other threads are recorded at
///   the same time, each thread's nesting apart.
/// - It holds at most `maximumLoads` loads: later ones are counted in ``droppedLoads`` and
///   not kept, so a trace left running costs bounded memory.
/// - While any trace records, every synchronous load in the process takes the engine's noted
///   path and each one on a traced container takes two short locks; stopping the last trace
///   ends that cost. A trace that nobody holds stops. The trace holds its container weakly.
/// - A load made by an `async` factory has no factory on the thread to nest under: it is
///   recorded as a top-level load. A load that failed before its factory ran (a cycle, a
///   captive dependency) reads as ``Outcome/reused``; the diagnostics handler has why.
public final class ContainerTrace: Sendable {
    /// The most loads the trace keeps.
    public let maximumLoads: Int
    /// The traced container's reference, which holds it weakly.
    let reference: ContainerReference
    private let log = LockedValue(TraceLog())

    init(container: Container, maximumLoads: Int) {
        self.maximumLoads = max(0, maximumLoads)
        self.reference = container.reference
    }

    deinit {
        end()
    }

    /// Whether the trace still records.
    public var isRecording: Bool {
        log.withLock { $0.isRecording }
    }

    /// Stops recording: what the trace recorded stays readable, and loads pay nothing more
    /// for it. Stopping a stopped trace does nothing.
    ///
    /// - Complexity: O(*t*) in the traces recording and the threads they saw.
    public func stop() {
        end()
    }

    /// The top-level loads recorded, in the order they began, each with what it loaded.
    ///
    /// - Complexity: O(*n*) in the loads recorded.
    public var loads: [Load] {
        log.withLock { $0.tree }
    }

    /// How many loads were not kept because the trace held ``maximumLoads`` already, with
    /// the loads made inside them.
    public var droppedLoads: Int {
        log.withLock { $0.droppedLoads }
    }

    /// Ends the recording once.
    private func end() {
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

    // MARK: Recording, for `TraceRegistry`

    func recordLoad(of id: String, scope: String?, outcome: Outcome, depth: Int, thread: ObjectIdentifier) {
        log.withLock {
            $0.recordLoad(
                of: id, scope: scope, outcome: outcome, depth: depth, thread: thread, maximum: maximumLoads)
        }
    }

    /// Marks the load whose factory starts as one that makes its service.
    ///
    /// - Returns: Whether the trace records that load.
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

extension Container {
    /// Starts a trace of the loads made on this container and the containers below it.
    ///
    /// See ``ContainerTrace``. Traces started on the same container record the same loads.
    ///
    /// ```swift
    /// let trace = container.startTrace(maximumLoads: 1_000)
    /// ```
    ///
    /// - Parameter maximumLoads: The most loads the trace keeps; later ones are counted in
    ///   ``ContainerTrace/droppedLoads``.
    /// - Returns: The trace, recording until ``ContainerTrace/stop()`` or until nobody holds it.
    public func startTrace(maximumLoads: Int = 10_000) -> ContainerTrace {
        let trace = ContainerTrace(container: self, maximumLoads: maximumLoads)
        TraceRegistry.add(trace)
        CreationTraceReaders.beginContainerTrace()
        return trace
    }
}
