/// A type that contributes one element to an extension point, as an ``InjectProvider``
/// supplies one service.
///
/// A host, or the module's generated `register(into:)`, adds it with
/// ``Container/contribute(_:dependencies:file:line:)``. Its other options are those of
/// ``InjectProviderOptions``; an element is never eager: a point loads all its elements at once.
public protocol InjectContribution: InjectProviderOptions where Service == Element {
    /// The type of element the extension point collects.
    associatedtype Element

    /// The extension point contributed to.
    static var id: ExtensionPoint<Element> { get }

    /// The contribution's name, unique within the point; the type's name unless stated.
    static var name: String { get }

    /// Higher priorities load first; 0 unless stated.
    static var priority: Int { get }

    /// Creates the element.
    static func make(with resolver: Resolver) throws -> Element
}

extension InjectContribution {
    /// The type's name.
    public static var name: String { String(describing: Self.self) }

    /// Priority 0.
    public static var priority: Int { 0 }
}
