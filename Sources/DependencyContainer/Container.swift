import Synchronization

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
/// each other; registrations take a lock and publish a new snapshot.
///
/// A container created with a parent sees the parent's registrations, and its own override
/// them; nothing registered in the child is visible to the parent. The child keeps its
/// parent alive.
public final class Container: Sendable {
    /// The container shared by every module of the process.
    public static let shared = Container()

    /// The container whose registrations this one inherits, if any.
    public let parent: Container?

    /// Identifies this container in per-thread caches; never reused.
    let serial: UInt64
    let storage: LockedValue<Storage>
    /// Mirrors `storage.generation` so that readers can check their snapshot without locking.
    let generation = Atomic<UInt64>(0)
    /// Whether this container has a diagnostics handler, checked before building an event.
    let hasDiagnosticsHandler = Atomic<Bool>(false)

    /// Creates an empty container.
    ///
    /// - Parameter parent: A container whose registrations this one inherits. Loads look
    ///   here first, then in the parent, then in its parent, and so on.
    public init(parent: Container? = nil) {
        self.parent = parent
        self.serial = nextContainerSerial.add(1, ordering: .relaxed).newValue
        self.storage = LockedValue(Storage())
    }

    deinit {
        // Snapshots cached by other threads are dropped when those threads next refresh.
        ThreadState.current.forget(container: serial)
    }

    // MARK: Registering

    /// Registers a factory for `id`, replacing any earlier registration of the same ID.
    ///
    /// The factory receives a ``Resolver`` through which it loads the services it depends
    /// on. It may throw; ``require(_:)`` then reports ``ContainerError/factoryFailed(id:underlying:)``
    /// and ``load(_:)`` returns `nil`.
    ///
    /// ```swift
    /// container.register(.player, scope: .singleton) { resolver in
    ///     Player(toast: resolver.load(.toast))
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - id: The ID to register.
    ///   - scope: How long created services are reused. The default, ``Scope/transient``,
    ///     creates a new service for every load.
    ///   - file: The registering file, shown in ``registrations``.
    ///   - line: The registering line, shown in ``registrations``.
    ///   - factory: Creates the service.
    /// - Returns: Whether the registration was added, replaced an earlier one, or was
    ///   rejected because the ID is invalid. A rejected registration leaves the container
    ///   unchanged.
    /// - Complexity: Amortized O(1).
    @discardableResult
    public func register<Service>(
        _ id: InjectID<Service>,
        scope: Scope = .transient,
        file: StaticString = #fileID,
        line: UInt = #line,
        factory: @escaping @Sendable (Resolver) throws -> Service
    ) -> RegistrationOutcome {
        add(
            Registration(
                id: id.name, scope: scope, serviceType: Service.self,
                provider: .closure(file: file, line: line), factory: TypedFactory(factory)))
    }

    /// Registers a factory that needs no other services.
    ///
    /// ```swift
    /// container.register(.analytics, scope: .singleton) { ConsoleAnalytics() }
    /// ```
    ///
    /// - Parameters:
    ///   - id: The ID to register.
    ///   - scope: How long created services are reused.
    ///   - file: The registering file, shown in ``registrations``.
    ///   - line: The registering line, shown in ``registrations``.
    ///   - factory: Creates the service.
    /// - Returns: Whether the registration was added, replaced an earlier one, or rejected.
    @discardableResult
    public func register<Service>(
        _ id: InjectID<Service>,
        scope: Scope = .transient,
        file: StaticString = #fileID,
        line: UInt = #line,
        factory: @escaping @Sendable () throws -> Service
    ) -> RegistrationOutcome {
        register(id, scope: scope, file: file, line: line) { _ in try factory() }
    }

    /// Registers the service that a provider type describes.
    ///
    /// Feature modules export providers, such as the `ToastProvider` of ``InjectProvider``'s
    /// example, rather than their implementation types:
    ///
    /// ```swift
    /// container.register(ToastProvider.self)
    /// ```
    ///
    /// - Parameter provider: The provider type.
    /// - Returns: Whether the registration was added, replaced an earlier one, or rejected.
    @discardableResult
    public func register<Provider: InjectProvider>(_ provider: Provider.Type) -> RegistrationOutcome {
        add(
            Registration(
                id: Provider.id.name, scope: Provider.scope, serviceType: Provider.Service.self,
                provider: .type(Provider.self), factory: TypedFactory { try Provider.make(with: $0) }))
    }

