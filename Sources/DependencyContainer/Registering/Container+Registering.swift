extension Container {
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
    /// A service with a life of its own says so with hooks, which run once per service:
    ///
    /// ```swift
    /// container.register(.socket, scope: .session, onDispose: { $0.close() }) {
    ///     WebSocket()
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - id: The ID to register.
    ///   - scope: How long created services are reused; `nil`, the default, takes the
    ///     container's ``defaultScope``, which is ``Scope/transient`` (a new service for every
    ///     load) unless set.
    ///   - context: The context the registration is for (see ``RegistrationContext``); the
    ///     default registration of the ID when `nil`.
    ///   - eager: Whether `warmUp()` creates the service; loads stay lazy either way.
    ///   - onCreate: Runs once per service the container makes, after the factory returns and
    ///     before any load receives it, with the factory's resolver (see ``ServiceLifecycle``).
    ///   - onDispose: Runs once per service the container kept (a singleton, a named scope's
    ///     or a live weak service) when the container lets go of it.
    ///   - dependencies: The IDs the factory loads, which `verify()` checks without running it;
    ///     `nil`, the default, leaves the registration unchecked.
    ///   - verify: Whether `verify(running:)` may run the factory; `.skip` for one with side
    ///     effects.
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
        scope: Scope? = nil,
        context: RegistrationContext? = nil,
        eager: Bool = false,
        onCreate: (@Sendable (Service, Resolver) throws -> Void)? = nil,
        onDispose: (@Sendable (Service) throws -> Void)? = nil,
        dependencies: [Dependency]? = nil,
        verify: RunningCheck = .run,
        file: StaticString = #fileID,
        line: UInt = #line,
        factory: @escaping @Sendable (Resolver) throws -> Service
    ) -> RegistrationOutcome {
        add(
            id, ServiceLifecycle(eager: eager, onCreate: onCreate, onDispose: onDispose),
            scope: scope ?? defaultScope,
            context: context, dependencies: dependencies, verify: verify, file: file, line: line,
            factory: TypedFactory(factory))
    }

    /// The `register` above, for a factory that does not take a ``Resolver``.
    @discardableResult
    public func register<Service>(
        _ id: InjectID<Service>,
        scope: Scope? = nil,
        context: RegistrationContext? = nil,
        eager: Bool = false,
        onCreate: (@Sendable (Service, Resolver) throws -> Void)? = nil,
        onDispose: (@Sendable (Service) throws -> Void)? = nil,
        dependencies: [Dependency]? = nil,
        verify: RunningCheck = .run,
        file: StaticString = #fileID,
        line: UInt = #line,
        factory: @escaping @Sendable () throws -> Service
    ) -> RegistrationOutcome {
        add(
            id, ServiceLifecycle(eager: eager, onCreate: onCreate, onDispose: onDispose),
            scope: scope ?? defaultScope,
            context: context, dependencies: dependencies, verify: verify, file: file, line: line,
            factory: TypedFactory(ignoringResolver: factory))
    }

    /// Registers a factory whose lifecycle is stated as a value: for a dispose hook that must
    /// `await`, or hooks shared by several registrations.
    ///
    /// ```swift
    /// let flushing = ServiceLifecycle<Database>.async(onDispose: { try await $0.flush() })
    /// container.register(.database, scope: .singleton, lifecycle: flushing) { Database() }
    /// ```
    ///
    /// - Parameters:
    ///   - id: The ID to register.
    ///   - scope: How long created services are reused; `nil` takes ``defaultScope``.
    ///   - context: The context the registration is for; the default registration when `nil`.
    ///   - lifecycle: Whether the service is eager, and its hooks.
    ///   - dependencies: The IDs the factory loads, for ``verify()``; `nil` declares nothing.
    ///   - verify: Whether `verify(running:)` may run the factory.
    ///   - file: The registering file, shown in ``registrations``.
    ///   - line: The registering line, shown in ``registrations``.
    ///   - factory: Creates the service.
    /// - Returns: Whether the registration was added, replaced an earlier one, or rejected.
    @discardableResult
    public func register<Service>(
        _ id: InjectID<Service>,
        scope: Scope? = nil,
        context: RegistrationContext? = nil,
        lifecycle: ServiceLifecycle<Service>,
        dependencies: [Dependency]? = nil,
        verify: RunningCheck = .run,
        file: StaticString = #fileID,
        line: UInt = #line,
        factory: @escaping @Sendable (Resolver) throws -> Service
    ) -> RegistrationOutcome {
        add(
            id, lifecycle, scope: scope ?? defaultScope, context: context, dependencies: dependencies,
            verify: verify,
            file: file,
            line: line, factory: TypedFactory(factory))
    }

    /// The `register(_:scope:lifecycle:file:line:factory:)` above, for a factory that does not
    /// take a ``Resolver``.
    @discardableResult
    public func register<Service>(
        _ id: InjectID<Service>,
        scope: Scope? = nil,
        context: RegistrationContext? = nil,
        lifecycle: ServiceLifecycle<Service>,
        dependencies: [Dependency]? = nil,
        verify: RunningCheck = .run,
        file: StaticString = #fileID,
        line: UInt = #line,
        factory: @escaping @Sendable () throws -> Service
    ) -> RegistrationOutcome {
        add(
            id, lifecycle, scope: scope ?? defaultScope, context: context, dependencies: dependencies,
            verify: verify,
            file: file,
            line: line, factory: TypedFactory(ignoringResolver: factory))
    }

    /// Registers a factory with its options stated as one value: for options shared by
    /// several registrations, or built by a function of the app's.
    ///
    /// ```swift
    /// let shared = RegistrationOptions<any PlayerInject>(scope: .singleton, dependencies: [.load(.toast)])
    /// container.register(.player, options: shared) { resolver in
    ///     Player(toast: resolver.load(.toast))
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - id: The ID to register.
    ///   - options: The scope, context, lifecycle, declared dependencies and running check.
    ///   - file: The registering file, shown in ``registrations``.
    ///   - line: The registering line, shown in ``registrations``.
    ///   - factory: Creates the service.
    /// - Returns: Whether the registration was added, replaced an earlier one, or rejected.
    /// - Complexity: Amortized O(1).
    @discardableResult
    public func register<Service>(
        _ id: InjectID<Service>,
        options: RegistrationOptions<Service>,
        file: StaticString = #fileID,
        line: UInt = #line,
        factory: @escaping @Sendable (Resolver) throws -> Service
    ) -> RegistrationOutcome {
        add(
            Registration(
                id: id.name, settings: options.settings(defaultScope: defaultScope),
                provider: .closure(file: file, line: line),
                factory: TypedFactory(factory)))
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
    /// - Parameters:
    ///   - provider: The provider type.
    ///   - dependencies: What its factory loads, for `verify()`; `nil`, the default, takes the
    ///     provider's own `dependencies`.
    ///   - file: Where the registration is, for `verify()`'s problems: the caller's, or the
    ///     provider's declaration that generated code passes.
    ///   - line: The line of `file`.
    /// - Returns: Whether the registration was added, replaced an earlier one, or rejected.
    @discardableResult
    public func register<Provider: InjectProvider>(
        _ provider: Provider.Type, dependencies: [Dependency]? = nil, file: StaticString = #fileID,
        line: UInt = #line
    ) -> RegistrationOutcome {
        add(
            Registration(
                id: Provider.id.name, settings: Provider.options.declaring(dependencies).settings,
                provider: .declaredType(Provider.self, file: file, line: line),
                factory: TypedFactory { try Provider.make(with: $0) }))
    }

    /// Registers a factory that makes a new service from a run-time argument on every load.
    ///
    /// ```swift
    /// container.register(.stream) { resolver, url in
    ///     HLSStream(url: url)
    /// }
    /// ```
    ///
    /// A factory may load other services through the resolver, but not its own ID.
    ///
    /// - Parameters:
    ///   - id: The ID to register.
    ///   - dependencies: The IDs the factory loads, which `verify()` checks without running it;
    ///     `nil`, the default, leaves the registration unchecked.
    ///   - file: The registering file, shown in ``registrations``.
    ///   - line: The registering line, shown in ``registrations``.
    ///   - factory: Creates a service from the argument.
    /// - Returns: Whether the registration was added, replaced an earlier one, or rejected.
    @discardableResult
    public func register<Argument, Service>(
        _ id: ArgumentInjectID<Argument, Service>,
        dependencies: [Dependency]? = nil,
        file: StaticString = #fileID,
        line: UInt = #line,
        factory: @escaping @Sendable (Resolver, Argument) throws -> Service
    ) -> RegistrationOutcome {
        add(
            id, ArgumentFactory(factory), dependencies: dependencies,
            provider: .closure(file: file, line: line))
    }

    /// Removes every registration of `id` from this container: the default one and those made
    /// for a context (`context:`, see <doc:Contexts>).
    ///
    /// Registrations inherited from a parent are not affected, so after this call a load may
    /// still find the parent's registration. Services already handed out stay valid. To change
    /// one context's registration only, register it again for that context.
    ///
    /// - Parameter id: The ID to remove.
    /// - Returns: Whether this container had a registration for `id`.
    @discardableResult
    public func unregister<Service>(_ id: InjectID<Service>) -> Bool {
        unregister(id: id.name)
    }

    /// Removes every registration of the string ID `id` from this container, those made for a
    /// context included, as ``unregister(_:)`` does.
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

    /// Adds the registration a `register` verb's parameters describe.
    @inline(__always)
    private func add<Service>(
        _ id: InjectID<Service>, _ lifecycle: ServiceLifecycle<Service>, scope: Scope,
        context: RegistrationContext?, dependencies: [Dependency]?, verify: RunningCheck, file: StaticString,
        line: UInt, factory: TypedFactory<Service>
    ) -> RegistrationOutcome {
        // The common case, a factory and a scope, builds no settings to take apart again.
        guard lifecycle.hooks != nil || context != nil || dependencies != nil || verify != .run else {
            return add(
                Registration(
                    id: id.name, scope: scope, provider: .closure(file: file, line: line), factory: factory))
        }
        return add(
            Registration(
                id: id.name,
                settings: RegistrationSettings(
                    scope: scope, context: context, hooks: lifecycle.hooks, dependencies: dependencies,
                    runningCheck: verify),
                provider: .closure(file: file, line: line), factory: factory))
    }

    /// Adds the transient registration of an ``ArgumentInjectID``: its service is `made`, the
    /// function that makes the real services, which loads call without running a factory.
    func add<Argument, Service>(
        _ id: ArgumentInjectID<Argument, Service>, _ made: ArgumentFactory<Argument, Service>,
        dependencies: [Dependency]?, provider: ProviderDescription
    ) -> RegistrationOutcome {
        add(
            Registration(
                id: id.name, settings: RegistrationSettings(dependencies: dependencies), provider: provider,
                factory: TypedFactory { _ in made }, parts: Registration.Parts(argumentFactory: made)))
    }

    /// Adds a validated registration and reports a replacement.
    func add(_ registration: Registration) -> RegistrationOutcome {
        if let problem = IDValidation.problem(with: registration.id) {
            let error = ContainerError.invalidID(registration.id, reason: problem)
            report(.rejected(error))
            return .rejected(error)
        }
        if let problem = ServiceExpiry.problem(with: registration.timeToLive) {
            let error = ContainerError.invalidID(registration.id, reason: problem)
            report(.rejected(error))
            return .rejected(error)
        }
        if let error = admitContext(of: registration) {
            report(.rejected(error))
            return .rejected(error)
        }
        if registration.keepsExistingRegistration {
            return addUnlessRegistered(registration)
        }
        let previous = store.modify { $0.updateValue(registration) }
        // Reported after unlocking, so that a handler may itself use the container.
        reportIgnoredScope(of: registration)
        guard let previous else { return .added }
        report(.replaced(previous: previous.info, replacement: registration.info))
        return .replaced(previous.info)
    }

    /// Adds `registration` unless this container has one of its ID and context: checked and
    /// added in one write, so that of racing registrations exactly one is added.
    private func addUnlessRegistered(_ registration: Registration) -> RegistrationOutcome {
        let existing = store.modify { entries -> Registration? in
            if let existing = entries.registration(of: registration.id, for: registration.context) {
                return existing
            }
            entries.updateValue(registration)
            return nil
        }
        if let existing { return .kept(existing.info) }
        reportIgnoredScope(of: registration)
        return .added
    }

    /// Checks the context of `registration`, if it has one, and makes this container follow
    /// the process's contexts: the error that rejects the registration, or `nil`.
    func admitContext(of registration: Registration) -> ContainerError? {
        guard let context = registration.context else { return nil }
        if let name = context.name, let problem = IDValidation.problem(with: name) {
            return .invalidID(registration.id, reason: "its context's name is invalid: \(problem)")
        }
        // Before the write, so that a change of the process's contexts cannot miss it, nor the
        // services made with the registration from now on.
        ContextActivation.track(store)
        CreationTraceReaders.add(.contexts, for: self)
        return nil
    }

    /// Reports a registration that was added as ``Scope/transient`` because it asked for
    /// ``Scope/weak`` for a type that can never be held weakly; every verb that adds one calls it.
    func reportIgnoredScope(of registration: Registration) {
        guard registration.ignoresWeakScope else { return }
        report(.ignoredWeakScope(id: registration.id, serviceType: registration.serviceTypeName))
    }
}

