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
        self.asyncCreation = asyncFactory != nil && scope.isShared ? AsyncCreation() : nil
    }
}
