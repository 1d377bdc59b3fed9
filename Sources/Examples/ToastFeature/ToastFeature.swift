import DependencyContainer

/// The toast feature's entry point: everything it provides, registered in one call.
public enum ToastFeature {
    /// Registers the toast feature's services into `container`.
    ///
    /// - Parameter container: The host's container.
    public static func register(into container: Container) {
        container.register(ToastProvider.self)
    }
}
