extension Container {
    /// Registers a factory for `id`, replacing any earlier registration of the same ID.
    ///
    /// The factory runs on whichever thread loads; if it throws, ``require(_:)->Service`` reports
    /// ``ContainerError/factoryFailed(id:underlying:)`` and ``load(_:)->Service?`` returns `nil`.
    ///
    /// ```swift
    /// container.register(.player, scope: .singleton) { resolver in
    ///     Player(toast: resolver.load(.toast))
    /// }
    /// ```
    ///
    /// The parameters are those of ``RegistrationOptions`` (<doc:ServiceLifetimes>, <doc:LifecycleHooks>).
    /// - Returns: Whether it was added, replaced an earlier one, or was rejected (changing nothing).
    @discardableResult
    public func register<Service>(
        _ id: InjectID<Service>, scope: Scope? = nil, context: RegistrationContext? = nil,
        eager: Bool = false,
        onCreate: (@Sendable (Service, Resolver) throws -> Void)? = nil,
        onDispose: (@Sendable (Service) throws -> Void)? = nil, dependencies: [Dependency]? = nil,
        verify: RunningCheck = .run, file: StaticString = #fileID, line: UInt = #line,
        factory: @escaping @Sendable (Resolver) throws -> Service
    ) -> RegistrationOutcome {
        add(
            id, scope, context, LifecycleHooks.ifAny(eager: eager, onCreate: onCreate, onDispose: onDispose),
            dependencies, verify, .closure(file: file, line: line), TypedFactory(factory))
    }

    /// The `register` above, for a factory that does not take a ``Resolver``.
    @discardableResult
    public func register<Service>(
        _ id: InjectID<Service>, scope: Scope? = nil, context: RegistrationContext? = nil,
        eager: Bool = false,
        onCreate: (@Sendable (Service, Resolver) throws -> Void)? = nil,
        onDispose: (@Sendable (Service) throws -> Void)? = nil, dependencies: [Dependency]? = nil,
        verify: RunningCheck = .run, file: StaticString = #fileID, line: UInt = #line,
        factory: @escaping @Sendable () throws -> Service
    ) -> RegistrationOutcome {
        add(
            id, scope, context, LifecycleHooks.ifAny(eager: eager, onCreate: onCreate, onDispose: onDispose),
            dependencies, verify, .closure(file: file, line: line), TypedFactory(ignoringResolver: factory))
    }

    /// Registers a factory whose lifecycle is a value: for a dispose hook that must `await`,
    /// or hooks shared by several registrations.
    @discardableResult
    public func register<Service>(
        _ id: InjectID<Service>, scope: Scope? = nil, context: RegistrationContext? = nil,
        lifecycle: ServiceLifecycle<Service>, dependencies: [Dependency]? = nil, verify: RunningCheck = .run,
        file: StaticString = #fileID, line: UInt = #line,
        factory: @escaping @Sendable (Resolver) throws -> Service
    ) -> RegistrationOutcome {
        add(
            id, scope, context, lifecycle.hooks, dependencies, verify,
            .closure(file: file, line: line), TypedFactory(factory))
    }

    /// The `register(_:scope:lifecycle:…)` above, for a factory that does not take a ``Resolver``.
    @discardableResult
    public func register<Service>(
        _ id: InjectID<Service>, scope: Scope? = nil, context: RegistrationContext? = nil,
        lifecycle: ServiceLifecycle<Service>, dependencies: [Dependency]? = nil, verify: RunningCheck = .run,
        file: StaticString = #fileID, line: UInt = #line, factory: @escaping @Sendable () throws -> Service
    ) -> RegistrationOutcome {
        add(
            id, scope, context, lifecycle.hooks, dependencies, verify, .closure(file: file, line: line),
            TypedFactory(ignoringResolver: factory))
    }

