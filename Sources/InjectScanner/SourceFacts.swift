/// A place in a source file.
public struct SourceLocation: Codable, Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The file's path, relative to the root the lint was given.
    public var file: String
    /// The 1-based line.
    public var line: Int
    /// For a file of a target, the file as `#fileID` spells it: `Module/File.swift`.
    ///
    /// What `verify()` and Swift's runtime traps print; `nil` for files outside a target.
    public var fileID: String?

    /// Creates a location.
    ///
    /// - Parameters:
    ///   - file: The file's path.
    ///   - line: The 1-based line.
    ///   - fileID: The file as `#fileID` spells it, for a file of a target.
    public init(file: String, line: Int, fileID: String? = nil) {
        self.file = file
        self.line = line
        self.fileID = fileID
    }

    /// `Module/File.swift:line` for a file of a target, as `verify()` prints it; `file:line`
    /// for other files.
    public var description: String { "\(fileID ?? file):\(line)" }

    /// Orders by file, then line.
    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.file, lhs.line) < (rhs.file, rhs.line)
    }
}

/// How source code names an ID.
public enum IDReference: Codable, Hashable, Sendable, CustomStringConvertible {
    /// A typed ID by its static member, as in `load(.toast)`.
    case member(String)
    /// The ID string itself, as in `InjectID("ToastInjectID")`.
    case literal(String)
    /// A seed constant, as in `load(for: toastInjectID)`.
    case constant(String)
    /// A type-keyed ID, as in `.type(ToastInject.self)` or `InjectID(type: (any ToastInject).self)`:
    /// the type is its declaration. The type as written; the lint derives the ID's string from
    /// it as the core does (see ``TypeKeyName``).
    case typeKeyed(String)
    /// `.typeKeyed`, whose type the context decides: no tool can tell which.
    case contextTyped
    /// An ID built at run time, as in `InjectID("Feature" + name)` or `load(id)`: the
    /// expression as written, which the lint cannot check.
    case runtime(String)

    /// The reference as written: `.toast`, `"ToastInjectID"` or `toastInjectID`.
    public var description: String {
        switch self {
        case .member(let name): return ".\(name)"
        case .literal(let value): return "\"\(value)\""
        case .constant(let name): return name
        case .typeKeyed(let type): return "InjectID(type: \(type))"
        case .contextTyped: return ".typeKeyed"
        case .runtime(let expression): return expression
        }
    }
}

/// An ID declaration: a typed `static var toast: Self { InjectID("…") }` or a seed constant
/// `let toastInjectID = "…"`.
public struct IDDeclaration: Codable, Hashable, Sendable {
    /// The member name (`toast`) or the constant name (`toastInjectID`).
    public var name: String
    /// Whether a typed ID (`true`) or a seed constant (`false`).
    public var isTyped: Bool
    /// The string, or for a typed ID that wraps a seed constant, that constant.
    public var value: IDReference
    /// Whether an `inject-lint: optional` comment precedes it, or an extension point is
    /// declared with `optional: true`: nobody needs to provide it.
    public var isOptional: Bool
    /// Where it is declared.
    public var location: SourceLocation
    /// Whether it declares an `ExtensionPoint`, to which any number of targets contribute.
    public var isExtensionPoint: Bool = false
    /// The ID's type as written, such as `InjectID<any ToastInject>` or
    /// `ArgumentInjectID<URL, any StreamInject>`; `nil` for a seed constant, or when the
    /// scanner cannot tell.
    public var idType: String?
    /// Whether it is `private` or `fileprivate`, so that a generated file cannot name it.
    public var isHidden = false
}

/// A type that declares conformance to `InjectProvider`, `MainActorInjectProvider`,
/// `AsyncInjectProvider`, `InjectContribution` or `Injectable`.
public struct ProviderConformance: Codable, Hashable, Sendable {
    /// The protocol conformed to.
    public enum Kind: String, Codable, Sendable {
        /// `InjectProvider`: registered with `register(_:)`.
        case provider = "InjectProvider"
        /// `MainActorInjectProvider`: a main-actor service, registered with `register(_:)`.
        case mainActorProvider = "MainActorInjectProvider"
        /// `AsyncInjectProvider`: a service made by an `async` factory, registered with `register(_:)`.
        case asyncProvider = "AsyncInjectProvider"
        /// The original API's `Injectable`: registered with `register(injectType:)`.
        case injectable = "Injectable"
        /// `InjectContribution`: contributed to an extension point with `contribute(_:)`.
        case contribution = "InjectContribution"
        /// `ArgumentInjectProvider`: an argument factory, registered with `register(_:)`.
        case argumentProvider = "ArgumentInjectProvider"
    }

