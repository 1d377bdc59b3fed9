import DCExampleAppInterfaces
import Foundation

/// The host's log: prints each line and keeps it, so a run can be checked afterwards.
///
/// `@unchecked Sendable`: `lines` is only touched with `lock` held.
public final class TranscriptLog: AppLogInject, @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [String] = []
    private let echo: Bool

    /// Creates a log.
    ///
    /// - Parameter echo: Whether each line is also printed to standard output.
    public init(echo: Bool = true) {
        self.echo = echo
    }

    /// Records `line`, and prints it when echoing.
    public func write(_ line: String) {
        lock.withLock { recorded.append(line) }
        if echo { print(line) }
    }

    /// Every line written so far.
    public var lines: [String] { lock.withLock { recorded } }
}
