/// A thread-safe registry of services keyed by string IDs.
///
/// Feature modules register implementations under IDs that an interface module declares;
/// any module loads them by ID without importing the feature. An ID with no registration
/// loads as `nil`, so callers fall back instead of crashing.
///
/// ```swift
/// let container = Container()
/// container.register(.toast, scope: .singleton) { ConsoleToast() }
/// container.register(.player) { resolver in Player(toast: resolver.load(.toast)) }
///
/// let player = container.load(.player)  // (any PlayerInject)?
/// let analytics = container.load(.analytics, default: NullAnalytics())
/// ```
///
/// Every method may be called from any thread or task at any time. Loads read an immutable
/// snapshot of the registrations that each thread caches, so readers never contend with
/// each other. A registration takes a lock and makes the snapshot stale; the loads that
/// follow take the lock too until enough have come to make publishing a new snapshot worth
/// its O(*n*) cost.
///
/// A container created with a parent sees the parent's registrations, and its own override
/// them; nothing registered in the child is visible to the parent. The child keeps its
/// parent alive.
///
/// Nothing a container hands out keeps it alive: services, a ``Resolver`` a factory kept,
/// ``Lazy`` and ``ServiceProvider`` handles, ``Injected`` properties and original-API items
/// hold it weakly. When its last owner lets go, the container and its cached services are
/// released, and later loads through what it handed out find nothing, reporting
/// ``ContainerError/containerReleased(id:requestedType:)``.
public final class Container: Sendable {
    /// The container shared by every module of the process.
    public static let shared = Container()

    /// The container whose registrations this one inherits, if any.
    public let parent: Container?

    /// The registrations, and the lock-free read path that loads use.
    let store = RegistrationStore()
    /// The diagnostics handler, if any.
    let diagnosticsHandler: LockedValue<DiagnosticsHandler?>
    /// Whether this container has a diagnostics handler, checked before building an event.
    let hasDiagnosticsHandler: AtomicCounter
    /// What resolvers, handles and items hold instead of the container, so that nothing the
    /// container hands out keeps it alive.
    let reference: ContainerReference
    /// ``captiveDependencyPolicy``: 0 to inherit, 1 to report, 2 to fail.
    let captivePolicyWord = AtomicCounter(0)

    /// Creates an empty container.
    ///
    /// - Parameter parent: A container whose registrations this one inherits. Loads look
    ///   here first, then in the parent, then in its parent, and so on.
    public init(parent: Container? = nil) {
        self.parent = parent
        let handler = LockedValue<DiagnosticsHandler?>(nil)
        let hasHandler = AtomicCounter(0)
        diagnosticsHandler = handler
        hasDiagnosticsHandler = hasHandler
        reference = ContainerReference(
            diagnosticsHandler: handler, hasDiagnosticsHandler: hasHandler, parent: parent?.reference)
        reference.attach(self)
    }

    deinit {
        // The store retires the services when it goes, right after this; snapshots cached by
        // other threads keep only registrations without services, and go when those threads
        // refresh.
        store.forgetOnCurrentThread()
    }

    // MARK: Registering

    /// Registers a factory for `id`, replacing any earlier registration of the same ID.
    ///
    /// The factory receives a ``Resolver`` through which it loads the services it depends
    /// on. It may throw; ``require(_:)->Service`` then reports ``ContainerError/factoryFailed(id:underlying:)``
    /// and ``load(_:)->Service?`` returns `nil`.
    ///
    /// ```swift
    /// container.register(.player, scope: .singleton) { resolver in
    ///     Player(toast: resolver.load(.toast))
    /// }
    /// ```
    ///
    /// The factory runs on whichever thread loads. In a module whose default isolation is the
    /// main actor (`.defaultIsolation(MainActor.self)`), the module's types and their
    /// conformances are main-actor isolated, so such a factory cannot create them ("main
    /// actor-isolated conformance … cannot be used in nonisolated context"): register them
    /// with `registerOnMainActor`, or declare the type `nonisolated`.
    ///
    /// - Parameters:
    ///   - id: The ID to register.
    ///   - scope: How long created services are reused. The default, ``Scope/transient``,
    ///     creates a new service for every load.
    ///   - file: The registering file, shown in ``registrations``.
    ///   - line: The registering line, shown in ``registrations``.
    ///   - factory: Creates the service.
    /// - Returns: Whether the registration was added, replaced an earlier one, or was
    ///   rejected because the ID is invalid. A rejected registration leaves the container
    ///   unchanged.
    /// - Complexity: Amortized O(1).
    @discardableResult
    public func register<Service>(
        _ id: InjectID<Service>,
        scope: Scope = .transient,
        file: StaticString = #fileID,
        line: UInt = #line,
        factory: @escaping @Sendable (Resolver) throws -> Service
    ) -> RegistrationOutcome {
        add(
            Registration(
                id: id.name, scope: scope, provider: .closure(file: file, line: line),
                factory: TypedFactory(factory)))
    }

