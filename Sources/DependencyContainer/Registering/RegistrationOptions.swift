/// How a registration makes and keeps its services: everything a registration verb takes
/// besides the ID, the factory and where the call is.
///
/// Every verb builds one, from its parameters or as given, and the container stores it whole
/// with the registration, so a load never sees a registration half-configured. Providers and
/// contributions state theirs as their `options`, which by default gathers their `scope`,
/// `context`, `lifecycle`, `dependencies` and `runningCheck`.
///
/// ```swift
/// let options = RegistrationOptions<Database>(
///     scope: .singleton, lifecycle: .async(onDispose: { try await $0.flush() }),
///     dependencies: [])
/// container.register(.database, options: options) { _ in Database() }
/// ```
public struct RegistrationOptions<Service>: Sendable {
    /// How long created services are reused.
    public var scope: Scope
    /// The context the registration is for (see ``RegistrationContext``); the default
    /// registration of its ID when `nil`.
    public var context: RegistrationContext?
    /// Whether `warmUp()` creates the service, and its creation and dispose hooks.
    public var lifecycle: ServiceLifecycle<Service>
    /// The IDs the factory loads, which `verify()` checks without running it; `nil` leaves the
    /// registration unchecked.
    public var dependencies: [Dependency]?
    /// Whether `verify(running:)` may run the factory; `.skip` for one with side effects.
    public var runningCheck: RunningCheck

    /// Options; each default is the one a verb's parameter has.
    ///
    /// - Parameters:
    ///   - scope: How long created services are reused; ``Scope/transient`` by default.
    ///   - context: The context the registration is for; the default registration when `nil`.
    ///   - lifecycle: Whether the service is eager, and its hooks.
    ///   - dependencies: The IDs the factory loads, for `verify()`; `nil` declares nothing.
    ///   - runningCheck: Whether `verify(running:)` may run the factory.
    public init(
        scope: Scope = .transient, context: RegistrationContext? = nil,
        lifecycle: ServiceLifecycle<Service> = ServiceLifecycle(), dependencies: [Dependency]? = nil,
        runningCheck: RunningCheck = .run
    ) {
        self.scope = scope
        self.context = context
        self.lifecycle = lifecycle
        self.dependencies = dependencies
        self.runningCheck = runningCheck
    }

    /// The options with the service type erased, as a registration stores them.
    var settings: RegistrationSettings {
        RegistrationSettings(
            scope: scope, context: context, hooks: lifecycle.hooks, dependencies: dependencies,
            runningCheck: runningCheck)
    }

    /// These options declaring `dependencies` instead, unless it is `nil`: a verb's
    /// `dependencies:` argument over a provider's own.
    func declaring(_ dependencies: [Dependency]?) -> Self {
        guard let dependencies else { return self }
        var options = self
        options.dependencies = dependencies
        return options
    }
}
