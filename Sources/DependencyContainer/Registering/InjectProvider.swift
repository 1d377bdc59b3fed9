/// A type that supplies one service under a typed ID.
///
/// A feature module exports providers while keeping its implementation types internal; a
/// host registers them with `Container.register(_:)`. It is the typed successor of
/// ``Injectable``: the ID states the service type, so no cast is needed on load.
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
///
/// A provider whose service lives until a named scope is reset, such as a signed-in user's
/// cart, states that scope:
///
/// ```swift
/// enum CartProvider: InjectProvider {
///     static var id: InjectID<ShoppingCart> { .cart }
///     static var scope: Scope { .session }
///     static func make(with resolver: Resolver) -> ShoppingCart {
///         ShoppingCart()
///     }
/// }
/// ```
///
/// ``make(with:)`` runs on whichever thread loads. In a module whose default isolation is the
/// main actor, whose types and conformances are main-actor isolated, conform to
/// ``MainActorInjectProvider`` instead.
public protocol InjectProvider: SendableMetatype {
    /// The type of service the provider makes, usually an `any` protocol type.
    associatedtype Service

    /// The ID the service is registered under.
    static var id: InjectID<Service> { get }

    /// How long created services are reused; ``Scope/transient`` unless stated. A named
    /// scope, such as ``Scope/session``, shares one service until ``Container/reset(scope:)``.
    static var scope: Scope { get }

    /// Whether `warmUp()` creates the service, and what runs when the container
    /// makes it and lets go of it; nothing unless stated.
    static var lifecycle: ServiceLifecycle<Service> { get }

    /// The IDs ``make(with:)`` loads, which `Container.verify()` checks without running it;
    /// `nil` unless stated, which leaves the registration unchecked. RegistrationPlugin's
    /// generated `register(into:)` declares what the scanner reads in ``make(with:)``.
    static var dependencies: [Dependency]? { get }

    /// Whether `Container.verify(running:)` may run ``make(with:)``; ``RunningCheck/run``
    /// unless stated. A factory with side effects states ``RunningCheck/skip``.
    static var runningCheck: RunningCheck { get }
    /// The context the provider's registration is for (see ``RegistrationContext``); `nil`,
    /// the default, for the ID's default registration.
    static var context: RegistrationContext? { get }

    /// The registration's options, which the container reads instead of the requirements
    /// above: by default, they gather them. A provider states a newer option here.
    static var options: RegistrationOptions<Service> { get }

    /// Creates the service.
    ///
    /// - Parameter resolver: Loads the services this one depends on.
    /// - Returns: A new service.
    /// - Throws: Any error; the load then fails with ``ContainerError/factoryFailed(id:underlying:)``.
    static func make(with resolver: Resolver) throws -> Service
}

extension InjectProvider {
    /// A new service for every load.
    public static var scope: Scope { .transient }

    /// No hooks, and lazy.
    public static var lifecycle: ServiceLifecycle<Service> { ServiceLifecycle() }

    /// Undeclared: `verify()` lists the registration as unchecked.
    public static var dependencies: [Dependency]? { nil }

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
