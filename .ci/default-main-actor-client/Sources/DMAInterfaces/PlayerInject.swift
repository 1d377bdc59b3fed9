import DependencyContainer

/// Plays media and announces it with a toast.
public protocol PlayerInject: AnyObject {
    /// The title playing, if any.
    var nowPlaying: String? { get }

    /// Plays `title`.
    ///
    /// - Parameter title: The title to play.
    func play(_ title: String)
}

extension InjectID where Service == any PlayerInject {
    /// The player feature.
    public static var player: Self { InjectID("DMAPlayerInjectID") }
}
