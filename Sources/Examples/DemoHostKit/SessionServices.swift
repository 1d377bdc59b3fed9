import DCExampleAppInterfaces
import DependencyContainer

/// The signed-in user's live-updates connection: opened on first use, closed at logout.
final class SessionSocket: Sendable {
    let userName: String
    private let log: UncheckedLog

    init(userName: String, log: any AppLogInject) {
        self.userName = userName
        self.log = UncheckedLog(log)
        log.write("socket: opened for \(userName)")
    }

    /// What the dispose hook calls when the session's services go.
    func close() {
        log.log.write("socket: closed for \(userName)")
    }
}

/// What the signed-in user played, saved at logout through the socket it was made with.
final class PlaybackHistory: Sendable {
    private let socket: SessionSocket
    private let titles = LockedValue<[String]>([])
    private let log: UncheckedLog

    init(socket: SessionSocket, log: any AppLogInject) {
        self.socket = socket
        self.log = UncheckedLog(log)
    }

    func record(_ title: String) {
        titles.withLock { $0.append(title) }
    }

    /// What the dispose hook calls: it still needs its socket, which is disposed after it.
    func save() {
        let count = titles.withLock { $0.count }
        log.log.write(
            "history: saved \(count) title\(count == 1 ? "" : "s") for \(socket.userName) before the socket closes"
        )
    }
}

extension InjectID where Service == SessionSocket {
    /// The host's own session service; features never see it.
    static var sessionSocket: Self { InjectID("SessionSocketID") }
}

extension InjectID where Service == PlaybackHistory {
    static var playbackHistory: Self { InjectID("PlaybackHistoryID") }
}

/// Hands the host's log to the container's `@Sendable` factories and services.
///
/// `@unchecked Sendable`: the log is created once by the host and only written to.
struct UncheckedLog: @unchecked Sendable {
    let log: any AppLogInject
    init(_ log: any AppLogInject) {
        self.log = log
    }
}

/// The toast feature's update, which the host swaps in while the app runs.
final class CompactToast: ToastInject {
    private let log: any AppLogInject

    init(log: any AppLogInject) {
        self.log = log
    }

    func show(_ message: String, duration: Duration) {
        log.write("toast (compact): \"\(message)\"")
    }
}
