// Host and plugins import this module only: it brings the container and the loader with it,
// from the one shared library.
@_exported import DependencyContainer
@_exported import DependencyContainerPlugins

/// Greets people: the host asks for it, a plugin provides it.
public protocol GreeterInject: AnyObject, Sendable {
    /// A greeting for `name`.
    func greet(_ name: String) -> String
}

extension InjectID where Service == any GreeterInject {
    /// The app's greeter; plugins provide it.
    public static var greeter: Self { InjectID("GreeterInjectID") }
}

/// A way to share a greeting: an entry of the host's share menu.
public struct ShareOption: Sendable, Equatable {
    /// The entry's title.
    public let title: String

    /// An entry titled `title`.
    public init(title: String) {
        self.title = title
    }
}

extension ExtensionPoint where Element == ShareOption {
    /// The host's share menu; plugins contribute its entries.
    public static var shareMenu: Self { ExtensionPoint("ShareMenuExtensionPoint", optional: true) }
}
