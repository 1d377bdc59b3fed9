// The services the assemblies share, keyed by type as in the Swinject app: `.type(Clock.self)`.

/// The time, for the services that stamp what they do.
public protocol Clock: Sendable {
    /// Seconds since the app started.
    func now() -> Double
}

/// Keeps small values between launches.
public protocol KeyValueStore: AnyObject, Sendable {
    /// The value stored for `key`.
    func value(for key: String) -> String?
}

/// Fetches the feed from the server.
public protocol APIClient: AnyObject, Sendable {
    /// The paths of the items at `path`.
    func fetch(_ path: String) -> [String]
}

/// Sends the user notifications; shared by everything one screen's load makes (`.graph`).
public protocol Notifier: AnyObject, Sendable {
    /// Sends `message`.
    func notify(_ message: String)
}

/// Shows short messages over the app's content; one for the app (a singleton).
public protocol Toast: AnyObject, Sendable {
    /// Shows `message`.
    func show(_ message: String)
}

/// Loads the feed and tells the user what is new.
public protocol FeedService: AnyObject, Sendable {
    /// The notifier the service tells the user with.
    var notifier: any Notifier { get }
    /// Fetches the feed; returns how many items it has.
    func refresh() -> Int
}

/// The feed screen: its service comes through its initializer, its toast and notifier are
/// set by its factory, as Swinject's property injection did.
public protocol FeedScreen: AnyObject {
    /// The service the screen shows.
    var service: any FeedService { get }
    /// Set by the factory after the screen is made.
    var notifier: (any Notifier)? { get set }
    /// Set by the factory after the screen is made.
    var toast: (any Toast)? { get set }
}
