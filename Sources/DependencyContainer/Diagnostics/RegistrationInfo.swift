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

    /// How long created services are reused: a built-in scope, or a named one such as
    /// ``Scope/session``.
    ///
    /// The scope the registration behaves as: a ``Scope/weak`` registration of a type that
    /// can never be held weakly, such as a struct, is ``Scope/transient``
    /// (``DiagnosticEvent/ignoredWeakScope(id:serviceType:)``).
    public let scope: Scope

    /// Where the factory runs: ``FactoryIsolation/nonisolated`` for a `register` factory,
    /// ``FactoryIsolation/mainActor`` or ``FactoryIsolation/asynchronous`` for the others.
    public let isolation: FactoryIsolation

    /// Whether the registration comes from a parent container rather than this one.
    public let isInherited: Bool

    /// What the registration declares its factory loads (see ``Dependency``); `nil` when it
    /// declares nothing, so that `Container.verify()` leaves it unchecked.
    public let dependencies: [Dependency]?
    /// The context the registration is for, `nil` for the default one.
    ///
    /// ``Container/registrations`` lists the registrations that answer, so this says which
    /// context answers each ID.
    public let context: RegistrationContext?
    /// How long, in seconds, a kept service is reused before a load makes a new one; `nil`
    /// when it is kept as long as its scope keeps it (see ``RegistrationOptions/timeToLive``).
    public let timeToLive: Double?

    /// How many creation hooks run on each service the registration makes.
    ///
    /// Its `onCreate` and those added with ``ServiceLifecycle/addingCreationHook(_:)``; a
    /// container's decorators (``Container/decorateCreations(_:)``) are not counted.
    public let creationHookCount: Int

    /// Whether a dispose hook runs when the container lets go of a service it kept.
    public let hasDisposeHook: Bool

    /// Whether `Container.warmUp()` creates the service.
    public let isEager: Bool

    /// A one-line summary: ID, service type, scope, isolation unless nonisolated, provider,
    /// and the lifecycle hooks it has.
    public var description: String {
        let lived = timeToLive.map { "\(scope), time to live \($0) s" } ?? "\(scope)"
        let attributes = isolation == .nonisolated ? lived : "\(lived), \(isolation)"
        return "\(id): \(serviceType) [\(attributes)] from \(provider)"
            + (context.map { " (context: \($0))" } ?? "") + (isInherited ? " (inherited)" : "")
            + hooksDescription
    }

    /// The hooks, as ` (hooks: 2 on create, on dispose, eager)`; empty when there are none.
    private var hooksDescription: String {
        var parts: [String] = []
        if creationHookCount > 0 { parts.append("\(creationHookCount) on create") }
        if hasDisposeHook { parts.append("on dispose") }
        if isEager { parts.append("eager") }
        return parts.isEmpty ? "" : " (hooks: \(parts.joined(separator: ", ")))"
    }

    init(
        id: String, serviceType: String, provider: String, scope: Scope, isolation: FactoryIsolation,
        isInherited: Bool, dependencies: [Dependency]? = nil, context: RegistrationContext? = nil,
        creationHookCount: Int = 0, hasDisposeHook: Bool = false, isEager: Bool = false,
        timeToLive: Double? = nil
    ) {
        self.creationHookCount = creationHookCount
        self.hasDisposeHook = hasDisposeHook
        self.isEager = isEager
        self.context = context
        self.timeToLive = timeToLive
        self.id = id
        self.serviceType = serviceType
        self.provider = provider
        self.scope = scope
        self.isolation = isolation
        self.isInherited = isInherited
        self.dependencies = dependencies
    }
}
