/// A type that supplies one main-actor service, such as a view, under a typed ID.
///
/// Like ``InjectProvider``, but ``make(with:)`` runs on the main actor, so it may call
/// main-actor initializers. A host registers it with
/// `Container.register(_:)`, which calls
/// `registerOnMainActor`; loads behave as that method describes.
///
/// ```swift
/// public enum BannerProvider: MainActorInjectProvider {
///     public static var id: InjectID<any BannerInject> { .banner }
///     public static var scope: Scope { .singleton }
///     @MainActor
///     public static func make(with resolver: Resolver) -> any BannerInject {
///         BannerView(log: resolver.load(.appLog))
///     }
/// }
/// ```
public protocol MainActorInjectProvider: SendableMetatype {
    /// The type of service the provider makes, usually an `any` protocol type.
    associatedtype Service

    /// The ID the service is registered under.
    static var id: InjectID<Service> { get }

    /// How long created services are reused; ``Scope/transient`` unless stated.
    static var scope: Scope { get }

    /// Whether `warmUp()` creates the service, and what runs when the container
    /// makes it and lets go of it (``ServiceLifecycle/onMainActor(eager:onCreate:onDispose:)``);
    /// nothing unless stated.
    static var lifecycle: ServiceLifecycle<Service> { get }

    /// The IDs ``make(with:)`` loads, which `Container.verify()` checks without running it;
    /// `nil` unless stated, which leaves the registration unchecked. RegistrationPlugin's
    /// generated `register(into:)` declares what the scanner reads in ``make(with:)``.
    static var dependencies: [Dependency]? { get }
    /// The context the provider's registration is for (see ``RegistrationContext``); `nil`,
    /// the default, for the ID's default registration.
    static var context: RegistrationContext? { get }

    /// Whether `verify(running:)` may run ``make(with:)``; `.skip` for one with side effects.
    /// The default is `.run`.
    static var runningCheck: RunningCheck { get }

    /// The registration's options, which the container reads instead of the requirements
    /// above: by default, they gather them. A provider states a newer option here.
    static var options: RegistrationOptions<Service> { get }

    /// Creates the service on the main actor.
    ///
    /// - Parameter resolver: Loads the services this one depends on.
    /// - Returns: A new service.
    /// - Throws: Any error; the load then fails with ``ContainerError/factoryFailed(id:underlying:)``.
    @MainActor
    static func make(with resolver: Resolver) throws -> Service
}

extension MainActorInjectProvider {
    /// A new service for every load.
    public static var scope: Scope { .transient }

    /// No hooks, and lazy.
    public static var lifecycle: ServiceLifecycle<Service> { ServiceLifecycle() }

    /// Undeclared: `verify()` lists the registration as unchecked.
    public static var dependencies: [Dependency]? { nil }
    /// `nil`: the provider makes the ID's default registration.
    public static var context: RegistrationContext? { nil }

    /// The running check may run the factory.
    public static var runningCheck: RunningCheck { .run }

    /// The options the requirements above state.
    public static var options: RegistrationOptions<Service> {
        RegistrationOptions(
            scope: scope, context: context, lifecycle: lifecycle, dependencies: dependencies,
            runningCheck: runningCheck)
    }
}

/// A type that supplies one service that takes `await` to create, under a typed ID.
///
/// Like ``InjectProvider``, but ``make(with:)`` is `async`; a host registers it with
/// `Container.register(_:)` and loads it with
/// ``Container/loadAsync(_:)``, as for an `async` factory closure.
///
/// ```swift
/// public enum DatabaseProvider: AsyncInjectProvider {
///     public static var id: InjectID<Database> { .database }
///     public static var scope: Scope { .singleton }
///     public static func make(with resolver: Resolver) async throws -> Database {
///         try await Database.open(log: resolver.loadAsync(.appLog))
///     }
/// }
/// ```
public protocol AsyncInjectProvider: SendableMetatype {
    /// The type of service the provider makes.
    associatedtype Service

    /// The ID the service is registered under.
    static var id: InjectID<Service> { get }

    /// How long created services are reused; ``Scope/transient`` unless stated.
    static var scope: Scope { get }

    /// Whether `warmUp()` creates the service, and what runs when the container
    /// makes it and lets go of it (``ServiceLifecycle/async(eager:onDispose:)``);
    /// nothing unless stated.
    static var lifecycle: ServiceLifecycle<Service> { get }

    /// The IDs ``make(with:)`` loads, which `Container.verify()` checks without running it;
    /// `nil` unless stated, which leaves the registration unchecked. RegistrationPlugin's
    /// generated `register(into:)` declares what the scanner reads in ``make(with:)``.
    static var dependencies: [Dependency]? { get }
    /// The context the provider's registration is for (see ``RegistrationContext``); `nil`,
    /// the default, for the ID's default registration.
    static var context: RegistrationContext? { get }

    /// Whether `verify(running:)` may run ``make(with:)``; `.skip` for one with side effects.
    /// The default is `.run`.
    static var runningCheck: RunningCheck { get }

    /// The registration's options, which the container reads instead of the requirements
    /// above: by default, they gather them. A provider states a newer option here.
    static var options: RegistrationOptions<Service> { get }

    /// Creates the service.
    ///
    /// - Parameter resolver: Loads the services this one depends on.
    /// - Returns: A new service.
    /// - Throws: Any error; the load then fails with ``ContainerError/factoryFailed(id:underlying:)``.
    static func make(with resolver: Resolver) async throws -> Service
}

extension AsyncInjectProvider {
    /// A new service for every load.
    public static var scope: Scope { .transient }

    /// No hooks, and lazy.
    public static var lifecycle: ServiceLifecycle<Service> { ServiceLifecycle() }

    /// Undeclared: `verify()` lists the registration as unchecked.
    public static var dependencies: [Dependency]? { nil }
    /// `nil`: the provider makes the ID's default registration.
    public static var context: RegistrationContext? { nil }

    /// The running check may run the factory.
    public static var runningCheck: RunningCheck { .run }

    /// The options the requirements above state.
    public static var options: RegistrationOptions<Service> {
        RegistrationOptions(
            scope: scope, context: context, lifecycle: lifecycle, dependencies: dependencies,
            runningCheck: runningCheck)
    }
}
