/// Where a registration's factory may run, which decides how its services can be loaded.
public enum FactoryIsolation: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// A synchronous `@Sendable` factory, registered with `register`: it runs on whichever
    /// thread loads, so every load form works everywhere.
    case nonisolated

    /// A factory registered with `registerOnMainActor`: it runs only on the main actor.
    case mainActor

    /// An `async` factory: only ``Container/loadAsync(_:)`` and ``Container/requireAsync(_:)``
    /// run it; a synchronous load returns only a service that already exists.
    case asynchronous

    /// The isolation's name in messages: "nonisolated", "main actor" or "async".
    public var description: String {
        switch self {
        case .nonisolated: return "nonisolated"
        case .mainActor: return "main actor"
        case .asynchronous: return "async"
        }
    }
}
