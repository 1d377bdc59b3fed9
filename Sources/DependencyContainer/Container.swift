/// A thread-safe registry of services keyed by string IDs.
///
/// Feature modules register implementations under IDs that an interface module declares; any
/// module loads them by ID without importing the feature. An ID with no registration loads as
/// `nil`, so callers fall back instead of crashing. See <doc:BreakingCircularDependencies>.
///
/// ```swift
/// let container = Container()
/// container.register(.toast, scope: .singleton) { ConsoleToast() }
/// container.register(.player) { resolver in Player(toast: resolver.load(.toast)) }
///
/// let player = container.load(.player)  // (any PlayerInject)?
/// let analytics = container.load(.analytics, default: NullAnalytics())
/// ```
///
/// Every method may be called from any thread at any time (see <doc:Performance>). A child
/// container sees its parent's registrations, its own override them, and keeps its parent
/// alive. Nothing a container hands out keeps it alive; once it is gone, loads through what it
/// handed out report ``ContainerError/containerReleased(id:requestedType:)``.
public final class Container: ServiceLoading {
    /// The container shared by every module of the process.
    ///
    /// When `Container` conforms to ``AutoRegistering``, the first use runs
    /// ``AutoRegistering/autoRegister()`` on it, once.
    public static var shared: Container { sharedStorage.container }

    /// ``shared``, whose first use runs ``AutoRegistering/autoRegister()`` (see ``SharedContainer``).
    private static let sharedStorage = SharedContainer()

    /// The container whose registrations this one inherits, if any.
    public let parent: Container?

    /// The registrations, and the lock-free read path that loads use.
    let store: RegistrationStore
    /// What resolvers, handles and items hold instead of the container, so that nothing the
    /// container hands out keeps it alive; it also keeps the diagnostics handler.
    let reference: ContainerReference
    /// ``captiveDependencyPolicy`` as set on this container; `nil` to use the parent's.
    let captivePolicySetting = LockedValue<CaptiveDependencyPolicy?>(nil)
    /// The containers created with this one as their parent, held weakly, oldest first: so
    /// that the plugin loader can name the cached services that children made with a plugin's.
    let children = LockedValue<[WeakContainer]>([])
    /// Whether loads in this container trace what its factories meet: set once it or an
    /// ancestor has a reader of the trace; without one a load pays one relaxed read.
    let tracesCreations = AtomicFlag()
    /// The load sites and inferred dependencies `verify()` checks (``addLoadSites(_:)``).
    let loadSiteBook = LockedValue(LoadSiteBook())
    /// The container's own creation hooks (``decorateCreations(_:)``), run after a
    /// registration's on what this container or one below it makes.
    let creationDecorators = CreationDecorators()

    /// Creates an empty container that inherits `parent`'s registrations.
    ///
    /// Without a parent, it runs ``AutoRegistering/autoRegister()`` when the app conforms
    /// `Container` to ``AutoRegistering``.
    public convenience init(parent: Container? = nil) {
        self.init(parent: parent, autoRegisters: parent == nil)
    }

    /// Creates an empty container, running ``AutoRegistering/autoRegister()`` only when
    /// `autoRegisters` is set: the containers the package makes for itself (override
    /// scopes, a released container's stand-in) hold only what their makers put in them.
    init(parent: Container?, autoRegisters: Bool) {
        self.parent = parent
        reference = ContainerReference(parent: parent?.reference)
        store = RegistrationStore(reference: reference)
        reference.container = self
        parent?.children.withLock { children in
            children.removeAll { $0.container == nil }
            children.append(WeakContainer(container: self))
        }
        // After joining the children: a parent that starts tracing meanwhile either saw this
        // child in its list or set its own flag before this read.
        if parent?.tracesCreations.load() == true { tracesCreations.store(true) }
        if autoRegisters { autoRegisterIfConforming(unlessNested: true) }
    }

    /// Runs the app's ``AutoRegistering/autoRegister()``, if `Container` conforms.
    func autoRegisterIfConforming(unlessNested: Bool) {
        guard let conforming = self as Any as? any AutoRegistering else { return }
        let thread = ThreadState.current
        let wasAutoRegistering = thread.isAutoRegistering
        if unlessNested, wasAutoRegistering { return }
        thread.isAutoRegistering = true
        defer { thread.isAutoRegistering = wasAutoRegistering }
        conforming.autoRegister()
    }

    /// Loads the service registered under `id`, or `nil` if there is none.
    ///
    /// `nil` means the feature is absent or its registration failed, the reason reported
    /// (<doc:GracefulFallbacks>). A made singleton costs one hash lookup.
    @inline(__always)
    public func load<Service>(_ id: InjectID<Service>) -> Service? { loadService(id) }

