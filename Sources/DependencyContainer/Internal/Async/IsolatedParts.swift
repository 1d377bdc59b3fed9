/// The parts of a main-actor or async registration that a `register` one lacks.
final class IsolatedParts: Sendable {
    let isolation: FactoryIsolation
    /// The factory of an ``FactoryIsolation/asynchronous`` registration; `nil` otherwise.
    let asyncFactory: AsyncServiceFactory?
    /// The creation in progress of an asynchronous singleton or weak service; `nil` for other
    /// registrations.
    let asyncCreation: AsyncCreation?

    init(isolation: FactoryIsolation, asyncFactory: AsyncServiceFactory?, scope: Scope.Lifetime) {
        self.isolation = isolation
        self.asyncFactory = asyncFactory
        self.asyncCreation = asyncFactory != nil && scope.isShared ? AsyncCreation(nil) : nil
    }
}

/// The task creating an asynchronous singleton or weak service, which every task that loads it
/// awaits while it runs, so the factory runs once however many tasks ask at the same time.
typealias AsyncCreation = LockedValue<AsyncCreationTask?>
typealias AsyncCreationTask = Task<ServiceTransfer<InstanceBoxBase>, any Error>
