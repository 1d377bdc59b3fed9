/// How long a service created by a registration's factory is reused.
///
/// A scope is chosen per registration. Without a choice, a registration is
/// ``transient``, which is how the original `Injectable` items behaved.
///
/// ```swift
/// container.register(.analytics, scope: .singleton) { ConsoleAnalytics() }
/// ```
///
/// Besides the four built-in scopes, a named scope shares its services like a singleton
/// until ``Container/reset(scope:)`` discards them; the next load then creates fresh ones.
/// Logging out is the typical reset:
///
/// ```swift
/// container.register(.cart, scope: .session) { ShoppingCart() }
///
/// let cart = container.load(.cart)  // created on the first load, then shared
/// container.reset(scope: .session)  // log out
/// let newCart = container.load(.cart)  // a fresh cart
/// ```
///
/// Declare further named scopes as static members of an extension:
///
/// ```swift
/// extension Scope {
///     static let checkout = Scope.named("checkout")
/// }
/// ```
public struct Scope: Hashable, Sendable, CustomStringConvertible {
    /// How a registration's store keeps its services; a named scope's is ``singleton``.
    ///
    /// The store and the read path test this small enum, never the name.
    enum Lifetime: String, Sendable {
        case transient, singleton, weak, graph

        /// Whether services are shared between loads: singletons and weak services.
        var isShared: Bool { self == .singleton || self == .weak }
    }

    /// How the registration's store keeps the services.
    let lifetime: Lifetime

    /// The name ``Container/reset(scope:)`` matches; `nil` for the built-in scopes, which
    /// cannot be reset.
    let resetName: String?

    /// A scope with the given parts: the one place a scope's store representation is made.
    init(lifetime: Lifetime, resetName: String?) {
        self.lifetime = resetName == nil ? lifetime : .singleton
        self.resetName = resetName
    }

    /// A new service on every load.
    public static var transient: Scope { Scope(lifetime: .transient, resetName: nil) }

    /// One service per registration, created on the first load and shared afterwards.
    ///
    /// The factory runs exactly once even when many threads race on the first load; the
    /// other threads wait for the one that creates it.
    public static var singleton: Scope { Scope(lifetime: .singleton, resetName: nil) }

    /// One service shared while anybody else holds a strong reference to it.
    ///
    /// When the last outside reference goes away, the next load creates a new service.
    /// Only a class instance can be held weakly. An Optional of a class or of an `any`
    /// protocol type (`InjectID<Player?>`, `InjectID<(any PlayerInject)?>`) holds the
    /// instance it wraps; a factory that returns `nil` keeps nothing, and the next load runs
    /// it again. An `any P` service, for a protocol that does not require `AnyObject`, is held
    /// when the factory returns a class instance and is transient when it returns a value.
    ///
    /// A type that can never be a class instance (a struct, an enum, a tuple, a function, a
    /// metatype, or an Optional of one) makes the registration ``transient``: it is added,
    /// ``Container/registrations`` lists it as transient, and the diagnostics handler gets
    /// ``DiagnosticEvent/ignoredWeakScope(id:serviceType:)``.
    public static var weak: Scope { Scope(lifetime: .weak, resetName: nil) }

    /// One service per top-level load: every factory that runs inside one
    /// `load`/`require` call and asks for this ID gets the same service.
    public static var graph: Scope { Scope(lifetime: .graph, resetName: nil) }

    /// A scope whose services are shared, as with ``singleton``, until
    /// ``Container/reset(scope:)`` discards them.
    ///
    /// ```swift
    /// extension Scope {
    ///     static let checkout = Scope.named("checkout")
    /// }
    /// ```
    ///
    /// - Parameter name: The name; named scopes with equal names are the same scope, and
    ///   none equals a built-in scope, even one named "singleton".
    /// - Returns: The named scope.
    public static func named(_ name: String) -> Scope {
        Scope(lifetime: .singleton, resetName: name)
    }

    /// The services of a signed-in user, discarded at logout.
    public static let session = Scope.named("session")

    /// The scope's name: "transient", "singleton", "weak", "graph", or the name given to
    /// ``named(_:)``.
    public var name: String { resetName ?? lifetime.rawValue }

    /// The scope's name.
    public var description: String { name }
}
