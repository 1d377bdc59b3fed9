/// A thread-safe registry of services keyed by string IDs.
///
/// Feature modules register implementations under IDs that an interface module declares;
/// any module loads them by ID without importing the feature. An ID with no registration
/// loads as `nil`, so callers fall back instead of crashing.
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
/// Every method may be called from any thread or task at any time. Loads read an immutable
/// snapshot of the registrations that each thread caches, so readers never contend with
/// each other. A registration takes a lock and makes the snapshot stale; the loads that
/// follow take the lock too until enough have come to publish a new one. Publishing is O(1);
/// the next write's copy of the registrations is O(*n*), which the wait for enough loads
/// amortizes to O(1) per load.
///
/// A container created with a parent sees the parent's registrations, and its own override
/// them; nothing registered in the child is visible to the parent. The child keeps its
/// parent alive.
///
/// Nothing a container hands out keeps it alive: services, a ``Resolver`` a factory kept,
/// ``Lazy`` and ``ServiceProvider`` handles, ``Injected`` properties and original-API items
/// hold it weakly. When its last owner lets go, the container and its cached services are
/// released, and later loads through what it handed out find nothing, reporting
/// ``ContainerError/containerReleased(id:requestedType:)``.
public final class Container: Sendable {
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
    /// The containers created with this one as their parent, held weakly.
    let children = ChildContainers()
    /// Whether loads in this container trace what its factories meet: set once it or an
    /// ancestor has a reader of the trace (a plugin's registrations, a context registration),
    /// so that a container without one pays one relaxed read per load for the trace.
    let tracesCreations = AtomicFlag()
    /// The load sites and inferred dependencies `verify()` checks (``addLoadSites(_:)``).
    let loadSiteBook = LoadSiteBook()
    /// The container's own creation hooks (``decorateCreations(_:)``), run after a
    /// registration's on what this container or one below it makes.
    let creationDecorators = CreationDecorators()

    /// Creates an empty container.
    ///
    /// A container without a parent runs ``AutoRegistering/autoRegister()`` before this
    /// returns when the app conforms `Container` to ``AutoRegistering``.
    ///
    /// - Parameter parent: A container whose registrations this one inherits. Loads look
    ///   here first, then in the parent, then in its parent, and so on.
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
        reference.attach(self)
        parent?.children.add(self)
        // After joining the children: a parent that starts tracing meanwhile either saw this
        // child in its list or set its own flag before this read.
        if parent?.tracesCreations.load() == true { tracesCreations.store(true) }
        if autoRegisters { autoRegisterIfConforming(unlessNested: true) }
    }

    /// Runs the app's ``AutoRegistering/autoRegister()``, if `Container` conforms.
    ///
    /// - Parameter unlessNested: Whether to skip it when this thread is running an
    ///   `autoRegister()` already: for a container made inside one, which would otherwise run
    ///   it again, and so on without end. ``shared`` runs it even then, once.
    func autoRegisterIfConforming(unlessNested: Bool) {
        guard let conforming = self as Any as? any AutoRegistering else { return }
        let thread = ThreadState.current
        if unlessNested, thread.isAutoRegistering { return }
        let wasAutoRegistering = thread.isAutoRegistering
        thread.isAutoRegistering = true
        defer { thread.isAutoRegistering = wasAutoRegistering }
        conforming.autoRegister()
    }

    deinit {
        // The store retires the services when it goes, right after this; snapshots cached by
        // other threads keep only registrations without services, and go when those threads
        // refresh.
        store.forgetOnCurrentThread()
    }
}

/// The outcome of a registration.
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
