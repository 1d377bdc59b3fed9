extension Container {
    /// The changes of the registration a load of `id` through this container uses:
    /// ``RegistrationChange/current(_:)``, then each change in the order applied, until this
    /// container goes; see <doc:ObservingChanges>.
    ///
    /// ```swift
    /// for await change in container.changes(of: .toast) {
    ///     print("toast:", change)
    /// }
    /// ```
    ///
    /// - Complexity: O(*d*) in the depth of the container's ancestry; loads never look at
    ///   observers.
    public func changes<Service>(of id: InjectID<Service>) -> RegistrationChanges<RegistrationChange> {
        changes(of: id.name, subject: .registration, RegistrationChange.init)
    }

    /// The changes of the registration of an argument ID, as ``changes(of:)-(InjectID<Service>)``
    /// reports them.
    public func changes<Argument, Service>(
        of id: ArgumentInjectID<Argument, Service>
    ) -> RegistrationChanges<RegistrationChange> {
        changes(of: id.name, subject: .registration, RegistrationChange.init)
    }

    /// The changes of the contributions a load of `point` through this container uses,
    /// compared by contribution name: ``ContributionChange/current(_:)``, then one element per
    /// contribution added, replaced, reset or removed.
    public func changes<Element>(of point: ExtensionPoint<Element>) -> RegistrationChanges<ContributionChange>
    {
        changes(of: point.name, subject: .contributions) { $0 }
    }

    /// Calls `handler` with each change of the registration a load of `id` uses, as
    /// ``changes(of:)-(InjectID<Service>)`` describes them, until the token goes.
    ///
    /// The handler runs after the change is visible, on the thread that made it, with no lock
    /// held; calls never overlap, and a change it makes is delivered after it returns.
    public func observe<Service>(
        _ id: InjectID<Service>, _ handler: @escaping @Sendable (RegistrationChange) -> Void
    ) -> ObservationToken {
        observe(id.name, subject: .registration) { handler(RegistrationChange($0)) }
    }

    /// Calls `handler` with each change of the registration of an argument ID, as
    /// ``observe(_:_:)-(InjectID<Service>,_)`` does.
    public func observe<Argument, Service>(
        _ id: ArgumentInjectID<Argument, Service>, _ handler: @escaping @Sendable (RegistrationChange) -> Void
    ) -> ObservationToken {
        observe(id.name, subject: .registration) { handler(RegistrationChange($0)) }
    }

    /// Calls `handler` with each change of the contributions a load of `point` uses, as
    /// ``changes(of:)-(ExtensionPoint<Element>)`` describes them.
    public func observe<Element>(
        _ point: ExtensionPoint<Element>, _ handler: @escaping @Sendable (ContributionChange) -> Void
    ) -> ObservationToken {
        observe(point.name, subject: .contributions, handler)
    }

    /// Subscribes an observer of `name` to this container's store and its ancestors'.
    private func observe(
        _ name: String, subject: ChangeObserver.Subject,
        onFinish: (@Sendable () -> Void)? = nil,
        _ handler: @escaping @Sendable (ContributionChange) -> Void
    ) -> ObservationToken {
        ObservationToken(
            ChangeObserver(
                id: name, subject: subject, stores: sequence(first: self, next: \.parent).map(\.store),
                handler: handler, onFinish: onFinish))
    }

    /// The changes of `name` as an asynchronous sequence of `Change`s.
    private func changes<Change: Sendable>(
        of name: String, subject: ChangeObserver.Subject,
        _ transform: @escaping @Sendable (ContributionChange) -> Change
    ) -> RegistrationChanges<Change> {
        let (stream, continuation) = AsyncStream<Change>.makeStream()
        let token = observe(
            name, subject: subject, onFinish: { continuation.finish() },
            { continuation.yield(transform($0)) })
        // A cancelled consumer ends the observation; weakly, so the stream never keeps the token.
        continuation.onTermination = { [weak token] _ in token?.cancel() }
        return RegistrationChanges(stream: stream, token: token)
    }
}