    /// The container itself: its verbs load under the calling task's overrides.
    @inlinable
    public var _loadTarget: _LoadTarget { .container(self) }

    /// Every registration this container's loads can reach, sorted by ID.
    ///
    /// Inherited ones are marked ``RegistrationInfo/isInherited``; test overrides are not
    /// listed; of an ID's context registrations, only the one that answers.
    public var registrations: [RegistrationInfo] {
        var result: [RegistrationInfo] = []
        forEachReachableRegistration { registration, isInherited in
            var info = registration.info
            info.isInherited = isInherited
            result.append(info)
        }
        return result.sorted { $0.id < $1.id }
    }

    /// Calls `body` for every registration this container's loads can reach, test overrides
    /// aside, in lookup order, skipping those a nearer container shadows.
    private func forEachReachableRegistration(_ body: (Registration, _ isInherited: Bool) -> Void) {
        // A root container, the common case, shadows nothing: no set of seen IDs.
        var seen: Set<String>? = parent == nil ? nil : []
        _ = walkLookupOrder(overrides: nil) { place in
            let isInherited = place.container !== self
            let entries = place.store.read { Array($0.values) }
            for registration in entries where seen?.insert(registration.id).inserted ?? true {
                body(registration, isInherited)
            }
            return .absent
        }
    }

    /// Whether a load of `id` would find a registration (overrides, this container, its
    /// ancestors), without creating a service.
    public func contains<Service>(_ id: InjectID<Service>) -> Bool {
        findRegistration(named: id.name, thread: ThreadState.current) != nil
    }

    /// Whether the registration a load of `id` would use keeps a service, within its time to
    /// live, that the load would return without running the factory.
    public func hasCachedService<Service>(for id: InjectID<Service>) -> Bool {
        findCurrentRegistration(named: id.name, thread: ThreadState.current)?.hasCachedService ?? false
    }

    /// Installs the function that receives this container's diagnostic events; `nil` removes it.
    ///
    /// A child without a handler reports to its nearest ancestor's. The handler runs on the
    /// thread that caused the event, with no lock held (<doc:GracefulFallbacks>).
    public func setDiagnosticsHandler(_ handler: (@Sendable (DiagnosticEvent) -> Void)?) {
        reference.setDiagnosticsHandler(handler)
    }

    /// Sends `event` to the handler of this container or its nearest ancestor that has one
    /// (``ContainerReference/report(_:)``).
    @inline(__always)
    func report(_ event: @autoclosure () -> DiagnosticEvent) { reference.report(event()) }

    /// The IDs a ``ContainerError/notRegistered(id:requestedType:registeredIDs:)`` for `id`
    /// names: a few, the count of the rest, and a near miss of `id`; O(*n*), nothing sorted.
    func registeredIDsForMessage(missing id: String) -> RegisteredIDs {
        var collector = RegisteredIDs.Collector(requested: id)
        forEachReachableRegistration { registration, _ in collector.add(registration.id) }
        return collector.summary
    }

    /// What this container does when a cached service's factory loads a shorter-lived one;
    /// unless set, its parent's policy, and a root's ``CaptiveDependencyPolicy/report``.
    public var captiveDependencyPolicy: CaptiveDependencyPolicy {
        get {
            sequence(first: self, next: \.parent).lazy.compactMap { $0.captivePolicySetting.withLock { $0 } }
                .first ?? .report
        }
        set {
            captivePolicySetting.withLock { $0 = newValue }
        }
    }

    deinit {
        // The store retires the services right after this; other threads' cached snapshots
        // keep only registrations without services, and go when those threads refresh.
        ThreadState.current.forget(container: store.serial)
    }
}

/// A child container, held weakly.
struct WeakContainer: Sendable {
    weak var container: Container?
}

extension LockedValue where Value == [WeakContainer] {
    /// The children still alive, oldest first.
    var live: [Container] { withLock { $0.compactMap(\.container) } }
}

/// The outcome of a registration (<doc:GracefulFallbacks>).
public enum RegistrationOutcome: Sendable {
    /// The ID had no registration in this container before.
    case added

    /// The registration replaced an earlier one, described by the associated value.
    case replaced(RegistrationInfo)

    /// The registration was refused and the container left unchanged.
    case rejected(ContainerError)

    /// The registration was not added because it keeps an existing one
    /// (``RegistrationOptions/keepsExistingRegistration``), described by the associated value.
    case kept(RegistrationInfo)

    /// Whether the container now holds the new registration.
    public var isRegistered: Bool {
        switch self {
        case .added, .replaced: return true
        case .rejected, .kept: return false
        }
    }
}
