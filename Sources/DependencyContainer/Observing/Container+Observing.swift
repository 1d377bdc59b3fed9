extension Container {
    /// The changes of the registration a load of `id` through this container uses.
    ///
    /// The first element is ``RegistrationChange/current(_:)``, the state when this method
    /// returned; then every change, in the order the container applied it. A change in an
    /// ancestor is included when it changes what this container loads, not when this
    /// container's own registration shadows it. Test overrides are not changes of the
    /// container and are never reported. The sequence ends when this container goes.
    ///
    /// ```swift
    /// for await change in container.changes(of: .toast) {
    ///     print("toast:", change)
    /// }
    /// ```
    ///
    /// - Parameter id: The ID to observe.
    /// - Returns: The changes, buffered from now until iterated.
    /// - Complexity: O(*d*) in the depth of the container's ancestry. Loads never look at
    ///   observers; a change of an observed ID costs O(*o*) in its observers.
    public func changes<Service>(of id: InjectID<Service>) -> RegistrationChanges<RegistrationChange> {
        changes(of: id.name, subject: .registration) { change in
            if case .registration(let change) = change { change } else { nil }
        }
    }

    /// The changes of the registration of an ID whose factory takes an argument, as
    /// ``changes(of:)-(InjectID<Service>)`` reports them.
    ///
    /// - Parameter id: The ID to observe.
    /// - Returns: The changes, buffered from now until iterated.
    public func changes<Argument, Service>(
        of id: ArgumentInjectID<Argument, Service>
    ) -> RegistrationChanges<RegistrationChange> {
        changes(of: id.name, subject: .registration) { change in
            if case .registration(let change) = change { change } else { nil }
        }
    }

    /// The changes of the contributions a load of `point` through this container uses,
    /// compared by contribution name.
    ///
    /// The first element is ``ContributionChange/current(_:)``; then one element per
    /// contribution each change adds, replaces, resets or removes, in the order the
    /// container applied the changes.
    ///
    /// ```swift
    /// for await change in container.changes(of: .playerMenu) {
    ///     print("menu:", change)
    /// }
    /// ```
    ///
    /// - Parameter point: The extension point to observe.
    /// - Returns: The changes, buffered from now until iterated.
    public func changes<Element>(of point: ExtensionPoint<Element>) -> RegistrationChanges<ContributionChange>
    {
        changes(of: point.name, subject: .contributions) { change in
            if case .contribution(let change) = change { change } else { nil }
        }
    }

    /// Calls `handler` with each change of the registration a load of `id` through this
    /// container uses, until the token is cancelled or dropped, or the container goes.
    ///
    /// For code that is not async. The handler receives ``RegistrationChange/current(_:)``
    /// first, then the changes as ``changes(of:)-(InjectID<Service>)`` describes them. It runs
    /// after the change is visible, so a load inside it sees the new state, on the thread
    /// that made the change (or that subscribed, for the first call), with no lock held. It
    /// may load, register and unregister: a change it makes is delivered after it returns.
    /// Calls for one observer never overlap.
    ///
    /// ```swift
    /// let token = container.observe(.toast) { change in
    ///     print("toast:", change)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - id: The ID to observe.
    ///   - handler: Receives each change.
    /// - Returns: The token that keeps the observation alive.
    public func observe<Service>(
        _ id: InjectID<Service>, _ handler: @escaping @Sendable (RegistrationChange) -> Void
    ) -> ObservationToken {
        observe(id.name, subject: .registration) { change in
            if case .registration(let change) = change { handler(change) }
        }
    }

    /// Calls `handler` with each change of the registration of an ID whose factory takes an
    /// argument, as ``observe(_:_:)-(InjectID<Service>,_)`` does.
    ///
    /// - Parameters:
    ///   - id: The ID to observe.
    ///   - handler: Receives each change.
    /// - Returns: The token that keeps the observation alive.
    public func observe<Argument, Service>(
        _ id: ArgumentInjectID<Argument, Service>, _ handler: @escaping @Sendable (RegistrationChange) -> Void
    ) -> ObservationToken {
        observe(id.name, subject: .registration) { change in
            if case .registration(let change) = change { handler(change) }
        }
    }

    /// Calls `handler` with each change of the contributions a load of `point` through this
    /// container uses, as ``changes(of:)-(ExtensionPoint<Element>)`` describes them.
    ///
    /// - Parameters:
    ///   - point: The extension point to observe.
    ///   - handler: Receives each change.
    /// - Returns: The token that keeps the observation alive.
    public func observe<Element>(
        _ point: ExtensionPoint<Element>, _ handler: @escaping @Sendable (ContributionChange) -> Void
    ) -> ObservationToken {
        observe(point.name, subject: .contributions) { change in
            if case .contribution(let change) = change { handler(change) }
        }
    }

    // MARK: Internals

    /// Subscribes an observer of `name` to this container's store and its ancestors'.
    private func observe(
        _ name: String, subject: ChangeObserver.Subject,
        onFinish: (@Sendable () -> Void)? = nil,
        _ handler: @escaping @Sendable (ChangeObserver.Change) -> Void
    ) -> ObservationToken {
        var stores: [RegistrationStore] = []
        var container: Container? = self
        while let current = container {
            stores.append(current.store)
            container = current.parent
        }
        let observer = ChangeObserver(
            id: name, subject: subject, stores: stores, handler: handler, onFinish: onFinish)
        // The token first, so that an observer is never left subscribed without one.
        let token = ObservationToken(observer)
        observer.start(stores: stores)
        return token
    }

    /// The changes of `name` as an asynchronous sequence of `Change`s.
    private func changes<Change: Sendable>(
        of name: String, subject: ChangeObserver.Subject,
        _ select: @escaping @Sendable (ChangeObserver.Change) -> Change?
    ) -> RegistrationChanges<Change> {
        let (stream, continuation) = AsyncStream<Change>.makeStream()
        let token = observe(
            name, subject: subject, onFinish: { continuation.finish() },
            { change in
                if let change = select(change) { continuation.yield(change) }
            })
        // A consumer that stops (its task cancelled) ends the observation. Weakly: the
        // token's owners decide its lifetime, and the stream's storage must not keep it.
        continuation.onTermination = { [weak token] _ in token?.cancel() }
        return RegistrationChanges(stream: stream, token: token)
    }
}
