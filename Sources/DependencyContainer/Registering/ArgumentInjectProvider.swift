/// A type that supplies a service made from a run-time argument, under an ``ArgumentInjectID``.
///
/// The provider form of `Container.register(_:factory:)` for argument IDs; every load makes a
/// new service from its argument, so there is no scope to choose. See <doc:PluginRegistries>.
public protocol ArgumentInjectProvider: InjectProviding {
    /// The type of the run-time argument.
    associatedtype Argument

    /// The type of service the provider makes, usually an `any` protocol type.
    associatedtype Service

    /// The ID the factory is registered under.
    static var id: ArgumentInjectID<Argument, Service> { get }

    /// Creates a service from `argument`; an error fails the load with
    /// ``ContainerError/factoryFailed(id:underlying:)``.
    static func make(with resolver: Resolver, argument: Argument) throws -> Service
}
