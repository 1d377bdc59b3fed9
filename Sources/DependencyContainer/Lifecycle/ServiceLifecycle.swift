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
    /// - Parameters:
    ///   - eager: Whether `warmUp()` creates the service.
    ///   - onCreate: Runs once per service the container makes, with the resolver its
    ///     factory had: for property injection and for cycles inside one ``Scope/graph``.
    ///   - onDispose: Runs once per service the container kept, when it lets go of it.
    public init(
        eager: Bool = false,
        onCreate: (@Sendable (Service, Resolver) throws -> Void)? = nil,
        onDispose: (@Sendable (Service) throws -> Void)? = nil
    ) {
        hooks = LifecycleHooks.ifAny(eager: eager, onCreate: onCreate, onDispose: onDispose)
    }

    /// A lifecycle for a main-actor service: both hooks run on the main actor, a dispose hook
    /// released elsewhere in a task on it.
    ///
    /// - Parameters:
    ///   - eager: Whether `warmUp()` creates the service.
    ///   - onCreate: Runs on the main actor once per service the container makes.
    ///   - onDispose: Runs on the main actor once per service the container kept, when it
    ///     lets go of it.
    /// - Returns: The lifecycle.
    public static func onMainActor(
        eager: Bool = false,
        onCreate: (@MainActor @Sendable (Service, Resolver) throws -> Void)? = nil,
        onDispose: (@MainActor @Sendable (Service) throws -> Void)? = nil
    ) -> ServiceLifecycle {
        ServiceLifecycle(
            hooks: LifecycleHooks(
                eager: eager, onCreate: onCreate.map { [LifecycleHooks.eraseOnMainActor($0)] } ?? [],
                onDispose: onDispose.map { .onMainActor(LifecycleHooks.eraseOnMainActor($0)) }))
    }

    /// A lifecycle whose dispose hook must `await`, such as a database's flush: it runs in a
    /// task of its own, which ``Container/waitForDisposals()`` awaits.
    ///
    /// ```swift
    /// let flushing = ServiceLifecycle<Database>.async(onDispose: { try await $0.flush() })
    /// container.register(.database, scope: .singleton, lifecycle: flushing) { Database() }
    /// ```
    ///
    /// - Parameters:
    ///   - eager: Whether `warmUp()` creates the service.
    ///   - onDispose: Runs once per service the container kept, when it lets go of it.
    /// - Returns: The lifecycle.
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

    /// This lifecycle with one more creation hook, which runs after the ones it has: for
    /// several hooks on one registration, as Swinject's chained `initCompleted` and Factory's
    /// decorators.
    ///
    /// ```swift
    /// let lifecycle = ServiceLifecycle<Feed>(onCreate: { feed, _ in feed.record("configured") })
    ///     .addingCreationHook { feed, resolver in
    ///         feed.record(resolver.load(.analytics) == nil ? "no analytics" : "tracked")
    ///     }
    /// container.register(.feed, scope: .singleton, lifecycle: lifecycle) { Feed() }
    /// ```
    ///
    /// - Parameter hook: Runs once per service the container makes, with the resolver its
    ///   factory had, after this lifecycle's other creation hooks.
    /// - Returns: The lifecycle with `hook` last among its creation hooks.
    public func addingCreationHook(_ hook: @escaping @Sendable (Service, Resolver) throws -> Void)
        -> ServiceLifecycle
    {
        ServiceLifecycle(hooks: LifecycleHooks.adding(LifecycleHooks.erase(hook), to: hooks))
    }

    /// This lifecycle with one more creation hook for a main-actor service, which runs on the
    /// main actor after the ones it has, where the main-actor factory ran.
    ///
    /// - Parameter hook: Runs on the main actor once per service the container makes.
    /// - Returns: The lifecycle with `hook` last among its creation hooks.
    public func addingMainActorCreationHook(
        _ hook: @escaping @MainActor @Sendable (Service, Resolver) throws -> Void
    ) -> ServiceLifecycle {
        ServiceLifecycle(hooks: LifecycleHooks.adding(LifecycleHooks.eraseOnMainActor(hook), to: hooks))
    }
}
