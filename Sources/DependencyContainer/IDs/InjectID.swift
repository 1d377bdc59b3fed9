/// A string identifier bound to the type of service it promises.
///
/// Declare each ID once, in the interface module that declares the protocol, as a static
/// member of a constrained extension; a load by ID then needs no cast:
///
/// ```swift
/// public let toastInjectID = "ToastInjectID"
///
/// extension InjectID where Service == any ToastInject {
///     public static var toast: Self { InjectID(toastInjectID) }
/// }
/// ```
///
/// It shares one namespace with the string-keyed `regist(injectType:)`/`load(for:)` API; two IDs
/// are equal when their names are equal as Swift strings. See <doc:BreakingCircularDependencies>.
public struct InjectID<Service>: Hashable, Sendable, CustomStringConvertible {
    /// The string key under which the service is registered.
    public let name: String

    /// Creates an identifier for the service registered under `name`.
    public init(_ name: String) {
        self.name = name
    }

    /// Creates an identifier derived from the service type, for apps that need no string IDs.
    ///
    /// The name is the type as a developer writes it, without its module, such as
    /// `any ToastInject`, as `inject-lint` derives it.
    public init(type: Service.Type) {
        self.name = typeName(type)
    }

    /// The identifier derived from the service type it names, as ``init(type:)`` derives it:
    /// the spelling for type keys, which the tools read at the call.
    public static func type(_ service: Service.Type) -> Self { Self(type: service) }

    /// The identifier derived from the service type that the context infers; deprecated, as
    /// a factory's result would pick the key: write ``type(_:)``.
    @available(
        *, deprecated,
        message:
            "write the service type: .type(P.self); with .typeKeyed a registration's factory picks its implementation type as the key"
    )
    public static var typeKeyed: Self { Self(type: Service.self) }

    /// The longest name, in UTF-8 bytes, that a registration accepts; a longer one is
    /// rejected with ``ContainerError/invalidID(_:reason:)``.
    public static var maximumNameLength: Int { IDValidation.maximumNameLength }

    /// The name followed by the promised service type, for logs.
    public var description: String { "'\(name)' (\(typeName(Service.self)))" }
}

/// The validation rules shared by every registration path.
enum IDValidation {
    static let maximumNameLength = 1_024

    /// Returns why `name` cannot be registered, or `nil` when it can.
    static func problem(with name: String) -> String? {
        if name.utf8.count > maximumNameLength {
            return "the ID is \(name.utf8.count) UTF-8 bytes long; the maximum is \(maximumNameLength)"
        }
        // Most IDs start with a visible ASCII character: no need to walk their characters.
        if let first = name.utf8.first, first > 0x20, first < 0x7F { return nil }
        if name.allSatisfy(\.isWhitespace) {
            return name.isEmpty ? "the ID is empty" : "the ID contains only whitespace"
        }
        return nil
    }

    /// A short, printable form of `name` for error messages, counted in Unicode scalars: one
    /// character can carry any number of combining marks.
    static func abbreviated(_ name: String) -> String {
        guard name.unicodeScalars.count > 64 else { return name }
        return String(name.unicodeScalars.prefix(48)) + "…(\(name.utf8.count) bytes)"
    }
}

/// The name of a type as a developer writes it, such as `any ToastInject`: the `any` that
/// `String(describing:)` drops on some platforms restored.
func typeName(_ type: Any.Type) -> String {
    let name = String(describing: type)
    guard isExistential(type), !name.hasPrefix("any "), name != "Any", name != "AnyObject" else {
        return name
    }
    return "any " + name
}

/// Whether `type` is an existential: its metatype prints as `P.Protocol`, not `S.Type`.
func isExistential(_ type: Any.Type) -> Bool {
    String(describing: Swift.type(of: type)).hasSuffix(".Protocol")
}
