extension Container {
    /// Registers a factory for `id` whose service is shared until `scope` is reset.
    ///
    /// Every load shares one service, as with ``Scope/singleton``, until
    /// ``reset(scope:)`` discards it; the next load then runs the factory again.
    ///
    /// ```swift
    /// container.register(.cart, scope: ScopeName.session) { resolver in
    ///     ShoppingCart(analytics: resolver.load(.analytics))
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - id: The ID to register.
    ///   - scope: The named scope the service lives in.
    ///   - file: The registering file, shown in ``registrations``.
    ///   - line: The registering line, shown in ``registrations``.
    ///   - factory: Creates the service.
    /// - Returns: Whether the registration was added, replaced an earlier one, or rejected.
    @discardableResult
    public func register<Service>(
        _ id: InjectID<Service>,
        scope: ScopeName,
        file: StaticString = #fileID,
        line: UInt = #line,
        factory: @escaping @Sendable (Resolver) throws -> Service
    ) -> RegistrationOutcome {
        add(
            Registration(
                id: id.name, scope: .singleton, provider: .closure(file: file, line: line),
                factory: TypedFactory(factory), scopeName: scope))
    }

    /// Registers a factory that needs no other services, whose service is shared until
    /// `scope` is reset.
    ///
    /// - Parameters:
    ///   - id: The ID to register.
    ///   - scope: The named scope the service lives in.
    ///   - file: The registering file, shown in ``registrations``.
    ///   - line: The registering line, shown in ``registrations``.
    ///   - factory: Creates the service.
    /// - Returns: Whether the registration was added, replaced an earlier one, or rejected.
    @discardableResult
    public func register<Service>(
        _ id: InjectID<Service>,
        scope: ScopeName,
        file: StaticString = #fileID,
        line: UInt = #line,
        factory: @escaping @Sendable () throws -> Service
    ) -> RegistrationOutcome {
        register(id, scope: scope, file: file, line: line) { _ in try factory() }
    }

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
    /// - Parameter scope: The scope to reset.
    /// - Returns: The number of registrations and contributions reset.
    /// - Complexity: O(*n*) in the number of registrations.
    @discardableResult
    public func reset(scope: ScopeName) -> Int {
        // The read path reads singletons in place without retaining them, so an instance is
        // never cleared in place: each registration of the scope is replaced by a fresh copy.
        // The old registrations are retired: their services go before this returns, or, if
        // loads are in progress, when the last of them ends.
        store.modify { entries -> Int in
            var count = 0
            for registration in Array(entries.values) {
                if registration.scopeName == scope {
                    entries.replacePoint(
                        registration.id, with: Registration(freshCopyOf: registration), dropping: [])
                    count += 1
                } else if let contributions = registration.contributions?.resetting(scope: scope) {
                    entries.replacePoint(
                        registration.id,
                        with: Registration(copying: registration, contributions: contributions.set),
                        dropping: contributions.replaced)
                    count += contributions.replaced.count
                }
            }
            return count
        }
    }
}
