/// A registration's ``RegistrationOptions`` with the service type erased: what a registration
/// stores, whole, and what every verb passes to make one.
struct RegistrationSettings: Sendable {
    /// The scope as registered, named scope included; the registration keeps its effective
    /// lifetime inline (``Registration/scope``).
    var scope: Scope = .transient
    var context: RegistrationContext?
    var hooks: LifecycleHooks?
    var dependencies: [Dependency]?
    var runningCheck: RunningCheck = .run
    /// How long a kept service is reused, in seconds; read by ``Registration`` (its expiry).
    var timeToLive: Double?
    /// Whether an existing registration of the ID and context wins; read by `Container.add(_:)`.
    var keepsExistingRegistration = false

    /// Whether these are the defaults but for an unnamed scope: a registration that needs no
    /// storage for them.
    var isPlain: Bool {
        scope.resetName == nil && context == nil && hooks == nil && dependencies == nil
            && runningCheck == .run && timeToLive == nil && !keepsExistingRegistration
    }
}
