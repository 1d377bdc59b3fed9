/// A description of one registration, for a host's logs and registration tables.
///
/// ```swift
/// for info in container.registrations {
///     print(info.id, info.serviceType, info.scope, info.provider)
/// }
/// ```
public struct RegistrationInfo: Hashable, Sendable, CustomStringConvertible {
    /// The string ID.
    public let id: String

    /// The service type the registration promises, such as `any ToastInject`.
    public let serviceType: String

    /// What supplies the service: an `Injectable` type, an `InjectProvider` type, or the file
    /// and line of a registering closure.
    public let provider: String

    /// How long created services are reused: ``Scope/singleton`` for a registration in a
    /// named scope, whose name is ``scopeName``.
    public let scope: Scope

    /// Where the factory runs: ``FactoryIsolation/nonisolated`` for a `register` factory,
    /// ``FactoryIsolation/mainActor`` or ``FactoryIsolation/asynchronous`` for the others.
    public let isolation: FactoryIsolation

    /// Whether the registration comes from a parent container rather than this one.
    public let isInherited: Bool

    /// The named scope the registration's service lives in until ``Container/reset(scope:)``,
    /// if any.
    public let scopeName: ScopeName?

    /// A one-line summary: ID, service type, scope, isolation unless nonisolated, and provider.
    public var description: String {
        let scope = scopeName?.description ?? self.scope.description
        let attributes = isolation == .nonisolated ? scope : "\(scope), \(isolation)"
        return "\(id): \(serviceType) [\(attributes)] from \(provider)" + (isInherited ? " (inherited)" : "")
    }

    init(
        id: String, serviceType: String, provider: String, scope: Scope, isolation: FactoryIsolation,
        isInherited: Bool, scopeName: ScopeName?
    ) {
        self.id = id
        self.serviceType = serviceType
        self.provider = provider
        self.scope = scope
        self.isolation = isolation
        self.isInherited = isInherited
        self.scopeName = scopeName
    }
}
