/// The creation hooks of a service made inside a ``Scope/graph`` factory's run, waiting for
/// that outermost graph factory to return: Swinject's delayed `initCompleted`.
struct DeferredCreationHook {
    /// The registration whose factory made the service.
    let registration: Registration
    /// The service.
    let value: Any
    /// The resolver the factory had, which the hooks get, and whose container's decorators run
    /// after them.
    let resolver: Resolver
}
