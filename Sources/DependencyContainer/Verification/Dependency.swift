/// An ID that a registration's factory loads, declared so that `Container.verify()` can check
/// that the container provides it without running the factory.
///
/// `nil` (the default) leaves a registration unchecked; `[]` states that its factory loads
/// nothing. See <doc:VerifyingTheComposition>.
public struct Dependency: Hashable, Codable, Sendable, CustomStringConvertible {
    /// When the factory loads the dependency.
    public enum Kind: String, Hashable, Codable, Sendable {
        /// While the factory runs: `load`, `require`, `loadAsync`, `requireAsync`.
        case eager
        /// On a ``Lazy`` handle's first use, which the service keeps.
        case lazy
        /// On each use of a ``ServiceProvider`` handle.
        case provider
    }

    /// The ID's string.
    public let id: String
    /// The service type the factory asks for, as `RegistrationInfo.serviceType` spells it.
    public let serviceType: String
    /// When the factory loads it.
    public let kind: Kind
    /// Whether the factory handles its absence, which is then a note, not an error.
    public let isOptional: Bool
    /// The service type a matching registration records, for a declaration from a typed ID:
    /// compared before the names, which are costly to make; not encoded, nor part of equality.
    var registeredType: Any.Type? { registered.type }
    private var registered = IgnoredType(type: nil)

    /// Creates a declaration from its parts, for IDs built at run time or read from a manifest.
    public init(id: String, serviceType: String, kind: Kind = .eager, isOptional: Bool = false) {
        self.id = id
        self.serviceType = serviceType
        self.kind = kind
        self.isOptional = isOptional
    }

    /// A declaration from a typed ID, whose registration records `registeredType`.
    private init(
        _ id: String, _ serviceType: String, _ registeredType: Any.Type, kind: Kind = .eager, isOptional: Bool
    ) {
        self.init(id: id, serviceType: serviceType, kind: kind, isOptional: isOptional)
        registered = IgnoredType(type: registeredType)
    }

    private static func argument<Argument, Service>(
        _ id: ArgumentInjectID<Argument, Service>, kind: Kind = .eager, isOptional: Bool
    ) -> Dependency {
        Dependency(
            id.name, "(\(typeName(Argument.self))) -> \(typeName(Service.self))",
            ArgumentFactory<Argument, Service>.self,
            kind: kind, isOptional: isOptional)
    }

    private enum CodingKeys: String, CodingKey {
        case id, serviceType, kind, isOptional
    }

    /// Whether the load happens later, through a handle, so that it breaks cycles.
    public var isDeferred: Bool { kind != .eager }

    /// A required eager load, as `resolver.require(id)` makes.
    public static func require<Service>(_ id: InjectID<Service>) -> Dependency {
        Dependency(id.name, typeName(Service.self), Service.self, isOptional: false)
    }

    /// An optional eager load, as `resolver.load(id)` makes: its absence is a note.
    public static func load<Service>(_ id: InjectID<Service>) -> Dependency {
        Dependency(id.name, typeName(Service.self), Service.self, isOptional: true)
    }

    /// A ``Lazy`` handle, as `resolver.lazy(id)` makes.
    public static func lazy<Service>(_ id: InjectID<Service>, optional: Bool = false) -> Dependency {
        Dependency(id.name, typeName(Service.self), Service.self, kind: .lazy, isOptional: optional)
    }

    /// A ``ServiceProvider`` handle, as `resolver.provider(id)` makes.
    public static func provider<Service>(_ id: InjectID<Service>, optional: Bool = false) -> Dependency {
        Dependency(id.name, typeName(Service.self), Service.self, kind: .provider, isOptional: optional)
    }

    /// An eager load of an extension point, as `resolver.load(point)` makes: an empty point is a note.
    public static func load<Element>(_ point: ExtensionPoint<Element>) -> Dependency {
        Dependency(
            point.name, pointTypeName(Element.self), ExtensionPointMarker<Element>.self,
            isOptional: pointLoadIsOptional(required: false))
    }

    /// An eager load of an extension point, as `resolver.require(point)` makes: an empty point is an error.
    public static func require<Element>(_ point: ExtensionPoint<Element>) -> Dependency {
        Dependency(
            point.name, pointTypeName(Element.self), ExtensionPointMarker<Element>.self,
            isOptional: pointLoadIsOptional(required: true))
    }

    /// Whether a load of an extension point tolerates an empty point, for declarations, load
    /// sites and `verify()`.
    ///
    /// The call decides; the point's `optional:` flag only tells `inject-lint` that no target
    /// need contribute.
    public static func pointLoadIsOptional(required: Bool) -> Bool { !required }

    /// The service type of a load through the original API, `load(for:)`, which wraps any
    /// registration of its ID as an ``Injectable`` item, so that any registered type matches.
    public static let originalAPIServiceType = "Injectable"

    /// An optional load through the original API, as `container.load(for: "ToastInjectID")`
    /// makes: the caller casts what the item resolves to, and handles `nil`.
    public static func load(for id: String) -> Dependency {
        Dependency(id: id, serviceType: originalAPIServiceType, kind: .eager, isOptional: true)
    }

    /// A required eager load of an argument factory, as `resolver.require(id, argument)` makes.
    public static func require<Argument, Service>(_ id: ArgumentInjectID<Argument, Service>) -> Dependency {
        argument(id, isOptional: false)
    }

    /// An optional eager load of an argument factory, as `resolver.load(id, argument)` makes.
    public static func load<Argument, Service>(_ id: ArgumentInjectID<Argument, Service>) -> Dependency {
        argument(id, isOptional: true)
    }

    /// An ``ArgumentLazy`` handle, as `resolver.lazy(id, argument: argument)` makes.
    public static func lazy<Argument, Service>(
        _ id: ArgumentInjectID<Argument, Service>, optional: Bool = false
    ) -> Dependency {
        argument(id, kind: .lazy, isOptional: optional)
    }

    /// An ``ArgumentProvider`` handle, as `resolver.provider(id)` makes.
    public static func provider<Argument, Service>(
        _ id: ArgumentInjectID<Argument, Service>, optional: Bool = false
    ) -> Dependency {
        argument(id, kind: .provider, isOptional: optional)
    }

    /// The ID, its kind, and `?` when optional: `ToastInjectID (lazy)?`.
    public var description: String {
        "\(id)\(kind == .eager ? "" : " (\(kind.rawValue))")\(isOptional ? "?" : "")"
    }

    /// How a registration spells an extension point's service type.
    static func pointTypeName(_ element: Any.Type) -> String { "extension point of \(typeName(element))" }
}

/// A type that equality and hashing ignore.
private struct IgnoredType: Hashable, Sendable {
    let type: Any.Type?

    static func == (_: Self, _: Self) -> Bool { true }
    func hash(into _: inout Hasher) {}
}
