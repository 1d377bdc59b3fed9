/// The name of a scope whose services are shared like singletons until the scope is reset.
///
/// Register a service in a named scope, such as the predefined ``session``, and every load
/// shares one service until ``Container/reset(scope:)`` discards it; the next load then
/// creates a fresh one. Logging out is the typical reset:
///
/// ```swift
/// container.register(.cart, scope: ScopeName.session) { ShoppingCart() }
///
/// let cart = container.load(.cart)  // created on the first load, then shared
/// container.reset(scope: .session)  // log out
/// let newCart = container.load(.cart)  // a fresh cart
/// ```
///
/// Declare further names as static members of an extension:
///
/// ```swift
/// extension ScopeName {
///     static let checkout = ScopeName("checkout")
/// }
/// ```
public struct ScopeName: Hashable, Sendable, CustomStringConvertible {
    /// The scope's name, shown in ``RegistrationInfo``.
    public let name: String

    /// Creates a scope name.
    ///
    /// - Parameter name: The name; scopes with equal names are the same scope.
    public init(_ name: String) {
        self.name = name
    }

    /// The services of a signed-in user, discarded at logout.
    public static let session = ScopeName("session")

    /// The scope's name.
    public var description: String { name }
}
