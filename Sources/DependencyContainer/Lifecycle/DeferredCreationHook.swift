/// The creation hooks of a service made inside a ``Scope/graph`` factory's run, waiting for
/// that outermost graph factory to return: Swinject's delayed `initCompleted`.
///
/// Inside a graph, a child's hook may load the parent whose factory is still making the
/// child. Run at once, that load finds the parent's factory on the stack and fails the whole
/// load as a cycle; run once the parent's factory has returned, it finds the parent among the
/// graph's services and gets the one instance the child is held by.
///
/// Only services that belong to one load wait (``Scope/transient`` and ``Scope/graph``):
/// nothing else can receive them before the hooks have run. A shared service's factory starts
/// a queue of its own (`Container.withOwnCreationHookQueue`), so that what it keeps has had
/// its hooks run.
struct DeferredCreationHook {
    /// The registration whose factory made the service.
    let registration: Registration
    /// The service.
    let value: Any
    /// The resolver the factory had, which the hooks get, and whose container's decorators run
    /// after them.
    let resolver: Resolver
}
