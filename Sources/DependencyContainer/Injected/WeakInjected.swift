/// A property that loads its service from a container on first read and holds it weakly,
/// so that it never keeps the service alive.
///
/// For a view that shows a service while something else owns it: the property follows the
/// owner's lifetime instead of extending it.
///
/// ```swift
/// final class MiniPlayerView {
///     @WeakInjected(.player) var player: (any PlayerInject)?
///
///     func tapped() {
///         player?.play("Intro")  // nil once the player's owner let it go
///     }
/// }
/// ```
///
/// It behaves as ``Injected`` (a first read loads once from any number of threads, a cycle
/// yields `nil`, assignments and the projected ``InjectedHandle`` work alike, the container is
/// held weakly), except that it holds the service weakly:
///
/// - Once the service is freed, reads yield `nil`; they do not load it again, since a
///   service that nobody keeps would be freed again at once. `$player.reload()` loads it
///   again, and `$player.reset()` or assigning `nil` makes the next read load.
/// - The service must be an object: a class, or a protocol whose conformers are classes.
///   `Service` cannot require it (`any PlayerInject` is no `AnyObject` to the compiler), so a
///   service that is a value is not held at all, and each read loads it anew.
@propertyWrapper
public struct WeakInjected<Service> {
    private let id: InjectID<Service>
    /// The container, held weakly.
    private let reference: ContainerReference
    private let cache = InjectedCache<Service>(holdsWeakly: true)

    /// Creates a property that loads `id` from `container` on first read and holds the
    /// service weakly.
    ///
    /// - Parameters:
    ///   - id: The ID to load.
    ///   - container: Where to load from; ``Container/shared`` unless stated.
    public init(_ id: InjectID<Service>, container: Container = .shared) {
        self.id = id
        self.reference = container.reference
    }

    /// The service while it is alive, or `nil` when none is registered or it was freed.
    ///
    /// Assigning holds the service weakly in the property; assigning `nil` forgets it, so that
    /// the next read loads again.
    ///
    /// - Complexity: O(1) once loaded: one striped lock and a dynamic cast.
    public var wrappedValue: Service? {
        get {
            cache.value(loading: id.name, reportingTo: reference) { () -> Service? in
                InjectedHandle.load(id, from: reference)
            }
        }
        nonmutating set {
            cache.store(newValue)
        }
    }

    /// A handle that loads the service again, forgets it, or tells whether a live one is held.
    public var projectedValue: InjectedHandle<Service> {
        InjectedHandle(id: id, reference: reference, cache: cache)
    }
}

extension WeakInjected: Sendable where Service: Sendable {}
