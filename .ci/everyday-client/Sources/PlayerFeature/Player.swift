import AppInterfaces

/// Plays titles, announcing each with a toast and an analytics event when those features exist.
final class Player: PlayerInject {
    private let toast: (any ToastInject)?
    private let analytics: (any AnalyticsInject)?
    private(set) var nowPlaying: String?

    init(toast: (any ToastInject)?, analytics: (any AnalyticsInject)?) {
        self.toast = toast
        self.analytics = analytics
    }

    func play(_ title: String) {
        nowPlaying = title
        print("player: playing \(title)")
        toast?.show("Now playing \(title)")
        analytics?.track("play \(title)")
    }
}
