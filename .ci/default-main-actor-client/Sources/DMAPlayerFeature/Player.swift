import DMAInterfaces

/// Plays titles and announces each with a toast, if the app has one.
final class Player: PlayerInject {
    private(set) var nowPlaying: String?
    private let toast: (any ToastInject)?

    init(toast: (any ToastInject)?) {
        self.toast = toast
    }

    func play(_ title: String) {
        nowPlaying = title
        toast?.show("Now playing \(title)")
    }
}
