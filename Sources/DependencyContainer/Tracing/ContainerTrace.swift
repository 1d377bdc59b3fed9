/// A record of the loads made on a container while it runs: each top-level load, what its
/// factory loaded in turn, whether each made a service or reused one, and how long each
/// factory took, as lines a person reads and as a graph of what was actually resolved.
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
/// It records the loads on its container and the containers below it, keeps at most
/// `maximumLoads`, and stops when nobody holds it; see <doc:Tracing>.
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
    public func stop() {
        recorder.end()
    }

    /// The top-level loads recorded, in the order they began, each with what it loaded.
    public var loads: [Load] {
        recorder.log.withLock { $0.tree }
    }

    /// How many loads were not kept because the trace held ``maximumLoads`` already, with
    /// the loads made inside them.
    public var droppedLoads: Int {
        recorder.log.withLock { $0.droppedLoads }
    }
}
