import DCExampleAppInterfaces

/// Shows toasts, pausing the player while a toast covers the screen.
///
/// It needs the player, and the player needs it: the player is loaded when a toast is
/// shown, not when the toast center is created, because the player's factory loads the toast
/// and loading eagerly in both directions would be a cycle (the container reports one as an
/// error rather than hanging).
final class ToastCenter: ToastInject {
    private let log: any AppLogInject
    private let currentPlayer: () -> (any PlayerInject)?

    init(log: any AppLogInject, currentPlayer: @escaping () -> (any PlayerInject)?) {
        self.log = log
        self.currentPlayer = currentPlayer
    }

    func show(_ message: String, duration: Duration) {
        let player = currentPlayer()
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
