/// A resolver's context held weakly, for handles that services keep.
///
/// A cached service that held its container strongly would keep it alive forever (the
/// container holds the service), so ``Lazy`` and ``ServiceProvider`` hold the container and
/// the override scope weakly: once either is gone, the handle loads nothing.
struct WeakResolverContext: Sendable {
    private weak let container: Container?
    private weak let overrides: OverrideScope?
    /// Whether the context had override scopes, which tells a scope that is gone from none.
    private let hasOverrides: Bool

    init(_ resolver: Resolver) {
        container = resolver.container
        overrides = resolver.overrides
        hasOverrides = resolver.overrides != nil
    }

    /// The context as a resolver, or `nil` when its container or override scope is gone.
    var resolver: Resolver? {
        guard let container else { return nil }
        let overrides = self.overrides
        if hasOverrides, overrides == nil { return nil }
        return Resolver(container: container, overrides: overrides)
    }

    /// The context as a resolver, or the error a `require` through a handle throws once its
    /// container is gone: a container that is gone has no registrations.
    func resolver<Service>(requiring id: InjectID<Service>) throws(ContainerError) -> Resolver {
        guard let resolver else {
            throw .notRegistered(id: id.name, requestedType: typeName(Service.self), registeredIDs: [])
        }
        return resolver
    }
}
