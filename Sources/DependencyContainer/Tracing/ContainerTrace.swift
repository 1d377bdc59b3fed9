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
/// print(trace)  // PlayerInjectID (transient) made in 0.012 ms, then what it loaded
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
///   path and a short lock to find its trace, and one on a traced container a second lock to
///   record; stopping the last trace ends that cost. A trace that nobody holds stops. The
///   trace holds its container weakly.
/// - A load made by an `async` factory has no factory on the thread to nest under: it is
///   recorded as a top-level load. A load that failed before its factory ran (a cycle, a
///   captive dependency) reads as ``Outcome/reused``; the diagnostics handler has why.
public final class ContainerTrace: Sendable {
    /// What the trace records; the registry holds it while it records, never the trace
    /// itself, so that a trace nobody holds is freed and stops.
    let recorder: TraceRecorder

    init(container: Container, maximumLoads: Int) {
        recorder = TraceRecorder(container: container, maximumLoads: maximumLoads)
    }

    deinit {
        recorder.end()
    }

    /// The most loads the trace keeps.
    public var maximumLoads: Int {
        recorder.maximumLoads
    }

    /// Whether the trace still records.
    public var isRecording: Bool {
        recorder.log.withLock { $0.isRecording }
    }

    /// Stops recording.
    ///
    /// What the trace recorded stays readable, and loads pay nothing more for it. Stopping a
    /// stopped trace does nothing.
    ///
    /// - Complexity: O(*t*) in the traces recording and the threads they saw.
    public func stop() {
        recorder.end()
    }

    /// The top-level loads recorded, in the order they began, each with what it loaded.
    ///
    /// - Complexity: O(*n*) in the loads recorded.
    public var loads: [Load] {
        recorder.log.withLock { $0.tree }
    }

    /// How many loads were not kept because the trace held ``maximumLoads`` already, with
    /// the loads made inside them.
    public var droppedLoads: Int {
        recorder.log.withLock { $0.droppedLoads }
    }
}
