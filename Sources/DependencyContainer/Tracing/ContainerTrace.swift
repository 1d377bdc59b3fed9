/// A record of the loads made on a container and the containers below it: what each factory
/// loaded, whether it made or reused a service, and how long it took.
///
/// It keeps at most ``maximumLoads`` and stops when nobody holds it; see <doc:Tracing>.
public final class ContainerTrace: Sendable {
    /// What the trace records; the registry holds it while it records, never the trace
    /// itself, so that a trace nobody holds is freed and stops.
    let recorder: TraceRecorder

    init(container: Container, maximumLoads: Int) {
        recorder = TraceRecorder(container: container, maximumLoads: maximumLoads)
    }

    deinit { recorder.end() }

    /// The most loads the trace keeps.
    public var maximumLoads: Int { recorder.maximumLoads }

    /// Whether the trace still records.
    public var isRecording: Bool { recorder.log.withLock { $0.isRecording } }

    /// Stops recording.
    public func stop() { recorder.end() }

    /// The top-level loads recorded, in the order they began, each with what it loaded.
    public var loads: [Load] { recorder.log.withLock { $0.tree } }

    /// How many loads, with those made inside them, were dropped past ``maximumLoads``.
    public var droppedLoads: Int { recorder.log.withLock { $0.droppedLoads } }
}
