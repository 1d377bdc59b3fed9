import DCExampleAppInterfaces
import DependencyContainer

/// Shows toasts, pausing the player while a toast covers the screen.
///
/// It needs the player, and the player needs it. The player comes as a lazy handle, loaded
/// when a toast is first shown, so both can be created eagerly: the player's factory loads
/// the toast, and the toast's factory loads nothing that needs it back.
final class ToastCenter: ToastInject {
    private let log: any AppLogInject
    private let player: Lazy<any PlayerInject>

    init(log: any AppLogInject, player: Lazy<any PlayerInject>) {
        self.log = log
        self.player = player
    }

    /// Called when the container lets go of the toast center: no more toasts from it.
    func close() {
        log.write("toast: closed")
    }

    func show(_ message: String, duration: Duration) {
        let player = player.value
        let interruptsPlayback = player.map { $0.nowPlaying != nil && !$0.isPaused } ?? false
        if interruptsPlayback {
            log.write("toast → player: pause while the toast is up")
            player?.pause()
        }
        log.write("toast: \"\(message)\" for \(duration)")
        if interruptsPlayback {
            log.write("toast → player: resume")
            player?.resume()
        }
    }
}