    /// Registers a factory with its options stated as one value.
    ///
    /// - Returns: Whether it was added, replaced an earlier one, kept the existing one, or was rejected.
    @discardableResult
    public func register<Service>(
        _ id: InjectID<Service>, options: RegistrationOptions<Service>, file: StaticString = #fileID,
        line: UInt = #line, factory: @escaping @Sendable (Resolver) throws -> Service
    ) -> RegistrationOutcome {
        add(
            id, options.settings(defaultScope: defaultScope), .closure(file: file, line: line),
            TypedFactory(factory))
    }

    /// Registers the service that a provider type describes (see ``InjectProvider``).
    @discardableResult
    public func register<Provider: InjectProvider>(
        _ provider: Provider.Type, dependencies: [Dependency]? = nil, file: StaticString = #fileID,
        line: UInt = #line
    ) -> RegistrationOutcome {
        add(
            Provider.id, Provider.options.declaring(dependencies).settings(),
            .declaredType(Provider.self, file: file, line: line), TypedFactory { try Provider.make(with: $0) }
        )
    }

    /// Registers a factory that makes a new service from a run-time argument on every load.
    @discardableResult
    public func register<Argument, Service>(
        _ id: ArgumentInjectID<Argument, Service>, dependencies: [Dependency]? = nil,
        file: StaticString = #fileID,
        line: UInt = #line, factory: @escaping @Sendable (Resolver, Argument) throws -> Service
    ) -> RegistrationOutcome {
        add(
            id, ArgumentFactory(factory), dependencies: dependencies,
            provider: .closure(file: file, line: line))
    }

    /// Registers the argument factory that a provider type describes (see ``ArgumentInjectProvider``).
    @discardableResult
    public func register<Provider: ArgumentInjectProvider>(
        _ provider: Provider.Type, dependencies: [Dependency]? = nil, file: StaticString = #fileID,
        line: UInt = #line
    ) -> RegistrationOutcome {
        add(
            Provider.id, ArgumentFactory { try Provider.make(with: $0, argument: $1) },
            dependencies: dependencies ?? Provider.dependencies,
            provider: .declaredType(Provider.self, file: file, line: line))
    }

    /// Registers a factory that runs on the main actor, so it may create main-actor services.
    ///
    /// A synchronous load on the main actor runs it; `await` ``loadAsync(_:)`` hops to the main
    /// actor; a synchronous load elsewhere returns only a service that exists, else `nil`,
    /// reporting ``ContainerError/unavailableSynchronously(id:isolation:)`` (<doc:SwiftConcurrency>).
    @discardableResult
    public func registerOnMainActor<Service>(
        _ id: InjectID<Service>, scope: Scope? = nil, context: RegistrationContext? = nil,
        eager: Bool = false,
        onCreate: (@MainActor @Sendable (Service, Resolver) throws -> Void)? = nil,
        onDispose: (@MainActor @Sendable (Service) throws -> Void)? = nil, dependencies: [Dependency]? = nil,
        verify: RunningCheck = .run, file: StaticString = #fileID, line: UInt = #line,
        factory: @escaping @MainActor @Sendable (Resolver) throws -> Service
    ) -> RegistrationOutcome {
        registerOnMainActor(
            id,
            options: RegistrationOptions(
                scope: scope, context: context,
                lifecycle: .onMainActor(eager: eager, onCreate: onCreate, onDispose: onDispose),
                dependencies: dependencies, runningCheck: verify), file: file, line: line, factory: factory)
    }

    /// The `registerOnMainActor` above, for a factory that does not take a ``Resolver``.
    @discardableResult
    public func registerOnMainActor<Service>(
        _ id: InjectID<Service>, scope: Scope? = nil, context: RegistrationContext? = nil,
        eager: Bool = false,
        onCreate: (@MainActor @Sendable (Service, Resolver) throws -> Void)? = nil,
        onDispose: (@MainActor @Sendable (Service) throws -> Void)? = nil, dependencies: [Dependency]? = nil,
        verify: RunningCheck = .run, file: StaticString = #fileID, line: UInt = #line,
        factory: @escaping @MainActor @Sendable () throws -> Service
    ) -> RegistrationOutcome {
        registerOnMainActor(
            id, scope: scope, context: context, eager: eager, onCreate: onCreate, onDispose: onDispose,
            dependencies: dependencies, verify: verify, file: file, line: line
        ) { _ in try factory() }
    }