    /// The type's name, qualified by its enclosing types.
    public var typeName: String
    /// The protocol conformed to.
    public var kind: Kind
    /// Whether the type is generic, so it cannot be registered without type arguments.
    public var isGeneric: Bool
    /// Whether the type is `private` or `fileprivate`, or declared inside a function.
    public var isHidden: Bool
    /// The `#if` conditions the conformance is under, outermost first.
    public var conditions: [String]
    /// Where the conformance is declared.
    public var location: SourceLocation
    /// Whether an `inject-lint: override` comment marks the type: a stand-in, such as a
    /// preview's, that is registered by hand over the real provider.
    public var isOverride = false
    /// Whether the type declares a `static var context`: a provider for a context (a
    /// preview's, a test's), registered like any provider but standing in for the ID's
    /// provider while its context is active, so not a second provider.
    public var isForContext = false
}

/// A type, protocol or extension declaration and what it inherits from: which protocols a
/// type conforms to, for the implementation-type check.
public struct TypeDeclaration: Codable, Hashable, Sendable {
    /// `class`, `struct`, `enum`, `actor`, `protocol` or `extension`.
    public var keyword: String
    /// The name, qualified by its enclosing types (as written after `extension`).
    public var name: String
    /// The names in its inheritance clause: superclass, protocols.
    public var inherited: [String]
    /// Where it is declared.
    public var location: SourceLocation
}

/// A type's `id` member, which tells which ID a provider or item supplies.
public struct IDMember: Codable, Hashable, Sendable {
    /// The type's name, qualified by its enclosing types.
    public var typeName: String
    /// The ID it names, or `nil` when it is computed in a way the scanner cannot follow.
    public var reference: IDReference?
    /// Where the member is declared.
    public var location: SourceLocation
}

/// A type's `scope` member that names a named scope: the scope a provider's service lives in.
public struct ScopeMember: Codable, Hashable, Sendable {
    /// The type's name, qualified by its enclosing types.
    public var typeName: String
    /// The scope as written, such as `.session` or `Scope.named("checkout")`.
    public var scope: String?
    /// Where the member is declared.
    public var location: SourceLocation
}

/// A use of an ID: a load, or a closure registration that provides it.
public struct IDUse: Codable, Hashable, Sendable {
    /// Whether the use loads or provides the ID.
    public enum Kind: String, Codable, Sendable {
        /// `load(.x)`, `require(.x)`, `loadAsync(.x)`, `requireAsync(.x)`, `load(for: x)`,
        /// `@Injected(.x)`, and the handles `lazy(.x)` and `provider(.x)` (see ``IDUse/isDeferred``).
        case load
        /// `register(.x) { … }`, `registerOnMainActor(.x) { … }`, `registerAsync(.x) { … }` or
        /// `contribute(to: .x, …) { … }`: a closure registration or contribution, which provides
        /// the ID.
        case register
    }

