/// The projected value of an ``Injected`` or ``WeakInjected`` property (`$toast`): loads its
/// service again, forgets it, or tells whether it holds one.
///
/// The handle is the property's storage: what it loads or forgets, the property reads.
public struct InjectedHandle<Service> {
    /// The ID the property loads.
    public let id: InjectID<Service>
    /// The container, held weakly.
    let reference: ContainerReference
    let cache: InjectedCache<Service>

    /// Whether the property holds a service now, loaded or assigned; for a ``WeakInjected``
    /// property, one that is still alive.
    public var hasLoaded: Bool { cache.hasService }

    /// Forgets the service the property holds, so that its next read loads again.
    public func reset() { cache.store(nil) }

    /// Forgets the service the property holds and loads it again from the container, as a
    /// first read would.
    @discardableResult
    public func reload() -> Service? {
        reset()
        return value
    }

    /// The property's service: the one held, or one loaded now.
    var value: Service? {
        cache.value(loading: id.name, reportingTo: reference) { () -> Service? in
            // Looked up only when nothing is stored yet: a stored service needs no container.
            guard let container = reference.container else {
                reference.reportReleased(id.name, as: Service.self)
                return nil
            }
            return container.load(id)
        }
    }
}

extension InjectedHandle: Sendable where Service: Sendable {}