    /// Registers a factory that runs on the main actor, with its options stated as one value.
    @discardableResult
    public func registerOnMainActor<Service>(
        _ id: InjectID<Service>, options: RegistrationOptions<Service>, file: StaticString = #fileID,
        line: UInt = #line, factory: @escaping @MainActor @Sendable (Resolver) throws -> Service
    ) -> RegistrationOutcome {
        registerOnMainActor(
            id, options: options, provider: .closure(file: file, line: line), factory: factory)
    }

    /// Registers the main-actor service that a provider type describes (see ``MainActorInjectProvider``).
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

    /// Adds a main-actor registration, from a closure or a ``MainActorInjectProvider``.
    func registerOnMainActor<Service>(
        _ id: InjectID<Service>, options: RegistrationOptions<Service>, provider: ProviderDescription,
        factory: @escaping @MainActor @Sendable (Resolver) throws -> Service
    ) -> RegistrationOutcome {
        let name = id.name
        // Loads check the isolation first; checked again so the factory never runs off the main actor.
        let synchronous = TypedFactory<Service> { resolver in
            let made = try MainThread.runIfCurrent { ServiceTransfer(value: try factory(resolver)) }
            guard let made else {
                throw ContainerError.unavailableSynchronously(id: name, isolation: .mainActor)
            }
            return made.value
        }
        return add(
            id, options.settings(defaultScope: defaultScope), provider, synchronous,
            parts: Registration.Parts(isolation: .mainActor))
    }

    /// Registers an `async` factory, which only `await` ``loadAsync(_:)`` and ``requireAsync(_:)``
    /// run; a synchronous load returns only a service that exists (<doc:SwiftConcurrency>).
    @discardableResult
    public func registerAsync<Service>(
        _ id: InjectID<Service>, scope: Scope? = nil, context: RegistrationContext? = nil,
        eager: Bool = false,
        onCreate: (@Sendable (Service, Resolver) async throws -> Void)? = nil,
        onDispose: (@Sendable (Service) async throws -> Void)? = nil, dependencies: [Dependency]? = nil,
        verify: RunningCheck = .run, file: StaticString = #fileID, line: UInt = #line,
        factory: @escaping @Sendable (Resolver) async throws -> Service
    ) -> RegistrationOutcome {
        registerAsync(
            id,
            options: RegistrationOptions(
                scope: scope, context: context,
                lifecycle: .asyncRegistration(eager: eager, onCreate: onCreate, onDispose: onDispose),
                dependencies: dependencies, runningCheck: verify), file: file, line: line, factory: factory)
    }

    /// The `registerAsync` above, for a factory that does not take a ``Resolver``.
    @discardableResult
    public func registerAsync<Service>(
        _ id: InjectID<Service>, scope: Scope? = nil, context: RegistrationContext? = nil,
        eager: Bool = false,
        onCreate: (@Sendable (Service, Resolver) async throws -> Void)? = nil,
        onDispose: (@Sendable (Service) async throws -> Void)? = nil, dependencies: [Dependency]? = nil,
        verify: RunningCheck = .run, file: StaticString = #fileID, line: UInt = #line,
        factory: @escaping @Sendable () async throws -> Service
    ) -> RegistrationOutcome {
        registerAsync(
            id, scope: scope, context: context, eager: eager, onCreate: onCreate, onDispose: onDispose,
            dependencies: dependencies, verify: verify, file: file, line: line
        ) { _ in try await factory() }
    }

