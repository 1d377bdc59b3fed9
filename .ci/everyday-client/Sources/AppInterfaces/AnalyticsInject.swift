import DependencyContainer

/// Records what the user does.
public protocol AnalyticsInject: AnyObject {
    /// The events recorded so far, oldest first.
    var events: [String] { get }

    /// Records `event`.
    ///
    /// - Parameter event: What happened.
    func track(_ event: String)
}

extension InjectID where Service == any AnalyticsInject {
    /// The analytics feature.
    public static var analytics: Self { InjectID("AnalyticsInjectID") }
}
