import DependencyContainer

/// The analytics feature's entry point: everything it provides, registered in one call.
public enum AnalyticsFeature {
    /// Registers the analytics feature's services into `container`.
    ///
    /// - Parameter container: The host's container.
    public static func register(into container: Container) {
        container.register(AnalyticsProvider.self)
    }
}