    /// Registers a factory that takes `await`, with its options stated as one value.
    @discardableResult
    public func registerAsync<Service>(
        _ id: InjectID<Service>, options: RegistrationOptions<Service>, file: StaticString = #fileID,
        line: UInt = #line, factory: @escaping @Sendable (Resolver) async throws -> Service
    ) -> RegistrationOutcome {
        registerAsync(id, options: options, provider: .closure(file: file, line: line), factory: factory)
    }

    /// Registers the asynchronously created service that a provider type describes.
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

    /// Adds an async registration, from a closure or an ``AsyncInjectProvider``.
    func registerAsync<Service>(
        _ id: InjectID<Service>, options: RegistrationOptions<Service>, provider: ProviderDescription,
        factory: @escaping @Sendable (Resolver) async throws -> Service
    ) -> RegistrationOutcome {
        let name = id.name
        // Reached only through a bug: the load path checks the isolation.
        let synchronous = TypedFactory<Service> { _ in
            throw ContainerError.unavailableSynchronously(id: name, isolation: .asynchronous)
        }
        return add(
            id, options.settings(defaultScope: defaultScope), provider, synchronous,
            parts: Registration.Parts(
                isolation: .asynchronous, asyncFactory: { InstanceBox(try await factory($0)) }))
    }

    /// Removes every registration of `id` from this container, those for a context included;
    /// a parent's registration may still answer loads; returns whether it had one.
    @discardableResult
    public func unregister<Service>(_ id: InjectID<Service>) -> Bool {
        unregister(id: id.name)
    }

    /// Removes every registration of the string ID `id`, as ``unregister(_:)`` does.
    @discardableResult
    public func unregister(id: String) -> Bool {
        store.modify { $0.removeValue(forKey: id) != nil }
    }

    /// Removes every registration of this container, but not of its parent.
    public func removeAll() {
        store.modify { $0.removeAll() }
    }

    /// Adds the registration of `id` with `settings`: what every `register` spelling calls.
    @inline(__always)
    func add<Service>(
        _ id: InjectID<Service>, _ settings: RegistrationSettings, _ provider: ProviderDescription,
        _ factory: TypedFactory<Service>, parts: Registration.Parts = Registration.Parts()
    ) -> RegistrationOutcome {
        add(Registration(id: id.name, settings: settings, provider: provider, factory: factory, parts: parts))
    }

    /// The parameter forms' registration: the `options:` form's, stated without its generic
    /// struct (whose metadata a client's unspecialized call would look up), and with nothing
    /// but a scope, the common case, without settings.
    @inline(__always)
    private func add<Service>(
        _ id: InjectID<Service>, _ scope: Scope?, _ context: RegistrationContext?, _ hooks: LifecycleHooks?,
        _ dependencies: [Dependency]?, _ verify: RunningCheck, _ provider: ProviderDescription,
        _ factory: TypedFactory<Service>
    ) -> RegistrationOutcome {
        guard hooks != nil || context != nil || dependencies != nil || verify != .run else {
            return add(
                Registration(id: id.name, scope: scope ?? defaultScope, provider: provider, factory: factory))
        }
        return add(
            id,
            RegistrationSettings(
                scope: scope ?? defaultScope, context: context, hooks: hooks, dependencies: dependencies,
                runningCheck: verify), provider, factory)
    }

    /// Adds the transient registration of an ``ArgumentInjectID``, whose service is `made`.
    func add<Argument, Service>(
        _ id: ArgumentInjectID<Argument, Service>, _ made: ArgumentFactory<Argument, Service>,
        dependencies: [Dependency]?, provider: ProviderDescription
    ) -> RegistrationOutcome {
        add(
            Registration(
                id: id.name, settings: RegistrationSettings(dependencies: dependencies), provider: provider,
                factory: TypedFactory { _ in made }, parts: Registration.Parts(argumentFactory: made)))
    }

