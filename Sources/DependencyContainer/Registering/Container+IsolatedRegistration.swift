extension Container {
    /// Registers a factory that runs on the main actor, so it may create main-actor services,
    /// such as a view, and call their main-actor initializers.
    ///
    /// ```swift
    /// container.registerOnMainActor(.banner, scope: .singleton) { resolver in
    ///     BannerView(log: resolver.load(.appLog))
    /// }
    /// ```
    ///
    /// Where a load may run the factory:
    /// - A synchronous ``load(_:)->Service?`` or ``require(_:)->Service`` on the main actor runs it at once.
    /// - `await` ``loadAsync(_:)`` or ``requireAsync(_:)`` from anywhere hops to the main actor
    ///   to run it.
    /// - A synchronous load anywhere else never runs it and never waits for it: it returns
    ///   the service if one exists (a singleton already created, a weak service still held),
    ///   and otherwise `nil`, reporting ``ContainerError/unavailableSynchronously(id:isolation:)``.
    ///
    /// - Parameters:
    ///   - id: The ID to register.
    ///   - scope: How long created services are reused; `nil` takes ``defaultScope``.
    ///   - context: The context the registration is for; the default registration when `nil`.
    ///   - eager: Whether `warmUp()` creates the service; off the main actor, it reports the
    ///     service as skipped.
    ///   - onCreate: Runs on the main actor once per service the container makes, before any
    ///     load receives it.
    ///   - onDispose: Runs on the main actor once per service the container kept, when it lets
    ///     go of it: at once when that happens on the main actor, else in a task on it.
    ///   - dependencies: The IDs the factory loads, which `verify()` checks without running it;
    ///     `nil`, the default, leaves the registration unchecked.
    ///   - verify: Whether `verify(running:)` may run the factory; `.skip` for one with side
    ///     effects.
    ///   - file: The registering file, shown in ``registrations``.
    ///   - line: The registering line, shown in ``registrations``.
    ///   - factory: Creates the service on the main actor.
    /// - Returns: Whether the registration was added, replaced an earlier one, or rejected.
    @discardableResult
    public func registerOnMainActor<Service>(
        _ id: InjectID<Service>,
        scope: Scope? = nil,
        context: RegistrationContext? = nil,
        eager: Bool = false,
        onCreate: (@MainActor @Sendable (Service, Resolver) throws -> Void)? = nil,
        onDispose: (@MainActor @Sendable (Service) throws -> Void)? = nil,
        dependencies: [Dependency]? = nil,
        verify: RunningCheck = .run,
        file: StaticString = #fileID,
        line: UInt = #line,
        factory: @escaping @MainActor @Sendable (Resolver) throws -> Service
    ) -> RegistrationOutcome {
        registerOnMainActor(
            id,
            options: RegistrationOptions(
                scope: scope, context: context,
                lifecycle: .onMainActor(eager: eager, onCreate: onCreate, onDispose: onDispose),
                dependencies: dependencies, runningCheck: verify),
            provider: .closure(file: file, line: line), factory: factory)
    }

    /// Adds a main-actor registration, from a closure or a ``MainActorInjectProvider``.
    func registerOnMainActor<Service>(
        _ id: InjectID<Service>, options: RegistrationOptions<Service>, provider: ProviderDescription,
        factory: @escaping @MainActor @Sendable (Resolver) throws -> Service
    ) -> RegistrationOutcome {
        let name = id.name
        // The synchronous loads' factory. The load path checks the isolation before it gets
        // here; the check is repeated so the factory can never run off the main actor.
        let synchronous = TypedFactory<Service> { resolver in
            let made = try MainThread.runIfCurrent { ServiceTransfer(value: try factory(resolver)) }
            guard let made else {
                throw ContainerError.unavailableSynchronously(id: name, isolation: .mainActor)
            }
            return made.value
        }
        return add(
            Registration(
                id: name, settings: options.settings(defaultScope: defaultScope), provider: provider,
                factory: synchronous,
                parts: Registration.Parts(isolation: .mainActor)))
    }

    /// The `registerOnMainActor` above, for a factory that does not take a ``Resolver``.
    @discardableResult
    public func registerOnMainActor<Service>(
        _ id: InjectID<Service>,
        scope: Scope? = nil,
        context: RegistrationContext? = nil,
        eager: Bool = false,
        onCreate: (@MainActor @Sendable (Service, Resolver) throws -> Void)? = nil,
        onDispose: (@MainActor @Sendable (Service) throws -> Void)? = nil,
        dependencies: [Dependency]? = nil,
        verify: RunningCheck = .run,
        file: StaticString = #fileID,
        line: UInt = #line,
        factory: @escaping @MainActor @Sendable () throws -> Service
    ) -> RegistrationOutcome {
        registerOnMainActor(
            id, scope: scope, context: context, eager: eager, onCreate: onCreate, onDispose: onDispose,
            dependencies: dependencies, verify: verify, file: file, line: line
        ) { _ in try factory() }
    }

    /// Registers an `async` factory, which may await other services and asynchronous work.
    ///
    /// ```swift
    /// container.registerAsync(.database, scope: .singleton) { resolver in
    ///     try await Database.open(log: resolver.loadAsync(.appLog))
    /// }
    /// ```
    ///
    /// Only `await` ``loadAsync(_:)`` and ``requireAsync(_:)`` run the factory. A
    /// ``Scope/singleton`` is created once however many tasks await it at the same time; a
    /// task that is cancelled while it waits does not cancel the creation for the others,
    /// and a creation that fails keeps nothing, so the next load tries again. A synchronous
    /// load returns the service if one exists, and otherwise `nil`, reporting
    /// ``ContainerError/unavailableSynchronously(id:isolation:)``.
    ///
    /// - Parameters:
    ///   - id: The ID to register.
    ///   - scope: How long created services are reused; `nil` takes ``defaultScope``.
    ///     ``Scope/graph`` behaves as ``Scope/transient`` for async factories.
    ///   - context: The context the registration is for; the default registration when `nil`.
    ///   - eager: Whether `warmUp()` creates the service; the synchronous `warmUp()` reports
    ///     it as skipped, the `async` one awaits it.
    ///   - onCreate: Runs once per service the container makes, before any load receives it.
    ///   - onDispose: Runs in a task of its own once per service the container kept, when it
    ///     lets go of it; ``waitForDisposals()`` awaits it.
    ///   - dependencies: The IDs the factory loads, which `verify()` checks without running it;
    ///     `nil`, the default, leaves the registration unchecked.
    ///   - verify: Whether `verify(running:)` may run the factory; `.skip` for one with side
    ///     effects.
    ///   - file: The registering file, shown in ``registrations``.
    ///   - line: The registering line, shown in ``registrations``.
    ///   - factory: Creates the service.
    /// - Returns: Whether the registration was added, replaced an earlier one, or rejected.
    @discardableResult
    public func registerAsync<Service>(
        _ id: InjectID<Service>,
        scope: Scope? = nil,
        context: RegistrationContext? = nil,
        eager: Bool = false,
        onCreate: (@Sendable (Service, Resolver) async throws -> Void)? = nil,
        onDispose: (@Sendable (Service) async throws -> Void)? = nil,
        dependencies: [Dependency]? = nil,
        verify: RunningCheck = .run,
        file: StaticString = #fileID,
        line: UInt = #line,
        factory: @escaping @Sendable (Resolver) async throws -> Service
    ) -> RegistrationOutcome {
        registerAsync(
            id,
            options: RegistrationOptions(
                scope: scope, context: context,
                lifecycle: .asyncRegistration(eager: eager, onCreate: onCreate, onDispose: onDispose),
                dependencies: dependencies, runningCheck: verify),
            provider: .closure(file: file, line: line), factory: factory)
    }

    /// Adds an async registration, from a closure or an ``AsyncInjectProvider``.
    func registerAsync<Service>(
        _ id: InjectID<Service>, options: RegistrationOptions<Service>, provider: ProviderDescription,
        factory: @escaping @Sendable (Resolver) async throws -> Service
    ) -> RegistrationOutcome {
        let name = id.name
        // Synchronous loads reach this only through a bug: the load path checks the isolation.
        let synchronous = TypedFactory<Service> { _ in
            throw ContainerError.unavailableSynchronously(id: name, isolation: .asynchronous)
        }
        return add(
            Registration(
                id: name, settings: options.settings(defaultScope: defaultScope), provider: provider,
                factory: synchronous,
                parts: Registration.Parts(isolation: .asynchronous, asyncFactory: AsyncTypedFactory(factory)))
        )
    }

    /// The `registerAsync` above, for a factory that does not take a ``Resolver``.
    @discardableResult
    public func registerAsync<Service>(
        _ id: InjectID<Service>,
        scope: Scope? = nil,
        context: RegistrationContext? = nil,
        eager: Bool = false,
        onCreate: (@Sendable (Service, Resolver) async throws -> Void)? = nil,
        onDispose: (@Sendable (Service) async throws -> Void)? = nil,
        dependencies: [Dependency]? = nil,
        verify: RunningCheck = .run,
        file: StaticString = #fileID,
        line: UInt = #line,
        factory: @escaping @Sendable () async throws -> Service
    ) -> RegistrationOutcome {
        registerAsync(
            id, scope: scope, context: context, eager: eager, onCreate: onCreate, onDispose: onDispose,
            dependencies: dependencies, verify: verify, file: file, line: line
        ) { _ in try await factory() }
    }

    /// Registers a factory that runs on the main actor, with its options stated as one value.
    ///
    /// - Parameters:
    ///   - id: The ID to register.
    ///   - options: The scope, context, lifecycle (``ServiceLifecycle/onMainActor(eager:onCreate:onDispose:)``
    ///     for hooks on the main actor), declared dependencies and running check.
    ///   - file: The registering file, shown in ``registrations``.
    ///   - line: The registering line, shown in ``registrations``.
    ///   - factory: Creates the service on the main actor.
    /// - Returns: Whether the registration was added, replaced an earlier one, or rejected.
    @discardableResult
    public func registerOnMainActor<Service>(
        _ id: InjectID<Service>,
        options: RegistrationOptions<Service>,
        file: StaticString = #fileID,
        line: UInt = #line,
        factory: @escaping @MainActor @Sendable (Resolver) throws -> Service
    ) -> RegistrationOutcome {
        registerOnMainActor(
            id, options: options, provider: .closure(file: file, line: line), factory: factory)
    }

    /// Registers a factory that takes `await`, with its options stated as one value.
    ///
    /// - Parameters:
    ///   - id: The ID to register.
    ///   - options: The scope, context, lifecycle (``ServiceLifecycle/async(eager:onDispose:)``
    ///     for a dispose hook that takes `await`), declared dependencies and running check.
    ///   - file: The registering file, shown in ``registrations``.
    ///   - line: The registering line, shown in ``registrations``.
    ///   - factory: Creates the service.
    /// - Returns: Whether the registration was added, replaced an earlier one, or rejected.
    @discardableResult
    public func registerAsync<Service>(
        _ id: InjectID<Service>,
        options: RegistrationOptions<Service>,
        file: StaticString = #fileID,
        line: UInt = #line,
        factory: @escaping @Sendable (Resolver) async throws -> Service
    ) -> RegistrationOutcome {
        registerAsync(id, options: options, provider: .closure(file: file, line: line), factory: factory)
    }
}

