/// A service a container just made, as a decorator (``Container/decorateCreations(_:)``)
/// receives it.
///
/// ```swift
/// let tagging = container.decorateCreations { created in
///     if let feed = created.service as? Feed {
///         feed.record("made as \(created.id)")
///     }
/// }
/// ```
public struct CreatedService {
    /// The service, as its factory made it: for a ``Scope/weak`` registration, the instance.
    public let service: Any

    /// The registration that made it.
    let registration: Registration

    /// The string ID of the registration that made it.
    public var id: String { registration.id }

    /// A description of the registration that made it.
    public var info: RegistrationInfo { registration.info }
}
