import DependencyContainer

/// Shows short messages over the app's content.
///
/// Declared in a module whose default isolation is the main actor, yet not main-actor
/// isolated itself: the default applies to types and functions, not to protocols.
public protocol ToastInject: AnyObject {
    /// The messages shown so far, oldest first.
    var shown: [String] { get }

    /// Shows `message`.
    ///
    /// - Parameter message: The text to show.
    func show(_ message: String)

    /// Shows what the player plays, which the toast loads only when asked.
    func showNowPlaying()
}

extension InjectID where Service == any ToastInject {
    /// The toast feature.
    public static var toast: Self { InjectID("DMAToastInjectID") }
}