extension Container {
    /// Registers the main-actor service that a provider type describes.
    ///
    /// ```swift
    /// container.register(BannerProvider.self)
    /// ```
    ///
    /// - Parameters:
    ///   - provider: The provider type.
    ///   - dependencies: What its factory loads, for `verify()`; `nil`, the default, takes the
    ///     provider's own `dependencies`.
    ///   - file: Where the registration is, for `verify()`'s problems: the caller's, or the
    ///     provider's declaration that generated code passes.
    ///   - line: The line of `file`.
    /// - Returns: Whether the registration was added, replaced an earlier one, or rejected.
    @discardableResult
    public func register<Provider: MainActorInjectProvider>(
        _ provider: Provider.Type, dependencies: [Dependency]? = nil, file: StaticString = #fileID,
        line: UInt = #line
    ) -> RegistrationOutcome {
        registerOnMainActor(
            Provider.id, options: Provider.options.declaring(dependencies),
            provider: .declaredType(Provider.self, file: file, line: line),
            factory: { try Provider.make(with: $0) })
    }

    /// Registers the asynchronously created service that a provider type describes.
    ///
    /// ```swift
    /// container.register(DatabaseProvider.self)
    /// ```
    ///
    /// - Parameters:
    ///   - provider: The provider type.
    ///   - dependencies: What its factory loads, for `verify()`; `nil`, the default, takes the
    ///     provider's own `dependencies`.
    ///   - file: Where the registration is, for `verify()`'s problems: the caller's, or the
    ///     provider's declaration that generated code passes.
    ///   - line: The line of `file`.
    /// - Returns: Whether the registration was added, replaced an earlier one, or rejected.
    @discardableResult
    public func register<Provider: AsyncInjectProvider>(
        _ provider: Provider.Type, dependencies: [Dependency]? = nil, file: StaticString = #fileID,
        line: UInt = #line
    ) -> RegistrationOutcome {
        registerAsync(
            Provider.id, options: Provider.options.declaring(dependencies),
            provider: .declaredType(Provider.self, file: file, line: line),
            factory: { try await Provider.make(with: $0) })
    }
}
