/// A type that supplies one main-actor service, such as a view, under a typed ID.
///
/// Like ``InjectProvider``, but ``make(with:)`` runs on the main actor; `Container.register(_:)`
/// registers it as `registerOnMainActor` does. See <doc:SwiftConcurrency>.
public protocol MainActorInjectProvider: InjectProviderOptions {
    associatedtype Service
    /// The ID the service is registered under.
    static var id: InjectID<Service> { get }

    /// Creates the service on the main actor; an error fails the load with
    /// ``ContainerError/factoryFailed(id:underlying:)``.
    @MainActor
    static func make(with resolver: Resolver) throws -> Service
}

/// A type that supplies one service that takes `await` to create, under a typed ID.
///
/// Like ``InjectProvider``, but ``make(with:)`` is `async`; load it with
/// ``Container/loadAsync(_:)``. See <doc:SwiftConcurrency>.
public protocol AsyncInjectProvider: InjectProviderOptions {
    associatedtype Service
    /// The ID the service is registered under.
    static var id: InjectID<Service> { get }

    /// Creates the service; an error fails the load with
    /// ``ContainerError/factoryFailed(id:underlying:)``.
    static func make(with resolver: Resolver) async throws -> Service
}
