extension Container {
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
    ///   - file: The registering file, shown in ``registrations``.
    ///   - line: The registering line, shown in ``registrations``.
    ///   - factory: Creates a service from the argument.
    /// - Returns: Whether the registration was added, replaced an earlier one, or rejected.
    @discardableResult
    public func register<Argument, Service>(
        _ id: ArgumentInjectID<Argument, Service>,
        file: StaticString = #fileID,
        line: UInt = #line,
        factory: @escaping @Sendable (Resolver, Argument) throws -> Service
    ) -> RegistrationOutcome {
        let made = ArgumentFactory(factory)
        return add(
            Registration(
                id: id.name, scope: .transient, provider: .closure(file: file, line: line),
                factory: TypedFactory { _ in made }))
    }

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
        let thread = ThreadState.current
        guard let registration = findRegistration(named: id.name, thread: thread) else {
            reportMissing(id.name, Service.self)
            return nil
        }
        do {
            return try resolve(registration, argument: argument, as: Service.self, thread: thread)
        } catch {
            reportFailure(error, nested: !thread.frames.isEmpty)
            return nil
        }
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
        let thread = ThreadState.current
        guard let registration = findRegistration(named: id.name, thread: thread) else {
            throw .notRegistered(
                id: id.name, requestedType: typeName(Service.self),
                registeredIDs: registeredIDsForMessage(missing: id.name))
        }
        return try resolve(registration, argument: argument, as: Service.self, thread: thread)
    }

    /// Makes `registration`'s service from `argument`; fails the whole load when it is the
    /// top-level one and a cycle was found anywhere inside it.
    func resolve<Argument, Service>(
        _ registration: Registration, argument: Argument, as _: Service.Type, thread: ThreadState
    ) throws(ContainerError) -> Service {
        guard thread.frames.isEmpty else {
            return try make(registration, argument: argument, as: Service.self, thread: thread)
        }
        let service: Service
        do {
            service = try make(registration, argument: argument, as: Service.self, thread: thread)
        } catch {
            throw endTopLevelLoad(thread) ?? error
        }
        if let failure = endTopLevelLoad(thread) {
            throw failure
        }
        return service
    }

    /// Runs the argument factory: without a cast when the registration takes exactly
    /// `Argument` and makes exactly `Service`, else through checked casts.
    private func make<Argument, Service>(
        _ registration: Registration, argument: Argument, as _: Service.Type, thread: ThreadState
    ) throws(ContainerError) -> Service {
        try checkNotBeingMade(registration, thread: thread)
        if let typed = registration.typedFactory(producing: ArgumentFactory<Argument, Service>.self) {
            return try run(registration, thread: thread) { resolver throws in
                try typed.make(resolver).make(resolver, argument)
            }
        }
        guard let factoryType = registration.argumentFactoryType else {
            throw .argumentMismatch(
                id: registration.id, requestedArgument: typeName(Argument.self), registeredArgument: nil)
        }
        let value = try run(registration, thread: thread) { resolver throws -> Any? in
            let factory = try registration.factory.makeValue(resolver) as? ArgumentFactoryBase
            return try factory?.makeValue(resolver, argument: argument)
        }
        guard let value else {
            throw .argumentMismatch(
                id: registration.id, requestedArgument: typeName(Argument.self),
                registeredArgument: factoryType.argumentTypeName)
        }
        return try cast(value, from: registration, to: Service.self)
    }
}
