import DependencyContainer

/// Plays titles.
public protocol PlayerInject: AnyObject {
    /// The title playing, or `nil` before the first.
    var nowPlaying: String? { get }

    /// Starts playing `title`.
    ///
    /// - Parameter title: The title to play.
    func play(_ title: String)
}

extension InjectID where Service == any PlayerInject {
    /// The player feature.
    public static var player: Self { InjectID("PlayerInjectID") }
}