    /// Admits `registration` (``StoreEntries/admit(_:to:as:)``) as a verb,
    /// reporting the outcome after unlocking, so that a handler may use the container.
    @inline(__always)
    func add(_ registration: Registration, to placement: AdmissionPlacement = .entry) -> RegistrationOutcome {
        let admitted =
            if case .contributions(let added) = placement { added[0].registration } else { registration }
        if admitted.context != nil { followContexts(of: [admitted]) }
        let admission = store.modify { $0.admit(registration, to: placement) }
        if case .added = admission, !admitted.hasExtras { return .added }
        return outcome(of: admission, admitting: admitted)
    }

    /// Reports what admitting `admitted` did, after unlocking, and returns it.
    private func outcome(of admission: Admission, admitting admitted: Registration) -> RegistrationOutcome {
        switch admission {
        case .kept(let existing): return .kept(existing.info)
        case .rejected(let error):
            report(.rejected(error))
            return .rejected(error)
        case .added, .replaced:
            if admitted.ignoresWeakScope {
                report(.ignoredWeakScope(id: admitted.id, serviceType: admitted.serviceTypeName))
            }
            guard case .replaced(let previous) = admission else { return .added }
            report(.replaced(previous: previous.info, replacement: admitted.info))
            return .replaced(previous.info)
        }
    }

    /// Makes this container follow the contexts of `registrations`, if any has one: before their
    /// write, so that a change of the process's contexts cannot miss them nor their services.
    func followContexts(of registrations: [Registration]) {
        guard registrations.contains(where: { $0.context != nil }) else { return }
        ContextActivation.track(store)
        CreationTraceReaders.add(.contexts, for: self)
    }

    /// Makes this container refuse every change from now on, reporting the IDs each would
    /// have changed to `lateWrite`, outside every lock: a plugin's staging container, sealed
    /// once its register function returns, is the container the loader checks and moves.
    package func seal(reportingLateWrites lateWrite: @escaping @Sendable ([String]) -> Void) {
        store.seal(reportingLateWrites: lateWrite)
    }

    /// Runs `body` and returns the IDs that this thread's writes meanwhile changed in
    /// containers other than this one and those `body` created, sorted.
    package func recordingWritesElsewhere<Result>(during body: () -> Result) -> (Result, [String]) {
        WriteWatch.watching(exempting: store.serial, body)
    }

    /// Discards the services of the named `scope` that this container's own registrations and
    /// contributions hold (<doc:Scopes>).
    ///
    /// A built-in scope, such as ``Scope/singleton``, cannot be reset: that returns 0 and
    /// reports ``DiagnosticEvent/ignoredReset(scope:)``.
    /// - Returns: The number of registrations and contributions reset.
    @discardableResult
    public func reset(scope: Scope) -> Int {
        guard let name = scope.resetName else {
            report(.ignoredReset(scope: scope))
            return 0
        }
        return store.modify { $0.resetServices { $0.scopeName == name } }
    }

    /// Discards every service this container's own registrations and contributions keep, of
    /// every scope, as ``reset(scope:)`` does a named scope's; returns how many.
    @discardableResult
    public func resetCaches() -> Int {
        store.modify { $0.resetServices { $0.hasCachedServiceIgnoringExpiry } }
    }

    /// Removes this container's registrations of `id` for contexts and keeps its default one;
    /// the services made with a removed one are discarded; returns how many it removed.
    @discardableResult
    public func removeContextRegistrations<Service>(of id: InjectID<Service>) -> Int {
        store.modify { $0.removeContextRegistrations(of: id.name) }
    }

    /// Changes the scope of this container's registration of `id`: a re-registration with
    /// the same factory and options, reported and observed as any replacement.
    ///
    /// - Returns: ``RegistrationOutcome/replaced(_:)`` with the registration as it was, or
    ///   ``RegistrationOutcome/rejected(_:)`` with
    ///   ``ContainerError/notRegistered(id:requestedType:registeredIDs:)`` when this container
    ///   has no registration of `id` of its own.
    @discardableResult
    public func setScope<Service>(_ scope: Scope, for id: InjectID<Service>) -> RegistrationOutcome {
        let admitted = store.modify { entries -> (Admission, Registration)? in
            guard let previous = entries[id.name] else { return nil }
            var settings = previous.settings
            settings.scope = scope
            let copy = Registration(copying: previous, settings: settings)
            return (entries.admit(copy, as: .copy), copy)
        }
        if let (admission, copy) = admitted { return outcome(of: admission, admitting: copy) }
        let error = ContainerError.notRegistered(
            id: id.name, requestedType: typeName(Service.self),
            registeredIDs: registeredIDsForMessage(missing: id.name))
        report(.rejected(error))
        return .rejected(error)
    }

