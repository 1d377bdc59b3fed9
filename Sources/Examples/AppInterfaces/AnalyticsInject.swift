import DependencyContainer

/// Records product analytics events.
public protocol AnalyticsInject: AnyObject {
    /// Records `event`.
    ///
    /// - Parameters:
    ///   - event: The event name.
    ///   - properties: Extra facts about the event.
    func track(_ event: String, properties: [String: String])
}

extension InjectID where Service == any AnalyticsInject {
    /// The analytics feature.
    public static var analytics: Self { InjectID("AnalyticsInjectID") }
}

/// The fallback when analytics is absent: events are dropped.
public final class NullAnalytics: AnalyticsInject {
    /// Creates an analytics sink that drops every event.
    public init() {}

    /// Drops the event.
    public func track(_ event: String, properties: [String: String]) {}
}
