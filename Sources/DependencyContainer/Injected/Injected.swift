/// A property that loads its service from a container the first time it is read.
///
/// For types a framework instantiates, which constructor injection cannot reach; it works in
/// classes and in structs alike:
///
/// ```swift
/// final class NowPlayingBanner {
///     @Injected(.toast) var toast: (any ToastInject)?
///
///     func didStart(title: String) {
///         toast?.show("Now playing \(title)")
///     }
/// }
/// ```
///
/// Like a `lazy var`, the first read stores the service and a read that finds nothing stores
/// nothing; copies share what one loaded, concurrent first reads load once, reads that would
/// wait for each other forever are a ``ContainerError/cycle(path:)``, and the container is held
/// weakly. Assigning replaces the service and `nil` forgets it; `$toast` reloads and resets.
@propertyWrapper
public struct Injected<Service> {
    /// A handle that loads the service again, forgets it, or tells whether one is held; it
    /// holds the property's storage.
    public let projectedValue: InjectedHandle<Service>

    /// Creates a property that loads `id` from `container`, ``Container/shared`` unless
    /// stated, on first read.
    public init(_ id: InjectID<Service>, container: Container = .shared) {
        self.init(id, container: container, holdsWeakly: false)
    }

    init(_ id: InjectID<Service>, container: Container, holdsWeakly: Bool) {
        projectedValue = InjectedHandle(
            id: id, reference: container.reference, cache: InjectedCache(holdsWeakly: holdsWeakly))
    }

    /// The service, or `nil` while none is registered; assigning `nil` forgets it; O(1) once loaded.
    public var wrappedValue: Service? {
        get { projectedValue.value }
        nonmutating set { projectedValue.cache.store(newValue) }
    }
}

extension Injected: Sendable where Service: Sendable {}

/// A property that loads its service on first read, as ``Injected`` does, and holds it weakly,
/// so that it follows the lifetime of the service's owner instead of extending it.
///
/// Once the service is freed, reads yield `nil` without loading again (`$player.reload()` loads);
/// a service that is a value, not an object, is not held at all: each read loads it.
@propertyWrapper
public struct WeakInjected<Service> {
    private let base: Injected<Service>

    /// Creates a property that loads `id` from `container`, ``Container/shared`` unless
    /// stated, on first read and holds the service weakly.
    public init(_ id: InjectID<Service>, container: Container = .shared) {
        base = Injected(id, container: container, holdsWeakly: true)
    }

    /// The service while it is alive, or `nil`; assigning `nil` forgets it.
    public var wrappedValue: Service? {
        get { base.wrappedValue }
        nonmutating set { base.wrappedValue = newValue }
    }

    /// A handle that loads the service again, forgets it, or tells whether a live one is held.
    public var projectedValue: InjectedHandle<Service> { base.projectedValue }
}

extension WeakInjected: Sendable where Service: Sendable {}
