/// What a registration does around its services' lives: whether it starts eagerly, what runs
/// when the container makes a service, and what runs when the container lets go of one.
///
/// ```swift
/// enum SocketProvider: InjectProvider {
///     static var id: InjectID<WebSocket> { .socket }
///     static var scope: Scope { .session }
///     static var lifecycle: ServiceLifecycle<WebSocket> {
///         ServiceLifecycle(onDispose: { $0.close() })
///     }
///     static func make(with resolver: Resolver) -> WebSocket {
///         WebSocket()
///     }
/// }
/// ```
///
/// See <doc:LifecycleHooks> for when each hook runs.
public struct ServiceLifecycle<Service>: Sendable {
    /// The hooks, type-erased; `nil` when there are none.
    let hooks: LifecycleHooks?
}

extension ServiceLifecycle {
    /// A lifecycle whose hooks run on the thread that makes or releases the service.
    ///
    /// `eager` services are made by `warmUp()`; `onCreate` gets the factory's resolver (for property
    /// injection and cycles inside one ``Scope/graph``); `onDispose` runs once per kept service.
    public init(
        eager: Bool = false,
        onCreate: (@Sendable (Service, Resolver) throws -> Void)? = nil,
        onDispose: (@Sendable (Service) throws -> Void)? = nil
    ) {
        hooks = LifecycleHooks.ifAny(eager: eager, onCreate: onCreate, onDispose: onDispose)
    }

    /// A lifecycle for a main-actor service: both hooks run on the main actor, a dispose hook
    /// released elsewhere in a task on it.
    public static func onMainActor(
        eager: Bool = false,
        onCreate: (@MainActor @Sendable (Service, Resolver) throws -> Void)? = nil,
        onDispose: (@MainActor @Sendable (Service) throws -> Void)? = nil
    ) -> ServiceLifecycle {
        ServiceLifecycle(
            hooks: LifecycleHooks(
                eager: eager, onCreate: onCreate.map { [LifecycleHooks.eraseOnMainActor($0)] } ?? [],
                onDispose: onDispose.map { hook in .onMainActor { try ($0 as? Service).map(hook) } }))
    }

    /// A lifecycle whose dispose hook must `await`, such as a database's flush: it runs in a
    /// task of its own, which ``Container/waitForDisposals()`` awaits.
    ///
    public static func async(
        eager: Bool = false,
        onDispose: (@Sendable (Service) async throws -> Void)? = nil
    ) -> ServiceLifecycle {
        ServiceLifecycle(
            hooks: LifecycleHooks(
                eager: eager, onDispose: onDispose.map { .async(LifecycleHooks.eraseAsync($0)) }))
    }

    /// The lifecycle of `registerAsync`, whose creation hook may await as its factory does.
    static func asyncRegistration(
        eager: Bool,
        onCreate: (@Sendable (Service, Resolver) async throws -> Void)?,
        onDispose: (@Sendable (Service) async throws -> Void)?
    ) -> ServiceLifecycle {
        ServiceLifecycle(
            hooks: LifecycleHooks(
                eager: eager, onCreateAsync: onCreate.map { LifecycleHooks.eraseAsync($0) },
                onDispose: onDispose.map { .async(LifecycleHooks.eraseAsync($0)) }))
    }

    /// This lifecycle with one more creation hook, which runs after the ones it has (as
    /// Swinject's chained `initCompleted`).
    public func addingCreationHook(_ hook: @escaping @Sendable (Service, Resolver) throws -> Void)
        -> ServiceLifecycle
    {
        ServiceLifecycle(hooks: LifecycleHooks.adding(LifecycleHooks.erase(hook), to: hooks))
    }

    /// ``addingCreationHook(_:)`` for a main-actor service: `hook` runs on the main actor.
    public func addingMainActorCreationHook(
        _ hook: @escaping @MainActor @Sendable (Service, Resolver) throws -> Void
    ) -> ServiceLifecycle {
        ServiceLifecycle(hooks: LifecycleHooks.adding(LifecycleHooks.eraseOnMainActor(hook), to: hooks))
    }
}