extension Container {
    /// Makes this container refuse every change from now on, and report each refused one.
    ///
    /// A plugin registers into a scratch container, which the loader checks against the
    /// plugin's manifest and then moves into the host's. The plugin's code may keep the
    /// scratch container, and write to it from another thread, after its register function
    /// returned: sealed right then, the container the loader checks is the container it
    /// moves. A refused change runs on a copy that is dropped; it reaches nothing.
    ///
    /// - Parameter lateWrite: Called, after the refused change and outside every lock, with
    ///   the IDs it would have changed.
    package func seal(reportingLateWrites lateWrite: @escaping @Sendable ([String]) -> Void) {
        store.seal(reportingLateWrites: lateWrite)
    }

    /// Runs `body` and returns, with its result, the IDs that registrations made by this
    /// thread meanwhile changed in containers other than this one, sorted.
    ///
    /// Writes by other threads are not seen: they cannot be told apart from the host's own.
    /// Nor are writes to containers created meanwhile: those belong to the code in `body`.
    package func recordingWritesElsewhere<Result>(during body: () -> Result) -> (Result, [String]) {
        WriteWatch.watching(exempting: store.serial, body)
    }
}

extension Container {
    /// Discards the services of `scope` that this container's registrations hold, so that
    /// the next load of each creates a fresh one.
    ///
    /// Services already handed out stay valid: a load that raced with the reset may still
    /// return the old service, and a load that starts after it returns a new one. Only this
    /// container's own registrations and contributions are reset, not those it inherits
    /// from its parent; reset the parent to reset those. ``Injected`` properties keep what
    /// they loaded.
    ///
    /// ```swift
    /// container.reset(scope: .session)
    /// ```
    ///
    /// Only named scopes (``Scope/named(_:)``) can be reset. Resetting a built-in scope,
    /// such as ``Scope/singleton``, changes nothing, returns 0 and reports
    /// ``DiagnosticEvent/ignoredReset(scope:)``: a singleton lives as long as its registration.
    ///
    /// - Parameter scope: The named scope to reset.
    /// - Returns: The number of registrations and contributions reset.
    /// - Complexity: O(*n*) in the number of registrations.
    @discardableResult
    public func reset(scope: Scope) -> Int {
        guard let name = scope.resetName else {
            report(.ignoredReset(scope: scope))
            return 0
        }
        // Fresh copies replace the scope's registrations; the old ones are retired: their
        // services go before this returns, or, if loads are in progress, when the last ends.
        return store.modify { entries in entries.resetServices { $0.scopeName == name } }
    }
}

extension Container {
    /// Registers the argument factory that a provider type describes.
    ///
    /// ```swift
    /// container.register(StreamProvider.self)
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
    public func register<Provider: ArgumentInjectProvider>(
        _ provider: Provider.Type, dependencies: [Dependency]? = nil, file: StaticString = #fileID,
        line: UInt = #line
    ) -> RegistrationOutcome {
        let made = ArgumentFactory<Provider.Argument, Provider.Service> { resolver, argument in
            try Provider.make(with: resolver, argument: argument)
        }
        return add(
            Provider.id, made, dependencies: dependencies ?? Provider.dependencies,
            provider: .declaredType(Provider.self, file: file, line: line))
    }
}
