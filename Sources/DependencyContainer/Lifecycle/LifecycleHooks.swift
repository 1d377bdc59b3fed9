/// A registration's lifecycle hooks with their service type erased, as the engine runs them.
final class LifecycleHooks: Sendable {
    /// A creation hook, which runs where the factory ran.
    typealias CreationHook = @Sendable (Any, Resolver) throws -> Void
    typealias AsyncCreationHook = @Sendable (Any, Resolver) async throws -> Void

    let isEager: Bool
    /// The synchronous creation hooks, in the order they run.
    let onCreate: [CreationHook]
    /// An `async` registration's own creation hook, which runs before `onCreate`'s.
    let onCreateAsync: AsyncCreationHook?
    let onDispose: Disposal?

    /// The hooks, or `nil` when there are none, so that a registration without any carries none.
    init?(
        eager: Bool, onCreate: [CreationHook] = [], onCreateAsync: AsyncCreationHook? = nil,
        onDispose: Disposal?
    ) {
        guard eager || !onCreate.isEmpty || onCreateAsync != nil || onDispose != nil else { return nil }
        isEager = eager
        self.onCreate = onCreate
        self.onCreateAsync = onCreateAsync
        self.onDispose = onDispose
    }

    /// `hooks` (or none) with `hook` run after their creation hooks.
    static func adding(_ hook: @escaping CreationHook, to hooks: LifecycleHooks?) -> LifecycleHooks? {
        LifecycleHooks(
            eager: hooks?.isEager ?? false, onCreate: (hooks?.onCreate ?? []) + [hook],
            onCreateAsync: hooks?.onCreateAsync, onDispose: hooks?.onDispose)
    }

    /// For ``RegistrationInfo``.
    var creationHookCount: Int { onCreate.count + (onCreateAsync == nil ? 0 : 1) }

    /// The hooks of a registration made on the thread that loads, or `nil` when there are none;
    /// checked first, as a failable initializer allocates before it fails.
    @inline(__always)
    static func ifAny<Service>(
        eager: Bool, onCreate: (@Sendable (Service, Resolver) throws -> Void)?,
        onDispose: (@Sendable (Service) throws -> Void)?
    ) -> LifecycleHooks? {
        guard eager || onCreate != nil || onDispose != nil else { return nil }
        return LifecycleHooks(
            eager: eager, onCreate: onCreate.map { [erase($0)] } ?? [],
            onDispose: onDispose.map { hook in .immediate { try ($0 as? Service).map(hook) } })
    }

    /// The one place a synchronous load runs creation hooks, in order, with the factory's resolver.
    func runCreationHook(on service: Any, resolver: Resolver) throws {
        for hook in onCreate {
            try hook(service, resolver)
        }
    }

    /// `hook` for any value: the engine passes only services of the registration's own
    /// factory, which are `Service`s or, for a weak service, the instance one wraps.
    static func erase<Service>(_ hook: @escaping @Sendable (Service, Resolver) throws -> Void) -> CreationHook
    {
        { value, resolver in try (value as? Service).map { try hook($0, resolver) } }
    }

    /// A main-actor creation hook, which runs where its main-actor factory ran.
    static func eraseOnMainActor<Service>(
        _ hook: @escaping @MainActor @Sendable (Service, Resolver) throws -> Void
    ) -> CreationHook {
        { value, resolver in
            guard let service = value as? Service else { return }
            let transfer = ServiceTransfer(value: service)
            // Unreachable through the engine, which runs it right after the main-actor factory.
            guard try MainThread.runIfCurrent({ try hook(transfer.value, resolver) }) != nil else {
                throw ContainerError.unavailableSynchronously(id: "", isolation: .mainActor)
            }
        }
    }

    static func eraseAsync<Service>(
        _ hook: @escaping @Sendable (Service, Resolver) async throws -> Void
    ) -> AsyncCreationHook {
        { value, resolver in
            guard let service = value as? Service else { return }
            try await hook(ServiceTransfer(value: service).value, resolver)
        }
    }

    static func eraseAsync<Service>(
        _ hook: @escaping @Sendable (Service) async throws -> Void
    ) -> @Sendable (Any) async throws -> Void {
        { value in
            guard let service = value as? Service else { return }
            try await hook(ServiceTransfer(value: service).value)
        }
    }
}

/// A dispose hook, by where it must run.
enum Disposal: Sendable {
    /// Runs at once, on the thread that releases the service.
    case immediate(@Sendable (Any) throws -> Void)
    /// Runs on the main actor: at once when released there, else in a task on it.
    case onMainActor(@MainActor @Sendable (Any) throws -> Void)
    /// Runs in a task of its own.
    case async(@Sendable (Any) async throws -> Void)
}
