/// A service a container just made, as a decorator (``Container/decorateCreations(_:)``)
/// receives it.
public struct CreatedService {
    /// The service, as its factory made it: for a ``Scope/weak`` registration, the instance.
    public let service: Any

    let registration: Registration

    /// The string ID of the registration that made it.
    public var id: String { registration.id }

    /// A description of the registration that made it.
    public var info: RegistrationInfo { registration.info }
}
