import DependencyContainer

/// A banner across the top of the screen: a view, so it lives on the main actor.
///
/// `Sendable` costs conformers nothing (main-actor classes are `Sendable`) and lets an
/// `any BannerInject` be handed to tasks.
@MainActor
public protocol BannerInject: AnyObject, Sendable {
    /// Shows `message` until the next one.
    ///
    /// - Parameter message: The text to show.
    func show(_ message: String)
}

extension InjectID where Service == any BannerInject {
    /// The now-playing banner, a main-actor service of the player feature.
    public static var banner: Self { InjectID("BannerInjectID") }
}