    /// Whether the use loads or provides the ID.
    public var kind: Kind
    /// The ID.
    public var reference: IDReference
    /// The provider type whose `make(with:)` loads the ID eagerly, outside any closure.
    public var eagerIn: String?
    /// Where the use is.
    public var location: SourceLocation
    /// Whether a registration overrides rather than provides: it is made on a child
    /// container, inside `withOverrides` or an `.overriding` trait, or after an
    /// `inject-lint: override` comment, or for a context (a `context:` argument).
    public var isOverride = false
    /// The named scope a registration names as written (`.session`, `Scope.named("x")`), if any.
    public var scope: String?
    /// Whether the load makes a handle that loads when it is used (`lazy(.x)`, `provider(.x)`):
    /// a use of the ID for the unprovided and undeclared checks, but never eager, so never
    /// part of a factory cycle.
    public var isDeferred = false
    /// The provider or contribution type whose `make(with:)` body makes the load, outside any
    /// closure, eager or deferred: what its generated registration declares.
    public var madeBy: String?
    /// The call as written, such as `load` or `lazy`; `nil` for a registration.
    ///
    /// One of `load`, `require`, `loadAsync`, `requireAsync`, `lazy`, `provider`, `Injected`,
    /// `contributions`: a `load` handles `nil`, a `require` does not.
    public var call: String?
    /// Whether the load is inside a provider's `make(with:)`, at any depth (in a closure too).
    public var isInFactory = false
    /// For a load inside the closures of a closure registration, that registration's location:
    /// the line of its verb, which is the `#line` the verb captures.
    public var registeredAt: SourceLocation?
    /// For a registration, whether it passes a `dependencies:` list of its own.
    public var declaresDependencies = false
    /// For a closure registration, whether its factory may load what the scanner cannot see:
    /// it is no closure literal (a function passed by name), or its closure hands the
    /// resolver on (`Screen(resolver: r)`), so no list can be inferred for it.
    public var hidesLoads = false
    /// The `#if` conditions the use is under, outermost first.
    public var conditions: [String] = []
    /// The load as written, shortened: `@Injected(.toast)`, `container.load(id)`.
    public var expression: String?

    /// Whether the load is a load site: made outside every registered factory (a provider's
    /// `make(with:)`, a closure registration's closures), so no registration declares it.
    public var isLoadSite: Bool {
        kind == .load && madeBy == nil && !isInFactory && registeredAt == nil
    }
}

/// A call that registers a whole target or a provider type by hand: what a host registers.
public struct HostRegistration: Codable, Hashable, Sendable {
    /// What is registered.
    public enum Kind: String, Codable, Sendable {
        /// `Module.register(into:)`, called or passed as a function: every provider of `Module`.
        case module
        /// `register(T.self)`, `contribute(T.self)` or `regist(injectType: T.self)`: one type.
        case type
    }

    /// What is registered.
    public var kind: Kind
    /// The module's or the type's name as written.
    public var name: String
    /// Where the call is.
    public var location: SourceLocation
}

/// Everything the scanner found in some source files.
public struct SourceFacts: Codable, Hashable, Sendable {
    /// ID declarations.
    public var declarations: [IDDeclaration] = []
    /// Provider and item conformances.
    public var conformances: [ProviderConformance] = []
    /// `id` members of types.
    public var idMembers: [IDMember] = []
    /// Loads and closure registrations.
    public var uses: [IDUse] = []
    /// `scopeName` members of types.
    public var scopeMembers: [ScopeMember] = []
    /// The types that declare their own `static var dependencies`, which generated code keeps.
    public var dependencyMembers: [String] = []
    /// The unconditional `import` declarations, as written (`import DCExampleAppInterfaces`),
    /// which a generated file repeats so that it can name the IDs the providers load.
    public var imports: [String] = []
    /// The targets and provider types the files register by name, for the host coverage check.
    public var hostRegistrations: [HostRegistration] = []
    /// Where the files use `PluginLoader`, which may provide IDs from plugins the host does not link.
    public var pluginLoaderUses: [SourceLocation] = []
    /// Type, protocol and extension declarations, with what they inherit from.
    public var typeDeclarations: [TypeDeclaration] = []
    /// The names declared at file scope (types, functions, variables, type aliases), which a
    /// generated file must not declare again.
    public var topLevelNames: [String] = []

    /// Creates an empty set of facts.
    public init() {}

    /// Adds `other`'s facts to these.
    ///
    /// - Parameter other: Facts from more files.
    public mutating func merge(_ other: SourceFacts) {
        declarations += other.declarations
        conformances += other.conformances
        idMembers += other.idMembers
        uses += other.uses
        scopeMembers += other.scopeMembers
        dependencyMembers += other.dependencyMembers
        imports += other.imports.filter { !imports.contains($0) }
        hostRegistrations += other.hostRegistrations
        pluginLoaderUses += other.pluginLoaderUses
        typeDeclarations += other.typeDeclarations
        topLevelNames += other.topLevelNames
    }
}
