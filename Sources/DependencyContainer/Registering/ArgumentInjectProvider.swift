/// A type that supplies a service made from a run-time argument, under an
/// ``ArgumentInjectID``.
///
/// The provider form of `Container.register(_:factory:)` for argument IDs: a feature module
/// exports it, and a host (or the `register(into:)` that RegistrationPlugin generates)
/// registers it with `Container.register(_:)`.
///
/// ```swift
/// enum StreamProvider: ArgumentInjectProvider {
///     static var id: ArgumentInjectID<URL, any StreamInject> { .stream }
///     static func make(with resolver: Resolver, argument url: URL) -> any StreamInject {
///         HLSStream(url: url)
///     }
/// }
/// ```
///
/// Every load makes a new service from its argument, so there is no scope to choose.
public protocol ArgumentInjectProvider: SendableMetatype {
    /// The type of the run-time argument.
    associatedtype Argument

    /// The type of service the provider makes, usually an `any` protocol type.
    associatedtype Service

    /// The ID the factory is registered under.
    static var id: ArgumentInjectID<Argument, Service> { get }

    /// The IDs ``make(with:argument:)`` loads, which `Container.verify()` checks without running it;
    /// `nil` unless stated, which leaves the registration unchecked. RegistrationPlugin's
    /// generated `register(into:)` declares what the scanner reads in ``make(with:argument:)``.
    static var dependencies: [Dependency]? { get }

    /// Creates a service from `argument`.
    ///
    /// - Parameters:
    ///   - resolver: Loads the services this one depends on.
    ///   - argument: The value the load passed.
    /// - Returns: A new service.
    /// - Throws: Any error; the load then fails with ``ContainerError/factoryFailed(id:underlying:)``.
    static func make(with resolver: Resolver, argument: Argument) throws -> Service
}

extension ArgumentInjectProvider {
    /// Undeclared: `verify()` lists the registration as unchecked.
    public static var dependencies: [Dependency]? { nil }
}