    /// The `register` above, for a factory that does not take a ``Resolver``.
    @discardableResult
    public func register<Service>(
        _ id: InjectID<Service>,
        scope: Scope = .transient,
        file: StaticString = #fileID,
        line: UInt = #line,
        factory: @escaping @Sendable () throws -> Service
    ) -> RegistrationOutcome {
        add(
            Registration(
                id: id.name, scope: scope, provider: .closure(file: file, line: line),
                factory: TypedFactory(ignoringResolver: factory)))
    }

    /// Registers the service that a provider type describes.
    ///
    /// Feature modules export providers, such as the `ToastProvider` of ``InjectProvider``'s
    /// example, rather than their implementation types:
    ///
    /// ```swift
    /// container.register(ToastProvider.self)
    /// ```
    ///
    /// - Parameter provider: The provider type.
    /// - Returns: Whether the registration was added, replaced an earlier one, or rejected.
    @discardableResult
    public func register<Provider: InjectProvider>(_ provider: Provider.Type) -> RegistrationOutcome {
        add(
            Registration(
                id: Provider.id.name, scope: Provider.scope, provider: .type(Provider.self),
                factory: TypedFactory { try Provider.make(with: $0) }))
    }

    /// Removes the registration of `id` from this container.
    ///
    /// Registrations inherited from a parent are not affected, so after this call a load may
    /// still find the parent's registration. Services already handed out stay valid.
    ///
    /// - Parameter id: The ID to remove.
    /// - Returns: Whether this container had a registration for `id`.
    @discardableResult
    public func unregister<Service>(_ id: InjectID<Service>) -> Bool {
        unregister(id: id.name)
    }

    /// Removes the registration of the string ID `id` from this container.
    ///
    /// - Parameter id: The ID to remove.
    /// - Returns: Whether this container had a registration for `id`.
    @discardableResult
    public func unregister(id: String) -> Bool {
        store.modify { $0.removeValue(forKey: id) != nil }
    }

    /// Removes every registration of this container, but not of its parent.
    public func removeAll() {
        store.modify { $0.removeAll() }
    }

    /// Adds a validated registration and reports a replacement.
    func add(_ registration: Registration) -> RegistrationOutcome {
        if let problem = IDValidation.problem(with: registration.id) {
            let error = ContainerError.invalidID(registration.id, reason: problem)
            report(.rejected(error))
            return .rejected(error)
        }
        let previous = store.modify { $0.updateValue(registration) }
        // Reported after unlocking, so that a handler may itself use the container.
        reportIgnoredScope(of: registration)
        guard let previous else { return .added }
        report(.replaced(previous: previous.info, replacement: registration.info))
        return .replaced(previous.info)
    }

    /// Reports a registration that was added as ``Scope/transient`` because it asked for
    /// ``Scope/weak`` for a type that can never be held weakly; every verb that adds one calls it.
    func reportIgnoredScope(of registration: Registration) {
        guard registration.ignoresWeakScope else { return }
        report(.ignoredWeakScope(id: registration.id, serviceType: registration.serviceTypeName))
    }
}

/// The outcome of a registration.
public enum RegistrationOutcome: Sendable {
    /// The ID had no registration in this container before.
    case added

    /// The registration replaced an earlier one, described by the associated value.
    case replaced(RegistrationInfo)

    /// The registration was refused and the container left unchanged.
    case rejected(ContainerError)

    /// Whether the container now holds the new registration.
    public var isRegistered: Bool {
        if case .rejected = self { return false }
        return true
    }
}
