/// How long a service created by a registration's factory is reused; ``transient`` unless stated.
///
/// Besides the four built-in scopes, a named scope shares its services like a singleton until
/// ``Container/reset(scope:)`` discards them. See <doc:Scopes>.
///
/// ```swift
/// container.register(.cart, scope: .session) { ShoppingCart() }
/// let cart = container.load(.cart)  // created on the first load, then shared
/// container.reset(scope: .session)  // log out
/// let newCart = container.load(.cart)  // a fresh cart
/// ```
public struct Scope: Hashable, Sendable, CustomStringConvertible {
    /// How a registration's store keeps its services (a named scope's is ``singleton``): the
    /// store and the read path test this small enum, never the name.
    enum Lifetime: String, Sendable {
        case transient, singleton, weak, graph

        /// Whether services are shared between loads: singletons and weak services.
        var isShared: Bool { self == .singleton || self == .weak }
    }

    /// How the registration's store keeps the services.
    let lifetime: Lifetime

    /// The name ``Container/reset(scope:)`` matches; `nil` for the built-in scopes, which
    /// cannot be reset; a named scope's lifetime is ``singleton``.
    let resetName: String?

    /// A new service on every load.
    public static var transient: Scope { Scope(lifetime: .transient, resetName: nil) }

    /// One service per registration, created once on the first load and shared afterwards.
    public static var singleton: Scope { Scope(lifetime: .singleton, resetName: nil) }

    /// One service shared while anybody else holds a strong reference to it.
    ///
    /// Only a class instance can be held weakly: a type that can never be one makes the
    /// registration ``transient``, reported as ``DiagnosticEvent/ignoredWeakScope(id:serviceType:)``.
    public static var weak: Scope { Scope(lifetime: .weak, resetName: nil) }

    /// One service per top-level load: every factory that runs inside one
    /// `load`/`require` call and asks for this ID gets the same service.
    public static var graph: Scope { Scope(lifetime: .graph, resetName: nil) }

    /// A scope whose services are shared, as with ``singleton``, until
    /// ``Container/reset(scope:)`` discards them; equal names are the same scope.
    public static func named(_ name: String) -> Scope { Scope(lifetime: .singleton, resetName: name) }

    /// The services of a signed-in user, discarded at logout.
    public static let session = Scope.named("session")

    /// The scope's name: "transient", "singleton", "weak", "graph", or the name given to
    /// ``named(_:)``.
    public var name: String { resetName ?? lifetime.rawValue }

    /// The scope's name.
    public var description: String { name }
}
