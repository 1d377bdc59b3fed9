import DCExampleAppInterfaces

/// Plays titles, announcing each with a toast and an analytics event.
///
/// It takes every dependency as an initializer parameter; only its provider knows about
/// the container.
final class StreamingPlayer: PlayerInject {
    private let toast: any ToastInject
    private let analytics: any AnalyticsInject
    private let session: any UserSessionInject
    private let log: any AppLogInject
    private(set) var nowPlaying: String?
    private(set) var isPaused = false

    init(
        toast: any ToastInject, analytics: any AnalyticsInject, session: any UserSessionInject,
        log: any AppLogInject
    ) {
        self.toast = toast
        self.analytics = analytics
        self.session = session
        self.log = log
    }

    func play(_ title: String) {
        nowPlaying = title
        isPaused = false
        log.write("player: playing \"\(title)\" for \(session.userName)")
        analytics.track("play", properties: ["title": title, "premium": "\(session.isPremium)"])
        log.write("player → toast: announce")
        toast.show("Now playing \(title)", duration: .seconds(2))
    }

    func pause() {
        guard nowPlaying != nil, !isPaused else { return }
        isPaused = true
        log.write("player: paused \"\(nowPlaying ?? "")\"")
    }

    func resume() {
        guard isPaused else { return }
        isPaused = false
        log.write("player: resumed \"\(nowPlaying ?? "")\"")
    }
}
