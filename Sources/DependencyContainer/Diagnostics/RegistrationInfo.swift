/// A description of one registration, for a host's logs and registration tables.
public struct RegistrationInfo: Hashable, Sendable, CustomStringConvertible {
    /// The string ID.
    public let id: String

    /// The service type the registration promises, such as `any ToastInject`.
    public let serviceType: String

    /// What supplies the service: a provider type, or the file and line of a registering closure.
    public let provider: String

    /// The scope the registration behaves as: a ``Scope/weak`` registration of a type that can
    /// never be held weakly is ``Scope/transient``.
    public let scope: Scope

    /// Where the factory runs; see <doc:SwiftConcurrency>.
    public let isolation: FactoryIsolation

    /// Whether the registration comes from a parent container rather than this one.
    public internal(set) var isInherited: Bool

    /// What the registration declares its factory loads; `nil` leaves it unchecked by
    /// `Container.verify()`.
    public let dependencies: [Dependency]?

    /// The context the registration is for, `nil` for the default one; see <doc:Contexts>.
    public let context: RegistrationContext?

    /// How many creation hooks run on each service it makes; container decorators aside.
    public let creationHookCount: Int

    /// Whether a dispose hook runs when the container lets go of a service it kept.
    public let hasDisposeHook: Bool

    /// Whether `Container.warmUp()` creates the service.
    public let isEager: Bool

    /// How long, in seconds, a kept service is reused; `nil` when its scope alone decides
    /// (``RegistrationOptions/timeToLive``).
    public let timeToLive: Double?

    /// A one-line summary: ID, service type, scope, isolation unless nonisolated, provider,
    /// and the lifecycle hooks it has.
    public var description: String {
        let lived = timeToLive.map { "\(scope), time to live \($0) s" } ?? "\(scope)"
        let attributes = isolation == .nonisolated ? lived : "\(lived), \(isolation)"
        var hooks: [String] = []
        if creationHookCount > 0 { hooks.append("\(creationHookCount) on create") }
        if hasDisposeHook { hooks.append("on dispose") }
        if isEager { hooks.append("eager") }
        return "\(id): \(serviceType) [\(attributes)] from \(provider)"
            + (context.map { " (context: \($0))" } ?? "") + (isInherited ? " (inherited)" : "")
            + (hooks.isEmpty ? "" : " (hooks: \(hooks.joined(separator: ", ")))")
    }
}
