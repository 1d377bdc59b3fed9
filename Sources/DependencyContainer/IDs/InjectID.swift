/// A string identifier bound to the type of service it promises.
///
/// An `InjectID` pairs the string key that the original `Injectable` API used with the
/// protocol that the key stands for, so a load by ID needs no cast at the call site.
/// Declare each ID once, in the interface module that also declares the protocol, as a
/// static member of a constrained extension:
///
/// ```swift
/// public let toastInjectID = "ToastInjectID"
///
/// extension InjectID where Service == any ToastInject {
///     public static var toast: Self { InjectID(toastInjectID) }
/// }
/// ```
///
/// ```swift
/// let toast = container.load(.toast)  // (any ToastInject)?
/// ```
///
/// The typed API and the string-keyed `regist(injectType:)`/`load(for:)` API share one
/// namespace: an item registered with `regist` is loadable by the typed ID with the same
/// string, and a typed registration is visible to `load(for:)`.
///
/// Two IDs are equal when their names are equal as Swift strings, which compare by Unicode
/// canonical equivalence: `"caf\u{E9}"` and `"cafe\u{301}"` name the same registration.
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
    /// `any ToastInject`; the ID is usable wherever a string ID is, and `inject-lint` derives
    /// the same name from the source:
    ///
    /// ```swift
    /// container.register(InjectID(type: (any ToastInject).self)) { ConsoleToast() }
    /// let toast = container.load(InjectID(type: (any ToastInject).self))  // (any ToastInject)?
    /// print(InjectID(type: (any ToastInject).self).name)  // any ToastInject
    /// ```
    ///
    /// Types of the same name in different modules get the same ID; give those string IDs.
    public init(type: Service.Type) {
        self.name = typeName(type)
    }

    /// The identifier derived from the service type it names: the same as ``init(type:)``.
    ///
    /// The spelling for type keys: the type is written at the call, so a registration's
    /// factory converts to it, and `inject-lint`, the generated entry and `verify()` read it.
    ///
    /// ```swift
    /// container.register(.type(ToastInject.self)) { ConsoleToast() }
    /// let toast = container.load(.type(ToastInject.self))  // (any ToastInject)?
    /// ```
    public static func type(_ service: Service.Type) -> Self {
        Self(type: service)
    }

    /// The identifier derived from the service type that the context infers: the same as
    /// ``init(type:)``.
    ///
    /// Deprecated: in `register(.typeKeyed) { NotifierImpl() }` the factory's result picks the
    /// type, so the key is the implementation's, which no load of the protocol finds, and no
    /// tool reads the type from the call. ``type(_:)`` writes it: `.type(Notifier.self)`.
    @available(
        *, deprecated,
        message:
            "write the service type: .type(P.self); with .typeKeyed a registration's factory picks its implementation type as the key"
    )
    public static var typeKeyed: Self {
        Self(type: Service.self)
    }

    /// The longest name, in UTF-8 bytes, that a registration accepts.
    ///
    /// IDs are short, human-written keys; a longer string is almost certainly data passed by
    /// mistake, so registration rejects it with ``ContainerError/invalidID(_:reason:)``.
    public static var maximumNameLength: Int { IDValidation.maximumNameLength }

    /// The name followed by the promised service type, for logs.
    public var description: String {
        "'\(name)' (\(typeName(Service.self)))"
    }
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

    /// A short, printable form of `name` for error messages, even for a megabyte-long name.
    ///
    /// Counted in Unicode scalars, not characters: one character can carry any number of
    /// combining marks, so a megabyte can be a single character.
    static func abbreviated(_ name: String) -> String {
        guard name.unicodeScalars.count > 64 else { return name }
        var short = String.UnicodeScalarView()
        short.append(contentsOf: name.unicodeScalars.prefix(48))
        return String(short) + "…(\(name.utf8.count) bytes)"
    }
}

/// The name of a type as a developer writes it, such as `any ToastInject`.
///
/// `String(describing:)` drops the `any` of an existential on some platforms (Linux
/// among them); ``isExistential(_:)`` tells whether to restore it.
func typeName(_ type: Any.Type) -> String {
    let name = String(describing: type)
    guard isExistential(type), !name.hasPrefix("any "), name != "Any", name != "AnyObject" else {
        return name
    }
    return "any " + name
}

/// Whether `type` is an existential (`any P`, `any P & Q`, `any C & P`).
///
/// The metatype of an existential is a protocol metatype, which Swift prints as
/// `P.Protocol`, where a concrete type's metatype prints as `S.Type`: a check in plain Swift,
/// on every platform, instead of reading the type's metadata. (`any P<T>` prints with its
/// `any` already.)
func isExistential(_ type: Any.Type) -> Bool {
    String(describing: Swift.type(of: type)).hasSuffix(".Protocol")
}
