/// A property that loads its service from a container the first time it is read.
///
/// For the few places that constructor injection cannot reach, such as types a framework
/// instantiates. Prefer initializer parameters elsewhere.
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
/// Like a `lazy var`, the first read stores the service; a read that finds nothing stores
/// nothing, so a later read tries again.
@propertyWrapper
public struct Injected<Service> {
    private let id: InjectID<Service>
    private let container: Container
    private var service: Service?

    /// Creates a property that loads `id` from `container` on first read.
    ///
    /// - Parameters:
    ///   - id: The ID to load.
    ///   - container: Where to load from; ``Container/shared`` unless stated.
    public init(_ id: InjectID<Service>, container: Container = .shared) {
        self.id = id
        self.container = container
    }

    /// The service, or `nil` while none is registered.
    public var wrappedValue: Service? {
        mutating get {
            if let service { return service }
            service = container.load(id)
            return service
        }
    }
}

extension Injected: Sendable where Service: Sendable {}
