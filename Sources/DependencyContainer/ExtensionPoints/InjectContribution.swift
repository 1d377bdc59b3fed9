/// A type that contributes one element to an extension point, as an ``InjectProvider``
/// supplies one service.
///
/// A feature module exports contributions while keeping its implementation types internal;
/// a host, or the module's generated `register(into:)`, adds them with
/// ``Container/contribute(_:dependencies:file:line:)``.
///
/// ```swift
/// enum ShareMenuEntry: InjectContribution {
///     static var id: ExtensionPoint<MenuEntry> { .playerMenu }
///     static var name: String { "share" }
///     static var priority: Int { 10 }
///     static func make(with resolver: Resolver) -> MenuEntry {
///         MenuEntry(title: "Share")
///     }
/// }
/// ```
public protocol InjectContribution: SendableMetatype {
    /// The type of element the extension point collects.
    associatedtype Element

    /// The extension point contributed to.
    static var id: ExtensionPoint<Element> { get }

    /// The contribution's name, unique within the point; the type's name unless stated.
    static var name: String { get }

    /// Higher priorities load first; 0 unless stated.
    static var priority: Int { get }

    /// How long created elements are reused; ``Scope/transient`` unless stated.
    static var scope: Scope { get }

    /// What runs when the container makes an element and lets go of one; nothing unless
    /// stated. An element is never eager: an extension point loads all its elements at once.
    static var lifecycle: ServiceLifecycle<Element> { get }

    /// The IDs ``make(with:)`` loads, which `Container.verify()` checks without running it;
    /// `nil` unless stated, which leaves the registration unchecked. RegistrationPlugin's
    /// generated `register(into:)` declares what the scanner reads in ``make(with:)``.
    static var dependencies: [Dependency]? { get }

    /// Whether `Container.verify(running:)` may run ``make(with:)``; ``RunningCheck/run``
    /// unless stated. A factory with side effects states ``RunningCheck/skip``.
    static var runningCheck: RunningCheck { get }

    /// The context the contribution is for: while it is active, it stands in for the default
    /// contribution of the same name; `nil` unless stated, which contributes always.
    static var context: RegistrationContext? { get }

    /// The contribution's options, which the container reads instead of the requirements
    /// above: by default, they gather them. A contribution states a newer option here.
    static var options: RegistrationOptions<Element> { get }

    /// Creates the element.
    static func make(with resolver: Resolver) throws -> Element
}

extension InjectContribution {
    /// The type's name.
    public static var name: String { String(describing: Self.self) }

    /// Priority 0.
    public static var priority: Int { 0 }

    /// A new element for every load.
    public static var scope: Scope { .transient }

    /// No hooks.
    public static var lifecycle: ServiceLifecycle<Element> { ServiceLifecycle() }

    /// Undeclared: `verify()` lists the registration as unchecked.
    public static var dependencies: [Dependency]? { nil }

    /// The running check may run the factory.
    public static var runningCheck: RunningCheck { .run }

    /// No context: contributes always.
    public static var context: RegistrationContext? { nil }

    /// The options the requirements above state.
    public static var options: RegistrationOptions<Element> {
        RegistrationOptions(
            scope: scope, context: context, lifecycle: lifecycle, dependencies: dependencies,
            runningCheck: runningCheck)
    }
}