    /// Removes the registration of `id` from this container.
    ///
    /// Registrations inherited from a parent are not affected, so after this call a load may
    /// still find the parent's registration. Services already handed out stay valid.
    ///
    /// - Parameter id: The ID to remove.
    /// - Returns: Whether this container had a registration for `id`.
    @discardableResult
    public func unregister<Service>(_ id: InjectID<Service>) -> Bool {
        unregister(id: id.name)
    }

    /// Removes the registration of the string ID `id` from this container.
    ///
    /// - Parameter id: The ID to remove.
    /// - Returns: Whether this container had a registration for `id`.
    @discardableResult
    public func unregister(id: String) -> Bool {
        let removed = storage.withLock { storage in
            storage.entries.removeValue(forKey: id).map { ($0, storage.didChange(generation)) }
        }
        // Released here, outside the lock: a service's deinit may use this container.
        return withExtendedLifetime(removed) { removed != nil }
    }

    /// Removes every registration of this container, but not of its parent.
    public func removeAll() {
        let removed = storage.withLock { storage in
            defer { storage.entries = [:] }
            return (storage.entries, storage.didChange(generation))
        }
        withExtendedLifetime(removed) {}
    }

    /// Adds a validated registration and reports a replacement.
    func add(_ registration: Registration) -> RegistrationOutcome {
        if let problem = IDValidation.problem(with: registration.id) {
            let error = ContainerError.invalidID(registration.id, reason: problem)
            report(.rejected(error))
            return .rejected(error)
        }
        let (previous, unpublished) = storage.withLock { storage in
            (
                storage.entries.updateValue(registration, forKey: registration.id),
                storage.didChange(generation)
            )
        }
        withExtendedLifetime(unpublished) {}
        guard let previous else { return .added }
        // Reported after unlocking, so that a handler may itself use the container.
        report(.replaced(previous: previous.info, replacement: registration.info))
        return .replaced(previous.info)
    }

    // MARK: Finding registrations

    /// The registration a load of `name` uses: a test override, this container's own, or the
    /// nearest ancestor's.
    @inline(__always)
    func findRegistration(named name: String, thread: ThreadState) -> Registration? {
        let overrides = OverrideScope.current
        var container = self
        while true {
            if let overrides,
                let registration = overrides.registration(named: name, for: container, thread: thread)
            {
                return registration
            }
            if let registration = container.localRegistration(named: name, thread: thread) {
                return registration
            }
            guard let parent = container.parent else { return nil }
            container = parent
        }
    }

    /// This container's own registration of `name`, read from the thread's cached snapshot
    /// when it is current.
    @inline(__always)
    func localRegistration(named name: String, thread: ThreadState) -> Registration? {
        let generation = self.generation.load(ordering: .acquiring)
        if let snapshot = thread.cachedSnapshot(container: serial, generation: generation) {
            return snapshot._withUnsafeGuaranteedRef { $0.lookup[name]?.takeUnretainedValue() }
        }
        return refreshingLookup(named: name, thread: thread)
    }

    /// Looks `name` up in the snapshots this thread has cached for this container and its
    /// ancestors, without a lock and without changing any reference count.
    ///
    /// Loads on every thread read the same snapshots and registrations; retaining them would
    /// make each load write to cache lines that all cores share, which serializes readers.
    ///
    /// - Returns: ``PublishedLookup/unknown`` when a test override is active or a snapshot
    ///   is missing or stale, so that the caller falls back to ``findRegistration(named:thread:)``.
    @inline(__always)
    func publishedRegistration(named name: String, thread: ThreadState) -> PublishedLookup {
        guard !OverrideScope.isAnyActive else { return .unknown }
        var container = Unmanaged.passUnretained(self)
        while true {
            let step = container._withUnsafeGuaranteedRef { container -> PublishedStep in
                let generation = container.generation.load(ordering: .acquiring)
                guard
                    let snapshot = thread.cachedSnapshot(container: container.serial, generation: generation)
                else {
                    return .done(.unknown)
                }
                if let registration = snapshot._withUnsafeGuaranteedRef({ $0.lookup[name] }) {
                    return .done(.found(registration))
                }
                // The parent is kept alive by its child, which the caller keeps alive.
                guard let parent = container.parent else { return .done(.absent) }
                return .parent(Unmanaged.passUnretained(parent))
            }
            switch step {
            case .done(let result):
                return result
            case .parent(let parent):
                container = parent
            }
        }
    }

