/// A service a container just made, as a decorator (``Container/decorateCreations(_:)``)
/// receives it.
///
/// ```swift
/// let token = container.decorateCreations { created in
///     if let logging = created.service as? LoggingService {
///         logging.prefix = created.id
///     }
/// }
/// ```
public struct CreatedService {
    /// The service, as its factory made it: for a ``Scope/weak`` registration, the instance.
    public let service: Any

    /// The registration that made it.
    let registration: Registration

    init(service: Any, registration: Registration) {
        self.service = service
        self.registration = registration
    }

    /// The string ID of the registration that made it.
    public var id: String { registration.id }

    /// A description of the registration that made it.
    ///
    /// - Complexity: O(*n*) in what the registration declares; it is built on each call.
    public var info: RegistrationInfo { registration.info }
}
