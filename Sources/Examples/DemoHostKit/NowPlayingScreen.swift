import DCExampleAppInterfaces

/// A screen of the app: ordinary business code that takes its dependencies as initializer
/// parameters and never touches the container.
public final class NowPlayingScreen {
    private let player: any PlayerInject
    private let toast: any ToastInject
    private let analytics: any AnalyticsInject

    /// Creates the screen with the services it uses.
    ///
    /// - Parameters:
    ///   - player: Plays the title.
    ///   - toast: Confirms the user's actions.
    ///   - analytics: Records what the user did.
    public init(player: any PlayerInject, toast: any ToastInject, analytics: any AnalyticsInject) {
        self.player = player
        self.toast = toast
        self.analytics = analytics
    }

    /// The user opens `title`: it starts playing.
    ///
    /// - Parameter title: The title to play.
    public func open(_ title: String) {
        player.play(title)
    }

    /// The user saves the current title: a toast confirms it, pausing playback meanwhile.
    public func saveToFavourites() {
        let title = player.nowPlaying ?? "nothing"
        analytics.track("favourite", properties: ["title": title])
        toast.show("Saved \(title) to favourites", duration: .seconds(1))
    }
}
