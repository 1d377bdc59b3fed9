extension Container {
    // MARK: Step 2: choose the creation context

    /// Runs the factory of a cached service (singleton, weak or named scope) where its
    /// registration lives, so that what it caches never captures a narrower context's service.
    ///
    /// A service cached in a container outlives every override scope and is shared by every
    /// child, so its dependencies come from that container alone: the factory's resolver is
    /// the owning container's, and no test override is visible while it runs. A service
    /// registered as an override is cached in its override scope; its factory runs on the
    /// container the override is for (never a child that loaded through it) and sees that
    /// scope and the scopes enclosing it, never one nested inside. A registration whose
    /// owner cannot be found any more (a write removed it meanwhile) runs as loaded.
    ///
    /// ```swift
    /// container.register(.player, scope: .singleton) { r in Player(toast: r.load(.toast)) }
    /// let player = container.withOverrides {
    ///     $0.register(.toast) { RecordingToast() }
    /// } operation: {
    ///     container.load(.player)  // created with the container's own toast, and cached
    /// }
    /// ```
    ///
    /// - Complexity: O(*d*) lookups in the *d* containers and override scopes between this
    ///   container and the owner; only when a cached service is created.
    func runInOwnContext<Result>(
        _ registration: Registration, thread: ThreadState, finishes: Bool, _ body: (Resolver) throws -> Result
    ) throws(ContainerError) -> Result {
        let overrides = OverrideScope.current
        let owner = ownContext(of: registration, overrides: overrides)
        guard owner.overrides !== overrides else {
            return try owner.container.runFactory(registration, thread: thread, finishes: finishes, body)
        }
        return try OverrideScope.binding(owner.overrides) { () throws(ContainerError) -> Result in
            try owner.container.runFactory(registration, thread: thread, finishes: finishes, body)
        }
    }

    /// The async counterpart of `runInOwnContext(_:thread:_:)`, for an async factory's
    /// shared service: `body` runs on the owner container with the owner's override scopes.
    ///
    /// - Complexity: As `runInOwnContext(_:thread:_:)`.
    func runInOwnContextAsync<Result>(
        _ registration: Registration, _ body: (Container) async throws(ContainerError) -> Result
    ) async throws(ContainerError) -> Result {
        let overrides = OverrideScope.current
        let owner = ownContext(of: registration, overrides: overrides)
        guard owner.overrides !== overrides else {
            return try await body(owner.container)
        }
        return try await OverrideScope.binding(owner.overrides) { () async throws(ContainerError) -> Result in
            try await body(owner.container)
        }
    }

    /// The container and override scopes a cached service of `registration` is made in,
    /// for a load made on this container under `overrides`: where the registration lives, or
    /// this load's own context when nothing lies beyond it or a write removed the
    /// registration meanwhile.
    ///
    /// - Complexity: O(1) for a root container without overrides; otherwise as
    ///   `creationContext(of:overrides:)`.
    private func ownContext(of registration: Registration, overrides: OverrideScope?)
        -> (container: Container, overrides: OverrideScope?)
    {
        guard parent != nil || overrides != nil,
            let owner = creationContext(of: registration, overrides: overrides)
        else {
            return (self, overrides)
        }
        return owner
    }

    /// Where `registration` lives on this container's lookup order, as the context a cached
    /// service of it is made in (``LookupPlace/creationContext``).
    private func creationContext(of registration: Registration, overrides: OverrideScope?)
        -> (container: Container, overrides: OverrideScope?)?
    {
        var context: (container: Container, overrides: OverrideScope?)?
        _ = walkLookupOrder(overrides: overrides) { place in
            guard place.store.holds(registration) else { return .absent }
            context = place.creationContext
            return .foundAndHeld
        }
        return context
    }
}

extension LookupPlace {
    /// The context a cached service registered at this place is made in: the rule that both
    /// loads (`Container.runInOwnContext(_:thread:_:)`) and `verify()` (`CreationContexts`)
    /// apply.
    ///
    /// A container's own registration is made on that container, with no overrides; an
    /// override's, on the container the override is for (never the child that loaded
    /// through it: the service is cached in the scope, for every loader), with the scope and
    /// those enclosing it. What the factory then sees is that context's own lookup order.
    var creationContext: (container: Container, overrides: OverrideScope?) {
        switch self {
        case .override(let scope, let target): return (target, scope)
        case .own(let container): return (container, nil)
        }
    }
}