    /// The slow path after a change: looks `name` up under the lock and, once enough reads
    /// have come in since the last change, publishes a snapshot for every thread to cache.
    ///
    /// Publishing builds the snapshot's lookup table: O(n). Waiting for n/4 reads first keeps
    /// that amortized O(1) per read even when registrations and loads alternate.
    private func refreshingLookup(named name: String, thread: ThreadState) -> Registration? {
        let (registration, snapshot, generation) = storage.withLock { storage in
            if storage.published == nil {
                storage.lockedReadsSinceChange += 1
                // O(n) under the lock, once per n/4 reads after a change: amortized O(1).
                if storage.lockedReadsSinceChange >= max(8, storage.entries.count / 4) {
                    storage.published = Snapshot(entries: storage.entries)
                }
            }
            return (storage.entries[name], storage.published, storage.generation)
        }
        // Cached outside the lock: evicting an old snapshot may free services whose deinit
        // uses this container.
        if let snapshot {
            thread.cache(snapshot, container: serial, generation: generation)
        }
        return registration
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

    /// Whether the container now holds the new registration.
    public var isRegistered: Bool {
        if case .rejected = self { return false }
        return true
    }
}

/// A container's mutable state, guarded by its mutex.
struct Storage {
    var entries: [String: Registration] = [:]
    var generation: UInt64 = 0
    /// The immutable copy that readers cache; `nil` after a change until enough reads come.
    var published: Snapshot?
    var lockedReadsSinceChange = 0
    var diagnosticsHandler: (@Sendable (DiagnosticEvent) -> Void)?

    /// Invalidates every reader's cached snapshot after a change to `entries`.
    ///
    /// - Returns: The snapshot that was published until now, for the caller to release after
    ///   unlocking.
    mutating func didChange(_ mirror: borrowing Atomic<UInt64>) -> Snapshot? {
        generation &+= 1
        lockedReadsSinceChange = 0
        mirror.store(generation, ordering: .releasing)
        defer { published = nil }
        return published
    }
}

/// An immutable view of a container's registrations, shared by every thread that reads it.
final class Snapshot: Sendable {
    /// The registrations by ID, unretained so that a lookup copies no reference: a load that
    /// retained the registration would write to memory every other reader reads.
    let lookup: [String: Unmanaged<Registration>]
    /// Keeps every registration in `lookup` alive; an array, so that the container's own
    /// dictionary is not shared and a later change does not copy it.
    private let owners: ContiguousArray<Registration>

    init(entries: [String: Registration]) {
        self.lookup = entries.mapValues { Unmanaged.passUnretained($0) }
        self.owners = ContiguousArray(entries.values)
    }
}

/// The result of ``Container/publishedRegistration(named:thread:)``.
enum PublishedLookup {
    /// The registration, borrowed from this thread's cached snapshot: valid until this thread
    /// caches another snapshot of its container, so it must be retained before running code
    /// that may load.
    case found(Unmanaged<Registration>)
    /// No override is active and neither the container nor an ancestor registers the ID.
    case absent
    /// The cached snapshots cannot answer; look up the registration the general way.
    case unknown
}

/// One container's part of a ``PublishedLookup``: an answer or the parent to ask next.
private enum PublishedStep {
    case done(PublishedLookup)
    case parent(Unmanaged<Container>)
}

private let nextContainerSerial = Atomic<UInt64>(0)
