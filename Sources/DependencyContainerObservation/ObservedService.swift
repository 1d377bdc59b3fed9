import DependencyContainer
import Observation

/// The service of one ID, kept current as the container's registrations change, for SwiftUI.
///
/// An `Observable` handle: a view that reads ``service`` or ``registration`` redraws when
/// the feature behind the ID comes, goes, is replaced or is reset. Each change loads the
/// service again, after the change is visible, on the thread that made it
/// (`Container.observe(_:_:)`); a main-actor registration loads only
/// when the change is made on the main actor.
///
/// ```swift
/// let greeting = ObservedService(.greeting, in: container)
/// print(greeting.service?.text ?? "no greeting")
/// ```
///
/// It holds the container weakly: once the container goes, the handle keeps its last values
/// and never changes again. It needs Observation, hence iOS 17 / macOS 14, and lives in its
/// own library, `DependencyContainerObservation`, so that apps on the core's iOS 13 floor
/// do not link it.
///
/// `@unchecked Sendable`: the values are read and written only under `state`'s lock, the
/// container is held through an immutable weak box, and the services themselves are shared
/// between threads by design, as every service a container hands out.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
public final class ObservedService<Service>: Observable, @unchecked Sendable {
    /// The observed ID.
    public let id: InjectID<Service>

    private let registrar = ObservationRegistrar()
    private let state = LockedValue(Values())
    private let containerBox: WeakContainer
    private let token = LockedValue<ObservationToken?>(nil)

    /// The values a view reads.
    ///
    /// `@unchecked Sendable`: only inside `state`'s lock.
    private struct Values: @unchecked Sendable {
        var service: Service?
        var registration: RegistrationInfo?
    }

    /// The container, held weakly.
    private struct WeakContainer: Sendable {
        weak var container: Container?
    }

    /// Observes `id` in `container`, loading its service now.
    ///
    /// - Parameters:
    ///   - id: The ID whose service to keep.
    ///   - container: The container to load from; held weakly.
    public init(_ id: InjectID<Service>, in container: Container) {
        self.id = id
        containerBox = WeakContainer(container: container)
        // The first event, the current state, usually arrives before `observe` returns.
        let observation = container.observe(id) { [weak self] change in
            self?.update(change)
        }
        token.withLock { $0 = observation }
    }

    /// The service a load of ``id`` returns now, or `nil` when nothing provides it.
    public var service: Service? {
        registrar.access(self, keyPath: \.service)
        return state.withLock { $0.service }
    }

    /// The registration a load of ``id`` uses now, or `nil` when there is none.
    public var registration: RegistrationInfo? {
        registrar.access(self, keyPath: \.registration)
        return state.withLock { $0.registration }
    }

    /// Loads the service again and publishes both values as one change.
    private func update(_ change: RegistrationChange) {
        // Outside every lock: the factory may load.
        let service = change.registration == nil ? nil : containerBox.container?.load(id)
        let replaced = registrar.withMutation(of: self, keyPath: \.registration) {
            registrar.withMutation(of: self, keyPath: \.service) {
                state.withLock { values in
                    defer { values = Values(service: service, registration: change.registration) }
                    return values
                }
            }
        }
        // Released after unlocking: the old service's deinit may read this handle.
        withExtendedLifetime(replaced) {}
    }
}
