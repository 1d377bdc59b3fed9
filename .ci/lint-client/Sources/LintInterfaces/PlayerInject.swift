import DependencyContainer

/// Plays titles; declared so that the mistyped copy has a second service type to confuse.
public protocol PlayerInject: AnyObject, Sendable {
    /// Plays `title`.
    ///
    /// - Parameter title: The title to play.
    func play(_ title: String)
}

extension InjectID where Service == any PlayerInject {
    /// The player, which no target of this app provides yet.
    // inject-lint: optional
    public static var player: Self { InjectID("PlayerInjectID") }
}
