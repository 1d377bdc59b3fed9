extension Container {
    /// Loads the service registered under `id`, or `nil` if there is none.
    ///
    /// `nil` means the feature is absent, or its registration failed (a type mismatch, a
    /// cycle, a factory that threw); the reason goes to the diagnostics handler. Callers fall
    /// back gracefully:
    ///
    /// ```swift
    /// guard let toast = container.load(.toast) else { return }  // toast feature absent
    /// toast.show("Saved")
    /// ```
    ///
    /// - Parameter id: The ID to load.
    /// - Returns: The service, created or reused according to the registration's scope.
    /// - Complexity: O(1) on average; a singleton that exists costs one hash lookup.
    @inline(__always)
    public func load<Service>(_ id: InjectID<Service>) -> Service? {
        loadService(id)
    }

    /// Loads the service registered under `id`, or returns `defaultValue` if there is none.
    ///
    /// ```swift
    /// let analytics = container.load(.analytics, default: NullAnalytics())
    /// ```
    ///
    /// - Parameters:
    ///   - id: The ID to load.
    ///   - defaultValue: The fallback, evaluated only when the load yields `nil`.
    /// - Returns: The registered service or the fallback.
    public func load<Service>(_ id: InjectID<Service>, default defaultValue: @autoclosure () -> Service)
        -> Service
    {
        load(id) ?? defaultValue()
    }

    /// Loads the service registered under `id`, throwing an error that explains why when
    /// it cannot.
    ///
    /// Use it where a missing service is a configuration mistake to be surfaced. Unlike
    /// ``load(_:)->Service?``, it reports nothing to the diagnostics handler: the error is the
    /// caller's to handle.
    ///
    /// ```swift
    /// do {
    ///     let player = try container.require(.player)
    ///     player.play("Intro")
    /// } catch {
    ///     print(error)  // No registration for ID 'PlayerInjectID' …
    /// }
    /// ```
    ///
    /// - Parameter id: The ID to load.
    /// - Returns: The service, created or reused according to the registration's scope.
    /// - Throws: ``ContainerError/notRegistered(id:requestedType:registeredIDs:)`` when the ID
    ///   has no registration, ``ContainerError/typeMismatch(id:requestedType:actualType:)``,
    ///   ``ContainerError/cycle(path:)``, ``ContainerError/factoryFailed(id:underlying:)``,
    ///   ``ContainerError/resolutionTooDeep(id:depth:innermostID:)``,
    ///   ``ContainerError/unavailableSynchronously(id:isolation:)`` for a main-actor or `async`
    ///   registration it may not run here, ``ContainerError/captiveDependency(id:scope:dependency:dependencyScope:)``
    ///   under the `.fail` policy, or ``ContainerError/argumentMismatch(id:requestedArgument:registeredArgument:)``
    ///   for an argument ID's registration.
    public func require<Service>(_ id: InjectID<Service>) throws(ContainerError) -> Service {
        try requireService(named: id.name, as: Service.self)
    }
}

extension Container {
    // MARK: Loading with an argument

    /// Makes the service registered under `id` from `argument`, or returns `nil` if there is
    /// none.
    ///
    /// ```swift
    /// let stream = container.load(.stream, argument: URL(string: "https://example.com/live.m3u8")!)
    /// ```
    ///
    /// A registration for another argument type, or for none, loads as `nil` and reports
    /// ``ContainerError/argumentMismatch(id:requestedArgument:registeredArgument:)``.
    ///
    /// - Parameters:
    ///   - id: The ID to load.
    ///   - argument: The value the factory makes the service from.
    /// - Returns: A new service.
    public func load<Argument, Service>(_ id: ArgumentInjectID<Argument, Service>, argument: Argument)
        -> Service?
    {
        loadService(named: id.name, argument: argument, as: Service.self)
    }

    /// Makes the service registered under `id` from `argument`, throwing an error that
    /// explains why when it cannot.
    ///
    /// - Parameters:
    ///   - id: The ID to load.
    ///   - argument: The value the factory makes the service from.
    /// - Returns: A new service.
    /// - Throws: ``ContainerError/notRegistered(id:requestedType:registeredIDs:)``,
    ///   ``ContainerError/argumentMismatch(id:requestedArgument:registeredArgument:)``,
    ///   ``ContainerError/typeMismatch(id:requestedType:actualType:)``,
    ///   ``ContainerError/cycle(path:)`` or ``ContainerError/factoryFailed(id:underlying:)``.
    public func require<Argument, Service>(_ id: ArgumentInjectID<Argument, Service>, argument: Argument)
        throws(ContainerError) -> Service
    {
        try requireService(named: id.name, argument: argument, as: Service.self)
    }

    // MARK: Loading asynchronously

    /// Loads the service registered under `id`, running its factory where it must run, or
    /// returns `nil` if there is none.
    ///
    /// It loads every kind of registration: a synchronous factory runs at once, a
    /// ``FactoryIsolation/mainActor`` one on the main actor, and an `async` one is awaited.
    /// Failures go to the diagnostics handler, as with ``load(_:)->Service?``.
    ///
    /// ```swift
    /// Task.detached {
    ///     let banner = await container.loadAsync(.banner)  // hops to the main actor
    ///     await banner?.show("Saved")
    /// }
    /// ```
    ///
    /// It has its own name, so synchronous `load` calls in async functions stay synchronous.
    ///
    /// - Parameter id: The ID to load.
    /// - Returns: The service, created or reused according to the registration's scope.
    public func loadAsync<Service>(_ id: InjectID<Service>) async -> Service? {
        await loadServiceAsync(named: id.name, as: Service.self)
    }

    /// Loads the service registered under `id`, running its factory where it must run, or
    /// throws an error that explains why it cannot.
    ///
    /// ```swift
    /// let database = try await container.requireAsync(.database)
    /// ```
    ///
    /// - Parameter id: The ID to load.
    /// - Returns: The service, created or reused according to the registration's scope.
    /// - Throws: The errors of ``require(_:)->Service``; ``ContainerError/cycle(path:)`` also when
    ///   async factories, in one task or several, load each other in a cycle.
    public func requireAsync<Service>(_ id: InjectID<Service>) async throws(ContainerError) -> Service {
        try await requireServiceAsync(named: id.name, as: Service.self)
    }
}

extension Container {
    /// A handle that loads the service registered under `id` anew on every call.
    ///
    /// Each call loads as this container sees it with the calling task's overrides. See
    /// ``ServiceProvider``.
    ///
    /// ```swift
    /// let makeToast = container.provider(.toast)
    /// makeToast()?.show("Saved")
    /// ```
    ///
    /// - Parameter id: The ID to load.
    /// - Returns: The handle.
    public func provider<Service>(_ id: InjectID<Service>) -> ServiceProvider<Service> {
        ServiceProvider(id, context: Resolver(container: self, overrides: OverrideScope.current))
    }
}

extension Container {
    /// A handle that loads the service registered under `id` on first use, once.
    ///
    /// It loads as this container sees it with the calling task's overrides. See ``Lazy``.
    ///
    /// ```swift
    /// let player = container.lazy(.player)
    /// player.value?.play("Intro")  // loaded here
    /// ```
    ///
    /// - Parameter id: The ID to load.
    /// - Returns: A handle that has loaded nothing yet.
    public func lazy<Service>(_ id: InjectID<Service>) -> Lazy<Service> {
        Lazy(id, context: Resolver(container: self, overrides: OverrideScope.current))
    }
}
