/// How a registration makes and keeps its services: everything a registration verb takes
/// besides the ID, the factory and where the call is.
///
/// The container stores it whole with the registration, so a load never sees a registration
/// half-configured. Providers and contributions state theirs as their `options`.
///
/// ```swift
/// let options = RegistrationOptions<Database>(
///     scope: .singleton, lifecycle: .async(onDispose: { try await $0.flush() }),
///     dependencies: [])
/// container.register(.database, options: options) { _ in Database() }
/// ```
public struct RegistrationOptions<Service>: Sendable {
    /// How long created services are reused; reads ``Scope/transient`` when the options do not
    /// state one, and the container's ``Container/defaultScope`` then applies.
    public var scope: Scope {
        get { statedScope ?? .transient }
        set { statedScope = newValue }
    }
    /// The scope as stated; `nil` takes the registering container's ``Container/defaultScope``.
    public var statedScope: Scope?
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
    /// How long, in seconds since it was created, a kept service is reused.
    ///
    /// A kept service is a ``Scope/singleton``, a named scope's, or a live ``Scope/weak`` one; the
    /// first load after its time to live makes a new one and lets go of the old one as a reset
    /// would. `nil` and `.infinity` keep it as long as the scope does; zero, a negative number
    /// or NaN rejects the registration (or contribution) with ``ContainerError/invalidID(_:reason:)``.
    public var timeToLive: Double?
    /// Whether the registration is skipped when the container already has one of its ID for
    /// the same context.
    ///
    /// Factory's `once()`: skipped, it returns ``RegistrationOutcome/kept(_:)``; of racing
    /// registrations with it set, exactly one is added. A contribution keeps one of its name alike.
    public var keepsExistingRegistration: Bool

    /// Options; each default is the one a verb's parameter has.
    public init(
        scope: Scope? = nil, context: RegistrationContext? = nil,
        lifecycle: ServiceLifecycle<Service> = ServiceLifecycle(), dependencies: [Dependency]? = nil,
        runningCheck: RunningCheck = .run, timeToLive: Double? = nil, keepsExistingRegistration: Bool = false
    ) {
        statedScope = scope
        self.context = context
        self.lifecycle = lifecycle
        self.dependencies = dependencies
        self.runningCheck = runningCheck
        self.timeToLive = timeToLive
        self.keepsExistingRegistration = keepsExistingRegistration
    }

    /// The options with the service type erased, as a registration stores them, an unstated
    /// scope being `defaultScope` (a verb's container's; a provider's is ``Scope/transient``).
    func settings(defaultScope: @autoclosure () -> Scope = .transient) -> RegistrationSettings {
        RegistrationSettings(
            scope: statedScope ?? defaultScope(), context: context, hooks: lifecycle.hooks,
            dependencies: dependencies, runningCheck: runningCheck, timeToLive: timeToLive,
            keepsExistingRegistration: keepsExistingRegistration)
    }

    /// These options declaring `dependencies` instead, unless it is `nil`: a verb's
    /// `dependencies:` argument over a provider's own.
    func declaring(_ dependencies: [Dependency]?) -> Self {
        var options = self
        options.dependencies = dependencies ?? self.dependencies
        return options
    }
}
