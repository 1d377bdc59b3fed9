import DCExampleAppInterfaces
import DependencyContainer

/// The host's log: prints each line and keeps it, so a run can be checked afterwards.
public final class TranscriptLog: AppLogInject, Sendable {
    private let recorded = LockedValue<[String]>([])
    private let echo: Bool

    /// Creates a log.
    ///
    /// - Parameter echo: Whether each line is also printed to standard output.
    public init(echo: Bool = true) {
        self.echo = echo
    }

    /// Records `line`, and prints it when echoing.
    public func write(_ line: String) {
        recorded.withLock { $0.append(line) }
        if echo { print(line) }
    }

    /// Every line written so far.
    public var lines: [String] { recorded.withLock { $0 } }
}
