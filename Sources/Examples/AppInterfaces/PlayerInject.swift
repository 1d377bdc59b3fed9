import DependencyContainer

/// Plays media.
public protocol PlayerInject: AnyObject {
    /// The title playing or paused, if any.
    var nowPlaying: String? { get }

    /// Whether playback is paused.
    var isPaused: Bool { get }

    /// Starts playing `title`.
    ///
    /// - Parameter title: The title to play.
    func play(_ title: String)

    /// Pauses playback, for example while a toast covers the screen.
    func pause()

    /// Resumes paused playback.
    func resume()
}

extension InjectID where Service == any PlayerInject {
    /// The player feature.
    public static var player: Self { InjectID("PlayerInjectID") }
}

/// The fallback when the player feature is absent: nothing plays, and the log says so.
public final class NullPlayer: PlayerInject {
    private let log: any AppLogInject

    /// Creates a player that plays nothing.
    ///
    /// - Parameter log: Where refused requests are noted.
    public init(log: any AppLogInject) {
        self.log = log
    }

    /// Always `nil`: nothing ever plays.
    public var nowPlaying: String? { nil }

    /// Always `false`.
    public var isPaused: Bool { false }

    /// Notes in the log that `title` cannot be played.
    public func play(_ title: String) {
        log.write("player (fallback): cannot play \"\(title)\"")
    }

    /// Does nothing: there is no playback to pause.
    public func pause() {}

    /// Does nothing: there is no playback to resume.
    public func resume() {}
}