    /// Creates an empty container whose registrations that state no scope get `defaultScope`.
    public convenience init(parent: Container? = nil, defaultScope: Scope) {
        self.init(parent: parent)
        reference.setDefaultScope(defaultScope)
    }

    /// The scope of a `register`, `registerOnMainActor` or `registerAsync` registration that
    /// states none: ``Scope/transient`` unless set, or the parent's for a child that sets none.
    public var defaultScope: Scope {
        get { reference.defaultScope }
        set { reference.setDefaultScope(newValue) }
    }

    /// Makes this container follow `contexts` rather than the process's active contexts, or
    /// the process's again when `nil`; its own registrations switch at once (<doc:Contexts>).
    public func setActiveContexts(_ contexts: [RegistrationContext]?) {
        store.reselectContexts(following: contexts)
    }

    /// The contexts this container's own registrations follow, highest precedence first.
    public var activeContexts: [RegistrationContext] {
        store.activeContexts
    }

    /// Reports ``DiagnosticEvent/unknownContext(_:)`` for each invalid context name the
    /// process's detection refused, and each active named context that no registration of
    /// this container or its ancestors is for; returns the problems reported.
    @discardableResult
    public func reportUnknownContexts() -> [ContextProblem] {
        var problems =
            store.state.withLock { $0.contexts?.activeOverride == nil } ? ContextActivation.problems : []
        let used = sequence(first: self, next: \.parent).reduce(into: Set<RegistrationContext>()) {
            $0.formUnion($1.store.contextUse().used)
        }
        problems += activeContexts.filter { $0.name != nil && !used.contains($0) }.map {
            ContextProblem(
                name: $0.description, reason: "no registration is for this context, so it changes nothing")
        }
        for problem in problems {
            report(.unknownContext(problem))
        }
        return problems
    }

    /// Runs `operation` with some of this container's registrations replaced, for the
    /// current task and its child tasks only (<doc:TestingWithOverrides>).
    public func withOverrides<Result>(
        _ configure: (Container) -> Void, operation: () throws -> Result
    ) rethrows -> Result {
        try OverrideScope.binding(OverrideScope(target: self, configure: configure), operation)
    }

    /// The asynchronous `withOverrides`.
    public func withOverrides<Result>(
        _ configure: (Container) -> Void, isolation: isolated (any Actor)? = #isolation,
        operation: () async throws -> Result
    ) async rethrows -> Result {
        try await OverrideScope.binding(
            OverrideScope(target: self, configure: configure), isolation: isolation, operation)
    }

    /// Runs `operation` with its own instance of every cached service this container's loads
    /// reach, made for the contexts active when it starts and disposed when it returns
    /// (<doc:TestingWithOverrides>).
    public func withIsolatedInstances<Result>(
        _ configure: (Container) -> Void = { _ in }, operation: () throws -> Result
    ) rethrows -> Result {
        try OverrideScope.binding(
            OverrideScope(target: self, isolating: true, configure: configure), operation)
    }

    /// The asynchronous `withIsolatedInstances`.
    public func withIsolatedInstances<Result>(
        _ configure: (Container) -> Void = { _ in }, isolation: isolated (any Actor)? = #isolation,
        operation: () async throws -> Result
    ) async rethrows -> Result {
        try await OverrideScope.binding(
            OverrideScope(target: self, isolating: true, configure: configure), isolation: isolation,
            operation)
    }
}
