/// Registrations every root container makes when it is created: Factory's `AutoRegistering`.
///
/// ```swift
/// extension Container: AutoRegistering {
///     public func autoRegister() {
///         AppComposition.registerAll(in: self)
///     }
/// }
/// ```
public protocol AutoRegistering {
    /// Makes the registrations of every root container; called once per root container.
    func autoRegister()
}
