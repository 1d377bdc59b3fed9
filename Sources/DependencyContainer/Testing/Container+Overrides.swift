extension Container {
    /// Runs `operation` with some of this container's registrations replaced, for the
    /// current task only.
    ///
    /// Overrides are scoped with a task-local value, so tests that run in parallel each see
    /// their own mocks and the container itself never changes. Child tasks created inside
    /// `operation` inherit the overrides; detached tasks and other threads do not.
    ///
    /// ```swift
    /// let recorded = container.withOverrides { overrides in
    ///     overrides.register(.toast) { RecordingToast() }
    /// } operation: {
    ///     container.load(.player)?.play("Intro")
    ///     return container.load(.toast) as? RecordingToast
    /// }
    /// ```
    ///
    /// An override replaces the registration of this container; a child's own registration
    /// still wins over an override set on its parent. Overrides nest: the innermost wins.
    /// Singletons registered as overrides live as long as the override scope.
    ///
    /// - Parameters:
    ///   - configure: Registers the replacements into a scratch container.
    ///   - operation: The code that sees the replacements.
    /// - Returns: What `operation` returns.
    public func withOverrides<Result>(
        _ configure: (Container) -> Void,
        operation: () throws -> Result
    ) rethrows -> Result {
        try OverrideScope.binding(OverrideScope(target: self, configure: configure), operation)
    }

    /// Runs the asynchronous `operation` with some of this container's registrations
    /// replaced, for the current task and its child tasks only.
    ///
    /// ```swift
    /// await container.withOverrides { overrides in
    ///     overrides.register(.toast) { BannerToast() }
    /// } operation: {
    ///     await announce("Intro", in: container)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - configure: Registers the replacements into a scratch container.
    ///   - isolation: The actor `operation` runs on; inferred from the caller.
    ///   - operation: The code that sees the replacements.
    /// - Returns: What `operation` returns.
    public func withOverrides<Result>(
        _ configure: (Container) -> Void,
        isolation: isolated (any Actor)? = #isolation,
        operation: () async throws -> Result
    ) async rethrows -> Result {
        try await OverrideScope.binding(
            OverrideScope(target: self, configure: configure), isolation: isolation, operation)
    }
}

extension Container {
    /// Runs `operation` with its own instance of every cached service this container's loads
    /// reach, for the current task only, and lets go of them when it returns.
    ///
    /// Every singleton, weak and named-scope service, this container's and its ancestors', is
    /// made afresh the first time `operation` loads it, cached for `operation` alone and
    /// disposed (its dispose hooks run) when `operation` ends. Tests that run in parallel
    /// each get their own, and none sees a service made before it started. The overrides
    /// `configure` registers are in the same scope, so a cached service made there is made
    /// with the test's mocks:
    ///
    /// ```swift
    /// container.withIsolatedInstances { overrides in
    ///     overrides.register(.toast, scope: .singleton) { RecordingToast() }
    /// } operation: {
    ///     container.load(.player)?.play("Intro")
    /// }
    /// ```
    ///
    /// The services are made for the contexts active when `operation` starts.
    ///
    /// - Parameters:
    ///   - configure: Registers overrides, as ``withOverrides(_:operation:)`` does.
    ///   - operation: The code that sees the fresh services.
    /// - Returns: What `operation` returns.
    /// - Complexity: O(*n*) in the registrations on the lookup order, when it starts.
    public func withIsolatedInstances<Result>(
        _ configure: (Container) -> Void = { _ in },
        operation: () throws -> Result
    ) rethrows -> Result {
        try OverrideScope.binding(OverrideScope(isolating: self, configure: configure), operation)
    }

    /// The asynchronous `withIsolatedInstances`: `operation` and its child tasks get their
    /// own instance of every cached service.
    ///
    /// ```swift
    /// await container.withIsolatedInstances {
    ///     await announce("Intro", in: container)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - configure: Registers overrides, as ``withOverrides(_:operation:)`` does.
    ///   - isolation: The actor `operation` runs on; inferred from the caller.
    ///   - operation: The code that sees the fresh services.
    /// - Returns: What `operation` returns.
    /// - Complexity: O(*n*) in the registrations on the lookup order, when it starts.
    public func withIsolatedInstances<Result>(
        _ configure: (Container) -> Void = { _ in },
        isolation: isolated (any Actor)? = #isolation,
        operation: () async throws -> Result
    ) async rethrows -> Result {
        try await OverrideScope.binding(
            OverrideScope(isolating: self, configure: configure), isolation: isolation, operation)
    }
}
