/// A string identifier for a service made from a run-time argument, such as a stream URL or
/// a user ID.
///
/// Declare it like an ``InjectID`` (<doc:PluginRegistries>):
///
/// ```swift
/// extension ArgumentInjectID where Argument == URL, Service == any StreamInject {
///     static var stream: Self { ArgumentInjectID("StreamInjectID") }
/// }
/// ```
///
/// Argument IDs share one namespace with ``InjectID``s; a load with another argument type
/// reports ``ContainerError/argumentMismatch(id:requestedArgument:registeredArgument:)``.
public struct ArgumentInjectID<Argument, Service>: Hashable, Sendable, CustomStringConvertible {
    /// The string key under which the factory is registered.
    public let name: String

    /// Creates an identifier for the factory registered under `name`.
    public init(_ name: String) {
        self.name = name
    }

    /// The name followed by the factory's function type, for logs.
    public var description: String { "'\(name)' ((\(typeName(Argument.self))) -> \(typeName(Service.self)))" }
}
