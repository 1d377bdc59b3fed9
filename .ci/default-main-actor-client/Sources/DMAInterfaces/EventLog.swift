import DependencyContainer
import Foundation

/// What the features did, in order: a service any thread may use.
///
/// `nonisolated`, so that its conformances are too: a plain `register` factory, which runs
/// on whichever thread loads, may create it.
nonisolated public final class EventLog: @unchecked Sendable {
    // `@unchecked`: `lines` is read and written only under `lock`.
    private let lock = NSLock()
    private var lines: [String] = []

    /// Creates an empty log.
    public init() {}

    /// Appends `line`.
    ///
    /// - Parameter line: What happened.
    public func record(_ line: String) {
        lock.withLock { lines.append(line) }
    }

    /// Everything recorded, oldest first.
    public var all: [String] { lock.withLock { lines } }
}

extension InjectID where Service == EventLog {
    /// The app's event log.
    public static var eventLog: Self { InjectID("DMAEventLogInjectID") }
}
