import DependencyContainer

/// The player feature's entry point: everything it provides, registered in one call.
public enum PlayerFeature {
    /// Registers the player feature's services into `container`.
    ///
    /// - Parameter container: The host's container.
    public static func register(into container: Container) {
        container.register(PlayerProvider.self)
    }
}
