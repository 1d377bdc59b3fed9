/// A typed ID for a collection to which any number of modules contribute.
///
/// An extension point gathers contributions, such as menu entries, settings sections,
/// deep-link handlers or analytics sinks, from features that do not know each other.
/// Declare it once, in an interface module, as a static member of a constrained extension:
///
/// ```swift
/// extension ExtensionPoint where Element == MenuEntry {
///     static var playerMenu: Self { ExtensionPoint("PlayerMenuExtensionPoint") }
/// }
/// ```
///
/// Features contribute under a name of their own; loading the point returns the elements by
/// descending priority, then ascending name, whatever module, thread or plugin contributed
/// first. A point's name must not be a service's ID (<doc:PluginRegistries>).
public struct ExtensionPoint<Element>: Hashable, Sendable, CustomStringConvertible {
    /// The string key of the extension point.
    public let name: String

    /// Whether the point may have no contributions; `inject-lint` reports a point that no
    /// target contributes to unless it is optional.
    public let isOptional: Bool

    /// Creates an extension point ID.
    public init(_ name: String, optional: Bool = false) {
        self.name = name
        self.isOptional = optional
    }

    /// Whether two extension points have the same name; optionality is a lint hint only.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.name == rhs.name
    }

    /// Hashes the name.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
    }

    /// The name followed by the element type, for logs.
    public var description: String {
        "'\(name)' (extension point of \(typeName(Element.self)))"
    }
}
