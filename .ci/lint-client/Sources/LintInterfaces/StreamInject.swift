import DependencyContainer
import Foundation

/// A media stream opened from a URL known only at run time.
public protocol StreamInject: AnyObject, Sendable {
    /// Where the stream plays from.
    var url: URL { get }
}

extension ArgumentInjectID where Argument == URL, Service == any StreamInject {
    /// A new stream for each URL.
    public static var stream: Self { ArgumentInjectID("StreamInjectID") }
}

/// What a signed-in user has put aside; discarded at logout.
public final class Basket: Sendable {
    /// Creates an empty basket.
    public init() {}
}

extension InjectID where Service == Basket {
    /// The signed-in user's basket, in the session scope.
    public static var basket: Self { InjectID("BasketInjectID") }
}
