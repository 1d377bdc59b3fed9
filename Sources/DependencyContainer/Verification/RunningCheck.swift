/// Whether `Container.verify(running:)` may run a registration's factory to see what it loads.
///
/// A factory with side effects, such as one that opens a connection or charges a card, opts
/// out:
///
/// ```swift
/// container.register(.payments, scope: .singleton, dependencies: [], verify: .skip) {
///     PaymentGateway.connect()
/// }
/// ```
public enum RunningCheck: String, Hashable, Codable, Sendable {
    /// The running check runs the factory once, in a sandbox: the default.
    case run
    /// The running check leaves the factory alone; the declared dependencies are still checked.
    case skip
}
