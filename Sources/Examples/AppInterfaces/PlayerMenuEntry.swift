import DependencyContainer

/// One entry of the player's menu; features contribute entries without knowing each other.
public struct PlayerMenuEntry: Sendable, Equatable {
    /// The title shown in the menu.
    public let title: String

    /// Creates a menu entry.
    ///
    /// - Parameter title: The title shown in the menu.
    public init(title: String) {
        self.title = title
    }
}

extension ExtensionPoint where Element == PlayerMenuEntry {
    /// The player's menu: every feature may add entries.
    public static var playerMenu: Self { ExtensionPoint("PlayerMenuExtensionPoint") }
}
