/// Whether `Container.verify(running:)` may run a registration's factory to see what it loads.
public enum RunningCheck: String, Hashable, Codable, Sendable {
    /// The running check runs the factory once, in a sandbox: the default.
    case run
    /// The running check leaves the factory alone; the declared dependencies are still checked.
    case skip
}
