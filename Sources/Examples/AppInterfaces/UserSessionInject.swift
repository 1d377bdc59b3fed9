import DependencyContainer

/// The signed-in user.
public protocol UserSessionInject: AnyObject {
    /// The name to greet the user with.
    var userName: String { get }

    /// Whether the user may play premium titles.
    var isPremium: Bool { get }
}

extension InjectID where Service == any UserSessionInject {
    /// The current user session, registered by the host.
    public static var userSession: Self { InjectID("UserSessionInjectID") }
}

/// The fallback when nobody is signed in.
public final class GuestSession: UserSessionInject {
    /// Creates a guest session.
    public init() {}

    /// "Guest".
    public var userName: String { "Guest" }

    /// Guests never have premium access.
    public var isPremium: Bool { false }
}
