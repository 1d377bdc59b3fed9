/// What every provider protocol declares: what its factory loads.
///
/// Conform to ``InjectProvider``, ``MainActorInjectProvider``, ``AsyncInjectProvider`` or
/// ``ArgumentInjectProvider``, which refine it.
public protocol InjectProviding: SendableMetatype {
    /// The IDs the factory loads, which `Container.verify()` checks without running it; `nil`
    /// unless stated, which leaves the registration unchecked. See <doc:VerifyingTheComposition>.
    static var dependencies: [Dependency]? { get }
}

extension InjectProviding {
    /// Undeclared: `verify()` lists the registration as unchecked.
    public static var dependencies: [Dependency]? { nil }
}

/// The registration options that providers and contributions state: the base of
/// ``InjectProvider``, ``MainActorInjectProvider``, ``AsyncInjectProvider`` and
/// ``InjectContribution``.
public protocol InjectProviderOptions: InjectProviding {
    /// The type of service the provider makes, usually an `any` protocol type.
    associatedtype Service

    /// How long created services are reused; ``Scope/transient`` unless stated. See <doc:Scopes>.
    static var scope: Scope { get }

    /// Whether `warmUp()` creates the service, and what runs when the container makes it and
    /// lets go of it; nothing unless stated. See <doc:LifecycleHooks>.
    static var lifecycle: ServiceLifecycle<Service> { get }

    /// Whether `Container.verify(running:)` may run the factory; ``RunningCheck/run`` unless
    /// stated, ``RunningCheck/skip`` for one with side effects.
    static var runningCheck: RunningCheck { get }

    /// The context the registration is for (see ``RegistrationContext``); `nil`, the default,
    /// for the ID's default registration.
    static var context: RegistrationContext? { get }

    /// The registration's options, which the container reads instead of the requirements above:
    /// by default, they gather them. A provider states a newer option here.
    static var options: RegistrationOptions<Service> { get }
}

extension InjectProviderOptions {
    /// A new service for every load.
    public static var scope: Scope { .transient }

    /// No hooks, and lazy.
    public static var lifecycle: ServiceLifecycle<Service> { ServiceLifecycle() }

    /// The running check may run the factory.
    public static var runningCheck: RunningCheck { .run }

    /// `nil`: the provider makes the ID's default registration.
    public static var context: RegistrationContext? { nil }

    /// The options the requirements above state.
    public static var options: RegistrationOptions<Service> {
        RegistrationOptions(
            scope: scope, context: context, lifecycle: lifecycle, dependencies: dependencies,
            runningCheck: runningCheck)
    }
}

/// A type that supplies one service under a typed ID: the typed successor of ``Injectable``.
///
/// A feature module exports providers while keeping its implementation types internal; a host
/// registers them with `Container.register(_:)`. ``make(with:)`` runs on whichever thread
/// loads; in a module whose default isolation is the main actor, conform to
/// ``MainActorInjectProvider`` instead.
///
/// ```swift
/// public enum ToastProvider: InjectProvider {
///     public static var id: InjectID<any ToastInject> { .toast }
///     public static var scope: Scope { .singleton }
///     public static func make(with resolver: Resolver) -> any ToastInject {
///         ConsoleToast()
///     }
/// }
/// ```
public protocol InjectProvider: InjectProviderOptions {
    associatedtype Service
    /// The ID the service is registered under.
    static var id: InjectID<Service> { get }

    /// Creates the service; an error fails the load with
    /// ``ContainerError/factoryFailed(id:underlying:)``.
    static func make(with resolver: Resolver) throws -> Service
}
