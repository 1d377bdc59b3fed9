/// A property that loads its service from a container the first time it is read.
///
/// For the few places that constructor injection cannot reach, such as types a framework
/// instantiates. Prefer initializer parameters elsewhere. It works in classes and in structs
/// alike, including SwiftUI-style views that read it from non-mutating code:
///
/// ```swift
/// final class NowPlayingBanner {
///     @Injected(.toast) var toast: (any ToastInject)?
///
///     func didStart(title: String) {
///         toast?.show("Now playing \(title)")
///     }
/// }
///
/// struct NowPlayingBadge {
///     @Injected(.toast) var toast: (any ToastInject)?
///
///     func tapped() {
///         toast?.show("Saved")
///     }
/// }
/// ```
///
/// Like a `lazy var`, the first read stores the service; a read that finds nothing stores
/// nothing, so a later read tries again. Each wrapper loads at most once at a time from any
/// number of threads: a thread that reads while another loads waits for that load, and
/// copies of a struct share what the original loaded. Reads that would wait for each other
/// forever (a factory that reads the property it loads for, or two properties whose
/// factories read each other, first read on two threads at once) are a cycle, as between
/// factories: the load yields `nil` and the diagnostics handler gets
/// ``ContainerError/cycle(path:)``.
///
/// The property holds its container weakly, like everything a container hands out, so a
/// cached service with an `@Injected` property never keeps its container alive; once the
/// container is gone, a property that has loaded nothing yet yields `nil` and reports
/// ``ContainerError/containerReleased(id:requestedType:)``.
///
/// Assigning replaces the service the property holds, as a test assigns a mock; assigning
/// `nil` forgets it, so that the next read loads again. The projected value (`$toast`, an
/// ``InjectedHandle``) loads again, forgets, and tells whether a service is held:
///
/// ```swift
/// let banner = NowPlayingBanner()
/// banner.toast = RecordingToast()  // the banner shows toasts on the mock
/// banner.didStart(title: "Intro")
/// banner.toast = nil  // the next read loads from the container again
/// ```
///
/// Reads, assignments and the handle's calls are safe from any number of threads: an
/// assignment or a reset made while a read loads is never overwritten by that load.
@propertyWrapper
public struct Injected<Service> {
    private let id: InjectID<Service>
    /// The container, held weakly.
    private let reference: ContainerReference
    private let cache = InjectedCache<Service>()

    /// Creates a property that loads `id` from `container` on first read.
    ///
    /// - Parameters:
    ///   - id: The ID to load.
    ///   - container: Where to load from; ``Container/shared`` unless stated.
    public init(_ id: InjectID<Service>, container: Container = .shared) {
        self.id = id
        self.reference = container.reference
    }

    /// The service, or `nil` while none is registered.
    ///
    /// Assigning stores the service in the property; assigning `nil` forgets it, so that
    /// the next read loads again.
    ///
    /// - Complexity: O(1) once loaded: one striped lock.
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

    /// A handle that loads the service again, forgets it, or tells whether one is held.
    public var projectedValue: InjectedHandle<Service> {
        InjectedHandle(id: id, reference: reference, cache: cache)
    }
}

extension Injected: Sendable where Service: Sendable {}
