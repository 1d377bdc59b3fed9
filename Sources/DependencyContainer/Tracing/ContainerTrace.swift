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

    /// What became of a load.
    public enum Outcome: String, Hashable, Sendable {
        /// Its factory ran and made the service.
        case made
        /// It received a service its scope kept, and ran no factory.
        case reused
        /// No registration answered it.
        case missing
        /// Its factory threw.
        case failed
    }

    /// One recorded load, with the loads its factory made.
    public struct Load: Hashable, Sendable {
        /// The ID loaded.
        public let id: String
        /// The scope of the registration that answered, such as `singleton` or a named scope's
        /// name; `nil` when none did.
        public let scope: String?
        /// What became of the load.
        public internal(set) var outcome: Outcome
        /// How long its factory ran, in seconds, with its loads; `nil` when no factory ran.
        public internal(set) var factoryDuration: Double?
        /// The trace's number for the load's thread, from 1 in the order the trace met them.
        public let thread: Int
        /// The loads its factory made, in order.
        public internal(set) var loads: [Load]
    }
}
