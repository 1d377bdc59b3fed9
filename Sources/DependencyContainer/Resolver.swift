/// What a factory uses to load the services it depends on.
///
/// A factory receives a resolver rather than the container, so dependencies are loaded as
/// part of the same resolution: cycles are detected and ``Scope/graph`` services shared.
///
/// ```swift
/// container.register(.player) { resolver in
///     Player(toast: resolver.load(.toast))
/// }
/// ```
public struct Resolver: Sendable {
    /// The container the outermost load was made on.
    public let container: Container

    /// Loads the service registered under `id`, or `nil` if there is none.
    ///
    /// - Parameter id: The ID to load.
    /// - Returns: The service, or `nil`.
    public func load<Service>(_ id: InjectID<Service>) -> Service? {
        container.load(id)
    }

    /// Loads the service registered under `id`, or returns `defaultValue`.
    ///
    /// - Parameters:
    ///   - id: The ID to load.
    ///   - defaultValue: The fallback, evaluated only when the load yields `nil`.
    /// - Returns: The registered service or the fallback.
    public func load<Service>(_ id: InjectID<Service>, default defaultValue: @autoclosure () -> Service)
        -> Service
    {
        container.load(id) ?? defaultValue()
    }

    /// Loads the service registered under `id`, or throws an error that explains why not.
    ///
    /// A factory that lets the error propagate fails in turn.
    ///
    /// - Parameter id: The ID to load.
    /// - Returns: The service.
    /// - Throws: A ``ContainerError`` naming the ID and the problem.
    public func require<Service>(_ id: InjectID<Service>) throws(ContainerError) -> Service {
        try container.require(id)
    }

    /// Makes the service registered under `id` from `argument`, or returns `nil`.
    ///
    /// - Parameters:
    ///   - id: The ID to load.
    ///   - argument: The value the factory makes the service from.
    /// - Returns: A new service, or `nil`.
    public func load<Argument, Service>(_ id: ArgumentInjectID<Argument, Service>, argument: Argument)
        -> Service?
    {
        container.load(id, argument: argument)
    }

    /// Makes the service registered under `id` from `argument`, or throws an error that
    /// explains why not.
    ///
    /// - Parameters:
    ///   - id: The ID to load.
    ///   - argument: The value the factory makes the service from.
    /// - Returns: A new service.
    /// - Throws: A ``ContainerError`` naming the ID and the problem.
    public func require<Argument, Service>(_ id: ArgumentInjectID<Argument, Service>, argument: Argument)
        throws(ContainerError) -> Service
    {
        try container.require(id, argument: argument)
    }

    /// Loads every contribution to `point`, in the documented order.
    ///
    /// - Parameter point: The extension point.
    /// - Returns: The elements of the contributions that did not fail.
    public func load<Element>(_ point: ExtensionPoint<Element>) -> [Element] {
        container.load(point)
    }

    /// Loads the service registered under `id` in an `async` factory, running its factory
    /// where it must run, or returns `nil` if there is none.
    ///
    /// Loading through the resolver keeps the load on the factory's resolution stack, so
    /// cycles among async factories are reported instead of waiting forever.
    ///
    /// - Parameter id: The ID to load.
    /// - Returns: The service, or `nil`.
    public func loadAsync<Service>(_ id: InjectID<Service>) async -> Service? {
        await container.loadAsync(id)
    }

    /// Loads the service registered under `id` in an `async` factory, or throws an error
    /// that explains why not.
    ///
    /// - Parameter id: The ID to load.
    /// - Returns: The service.
    /// - Throws: A ``ContainerError`` naming the ID and the problem.
    public func requireAsync<Service>(_ id: InjectID<Service>) async throws(ContainerError) -> Service {
        try await container.requireAsync(id)
    }

    /// Returns an original-API item for the string ID, or `nil`.
    ///
    /// - Parameter injectID: The string ID.
    /// - Returns: An item whose `resolve()` creates the service.
    public func load(for injectID: String) -> Injectable? {
        container.load(for: injectID)
    }
}
