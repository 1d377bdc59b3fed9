/// Registrations every root container makes when it is created: Factory's `AutoRegistering`.
///
/// An app conforms `Container` to it once, in its composition root, and every container
/// without a parent, ``Container/shared`` included, runs ``autoRegister()`` once when it is
/// made:
///
/// ```swift
/// extension Container: AutoRegistering {
///     public func autoRegister() {
///         AppComposition.registerAll(in: self)
///     }
/// }
/// ```
///
/// In an app, a package other than this one, Swift 6 asks for the conformance to be marked
/// as meant: write `extension Container: @retroactive AutoRegistering`.
///
/// - A container made with `Container()` runs it at the end of its initializer.
/// - ``Container/shared`` runs it on its first use, once, on the thread that uses it first:
///   other threads that use it meanwhile wait until it returns, and the same thread may use
///   `Container.shared` inside `autoRegister()`, finding the registrations made so far.
/// - A root container made inside `autoRegister()` does not run it: it would make another,
///   and so on without end.
/// - A child container (`Container(parent:)`) does not run it: it inherits its parent's
///   registrations already, and registering them again would give the child services of its
///   own instead of the parent's singletons.
public protocol AutoRegistering {
    /// Makes the registrations of every root container; called once per root container.
    func autoRegister()
}
