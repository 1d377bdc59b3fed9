import DependencyContainerKernel

/// One container's registrations: the only place they are written, and the lock-free
/// read path that loads use.
///
/// Writes take a lock; loads read an immutable ``Snapshot`` each thread caches. The read
/// path's rules, which code outside this folder relies on:
/// 1. **One write path.** ``modify(_:)`` alone changes the registrations, through
///    ``StoreEntries/admit(_:to:as:)`` for whatever it puts in; it advances the generation,
///    which makes every cached snapshot stale. A change of the active contexts is a write.
/// 2. **Borrowed registrations.** A ``BorrowedRegistration`` is valid until its thread caches
///    another snapshot; code that may load runs only on a retained registration.
/// 3. **Write-once instances, retired by writes.** A singleton is published once and read in
///    place inside a read section; a write never clears it but replaces the registration with
///    a fresh copy, and retires what it takes out (``InstanceReclaimer`` frees it once no
///    read section that began before is in progress).
/// 4. **Overrides take the general path.** While any override is active, cached snapshots
///    answer `unknown` (`OverrideScope.binding` counts them).
/// 5. **One lookup order.** Overrides, then the container's own registration, then its
///    parent's: coded once, in ``Container/walkLookupOrder(overrides:_:)``.
final class RegistrationStore: Sendable {
    /// Identifies this store in per-thread caches; never reused, and never 0.
    let serial: UInt64
    let state = LockedValue(State())
    /// Mirrors `state.generation` so that readers can check their snapshot without locking.
    let generation = AtomicCounter()
    /// Counts the dispose hooks of the services this store lets go of until they have run.
    let disposals: DisposalLedger

    /// The registrations, guarded by the lock; read only here and in
    /// `RegistrationStore+Invariants.swift`.
    struct State: Sendable {
        var entries: [StoreKey: Registration] = [:]
        /// The registrations for contexts that do not answer now (``ContextTable``).
        var contexts: ContextTable?
        var generation: UInt64 = 0
        /// The immutable copy that readers cache; `nil` after a change until enough reads come.
        var published: Snapshot?
        var lockedReadsSinceChange = 0
        /// Set by ``seal(reportingLateWrites:)``: changes are refused and reported to it.
        var lateWriteHandler: (@Sendable ([String]) -> Void)?
        /// The observers of each ID: this container's and its descendants', each with how far
        /// this store is from the container it observes (0 for its own store, 1 for its parent's…).
        var observers: [String: [(observer: ChangeObserver, depth: Int)]] = [:]
    }

    /// Creates an empty store.
    init(reference: ContainerReference? = nil) {
        serial = GlobalAtomicWord.storeSerial.add(1)
        disposals = DisposalLedger(reference: reference)
    }

    deinit {
        // Rule 3: no load can reach these registrations any more, but other threads' stale
        // snapshots may keep the registrations themselves alive; their services go now.
        var boxes: [RetiredBox] = []
        let observers = state.withLock { state in
            // A transient registration without extras, the common case, keeps nothing.
            for registration in state.entries.values where registration.isShared || registration.hasExtras {
                registration.retireWithContributions(into: &boxes, disposals: disposals)
            }
            return state.observers
        }
        InstanceReclaimer.shared.retire(boxes)
        // Outside the lock: ending an observer ends its sequence, whose consumer may resume.
        for subscription in observers.values.joined() {
            subscription.observer.finish()
        }
    }

    // MARK: Writing

    /// Changes the registrations: the one write path (rule 1).
    func modify<Result>(_ body: (inout StoreEntries) -> Result) -> Result {
        let isWatched = WriteWatch.isActive
        // Set under the lock only when there is work for after unlocking: a plain write
        // releases nothing more.
        var after: AfterWrite?
        let result = state.withLock { state -> Result in
            if let handler = state.lateWriteHandler {
                // Sealed (`Container.seal`, Container+Registering.swift): the change runs on a copy that is dropped,
                // so nothing it removed leaves the store.
                var copy = state.entries
                var entries = StoreEntries(moving: &copy, recordingTouches: true)
                entries.contexts = state.contexts
                let result = body(&entries)
                after = AfterWrite(changed: entries.changedIDs, refusal: handler)
                return result
            }
            // The one check a write pays for observers when nobody observes this store.
            let isObserved = !state.observers.isEmpty
            // Moved out and back, so that only a published snapshot sharing it makes a change copy it.
            var entries = StoreEntries(moving: &state.entries, recordingTouches: isObserved || isWatched)
            if state.contexts != nil { swap(&entries.contexts, &state.contexts) }
            let result = body(&entries)
            let changed = isWatched ? entries.changedIDs : []
            entries.moveDictionary(into: &state.entries)
            if entries.contexts != nil { swap(&entries.contexts, &state.contexts) }
            state.lockedReadsSinceChange = 0
            generation.advance(&state.generation)
            if state.published != nil || entries.touched != nil || !entries.removed.isEmpty {
                var work = AfterWrite(
                    unpublished: state.published, removed: entries.removed, changed: changed)
                state.published = nil
                // Queued under the lock, so that each observer's queue has this store's changes in
                // the order it applied them; delivered after unlocking.
                if isObserved { work.notified = Self.enqueueChanges(of: entries, state) }
                after = work
            }
            checkInvariants(state, touched: entries.removed)
            return result
        }
        if let after { after.run(disposals: disposals, store: serial) }
        return result
    }

    /// What a write leaves for after unlocking.
    private struct AfterWrite {
        var unpublished: Snapshot?
        var removed: [Registration] = []
        var changed: [String] = []
        var refusal: (@Sendable ([String]) -> Void)?
        var notified: [ChangeObserver] = []

        func run(disposals: DisposalLedger, store serial: UInt64) {
            // Freeing a service runs its deinit, which may use the container.
            if !removed.isEmpty {
                InstanceReclaimer.shared.retire(
                    removed.compactMap { $0.retireInstances(disposals: disposals) })
            }
            withExtendedLifetime((unpublished, removed)) {}
            if let refusal, !changed.isEmpty {
                refusal(changed)
            } else if !changed.isEmpty {
                WriteWatch.record(changed, store: serial)
            }
            // Last, with the change visible: a handler may load and write.
            for observer in notified {
                observer.drain()
            }
        }
    }

    /// Queues, for each observer of an ID that `entries` record as touched, what the change did to it.
    private static func enqueueChanges(of entries: StoreEntries, _ state: State) -> [ChangeObserver] {
        var notified: [ChangeObserver] = []
        for (id, touch) in entries.touched ?? [:] {
            guard let subscriptions = state.observers[id] else { continue }
            let current = state.entries[StoreKey(id)]
            guard current !== touch.previous else { continue }
            for subscription in subscriptions {
                subscription.observer.enqueue(current, isReset: touch.isReset, depth: subscription.depth)
                notified.append(subscription.observer)
            }
        }
        return notified
    }

    /// Adds `observer` of its ID, `depth` containers below this store's.
    func addObserver(_ observer: ChangeObserver, depth: Int) -> Registration? {
        state.withLock { state in
            state.observers[observer.id, default: []].append((observer, depth))
            return state.entries[StoreKey(observer.id)]
        }
    }

    /// Removes `observer`, if it observes this store.
    func removeObserver(_ observer: ChangeObserver) {
        // The caller holds `observer`, so nothing is freed under the lock.
        state.withLock { state in
            guard var list = state.observers[observer.id] else { return }
            list.removeAll { $0.observer === observer }
            state.observers[observer.id] = list.isEmpty ? nil : list
        }
    }

    /// Puts the registrations that answer for the active contexts in the entries.
    ///
    /// With `contexts`, this store follows them rather than the process's, or the process's
    /// again when they are `.some(nil)` (see ``ContextTable``). A sealed store follows no
    /// switch of the process's.
    func reselectContexts(following contexts: [RegistrationContext]?? = .none) {
        if contexts == nil, state.withLock({ $0.lateWriteHandler != nil }) { return }
        let switched = modify { entries -> Set<String> in
            if let contexts {
                if contexts == nil && entries.contexts == nil { return [] }
                var table = entries.contexts ?? ContextTable()
                table.activeOverride = contexts.map(RegistrationContext.inPrecedenceOrder)
                entries.contexts = table
            }
            let switched = entries.reselectContexts()
            if entries.contexts?.isEmpty == true { entries.contexts = nil }
            return switched
        }
        // A child's service made with its parent's registration follows the parent's switch.
        guard !switched.isEmpty, let container = disposals.reference?.container else { return }
        for descendant in container.descendants {
            descendant.store.modify { $0.resetDependents(of: switched) }
        }
    }

    /// The contexts this store follows, highest precedence first.
    var activeContexts: [RegistrationContext] {
        state.withLock { $0.contexts?.activeOverride } ?? ContextActivation.active
    }

    /// The contexts this store follows, and every context its registrations are for.
    func contextUse() -> (active: [RegistrationContext], used: Set<RegistrationContext>) {
        state.withLock { state in
            let parked = state.contexts?.parked.values.flatMap { $0 } ?? []
            let used = Set((Array(state.entries.values) + parked).compactMap(\.context))
            return (state.contexts?.activeOverride ?? ContextActivation.active, used)
        }
    }

    /// Every registration this store holds, extension points aside, and every point's
    /// contributions, those for contexts that do not answer now included: what an adoption copies.
    func everything() -> (
        services: [Registration], points: [String: (point: Registration, entries: [ContributionSet.Entry])]
    ) {
        state.withLock { state in
            var services: [Registration] = state.contexts.map { Array($0.parked.values.joined()) } ?? []
            var points: [String: (point: Registration, entries: [ContributionSet.Entry])] = [:]
            for registration in state.entries.values {
                if let set = registration.contributions {
                    let parked = state.contexts?.parkedContributions[registration.id] ?? []
                    points[registration.id] = (registration, set.entries + parked)
                } else {
                    services.append(registration)
                }
            }
            return (services, points)
        }
    }

    /// Refuses every later change, reporting the IDs it would have changed to `lateWrite`.
    func seal(reportingLateWrites lateWrite: @escaping @Sendable ([String]) -> Void) {
        state.withLock { $0.lateWriteHandler = lateWrite }
    }

    /// Reads the registrations under the lock.
    func read<Result>(_ body: (RegistrationsByID) -> Result) -> Result {
        state.withLock { body(RegistrationsByID(entries: $0.entries)) }
    }

    /// A store's registrations by ID, as ``read(_:)`` hands them: in the store's order, which
    /// stays the same until a write.
    struct RegistrationsByID: Sequence {
        fileprivate let entries: [StoreKey: Registration]

        var count: Int { entries.count }
        var keys: [String] { entries.keys.map(\.id) }
        var values: Dictionary<StoreKey, Registration>.Values { entries.values }

        subscript(id: String) -> Registration? { entries[StoreKey(id)] }

        func compactMapValues<T>(_ transform: (Registration) -> T?) -> [String: T] {
            var result: [String: T] = [:]
            for (key, registration) in entries { result[key.id] = transform(registration) }
            return result
        }

        func makeIterator()
            -> LazyMapSequence<[StoreKey: Registration], (id: String, registration: Registration)>
            .Iterator
        {
            entries.lazy.map { ($0.key.id, $0.value) }.makeIterator()
        }
    }

    /// Whether `registration` is one of this store's, or one of its extension points'
    /// contributions.
    func holds(_ registration: Registration) -> Bool {
        state.withLock { Self.holder(of: registration, in: $0.entries) != nil }
    }

    /// The entry that is `registration` or, for a contribution, the point that holds it: a
    /// contribution's ID, `Point[name]`, names its point by a prefix before a "[".
    static func holder(of registration: Registration, in entries: [StoreKey: Registration]) -> Registration? {
        let id = registration.id
        let points = id.last == "]" ? id.indices.filter { id[$0] == "[" }.map { String(id[..<$0]) } : []
        return ([id] + points).lazy.compactMap { entries[StoreKey($0)] }.first { holder in
            holder === registration
                || holder.contributions?.entries.contains { $0.registration === registration } == true
        }
    }

    // MARK: Reading

    /// The registration of `name` from this thread's cached snapshot, without a lock and
    /// without changing any reference count.
    @inline(__always)
    func cachedRegistration(named name: String, thread: ThreadState) -> LookupAnswer {
        let generation = self.generation.load()
        guard let snapshot = thread.cachedSnapshot(container: serial, generation: generation) else {
            return .unknown
        }
        return snapshot.withObject { snapshot in
            assert(snapshot.generation == generation, "a cached snapshot answered for another generation")
            // Unretained: a load that retained it would write to memory every other reader reads.
            guard let registration = snapshot.entries[StoreKey(name)] else { return .absent }
            return .found(BorrowedRegistration(Borrowed(registration), thread: thread))
        }
    }

    /// The registration of `name`, retained: from the thread's cached snapshot when it is
    /// current, else under the lock.
    @inline(__always)
    func registration(named name: String, thread: ThreadState) -> Registration? {
        switch cachedRegistration(named: name, thread: thread) {
        case .found(let borrowed):
            return borrowed.retained
        case .absent, .foundAndHeld:
            return nil
        case .unknown:
            return refreshingLookup(named: name, thread: thread)
        }
    }

    /// The slow path after a change: looks `name` up under the lock and, once enough reads
    /// have come in since the last change, publishes a snapshot for every thread to cache.
    private func refreshingLookup(named name: String, thread: ThreadState) -> Registration? {
        let (registration, snapshot) = state.withLock { state in
            if state.published == nil {
                state.lockedReadsSinceChange += 1
                // Makes the next change copy the entries, O(n), once per n/4 reads: amortized O(1).
                if state.lockedReadsSinceChange >= max(8, state.entries.count / 4) {
                    state.published = Snapshot(entries: state.entries, generation: state.generation)
                }
            }
            return (state.entries[StoreKey(name)], state.published)
        }
        // Cached outside the lock: evicting an old snapshot may free services whose deinit
        // uses this container.
        if let snapshot {
            thread.cache(snapshot, container: serial)
        }
        return registration
    }
}

/// What a lookup found.
enum LookupAnswer {
    /// The registration, borrowed from the thread's cached snapshot.
    case found(BorrowedRegistration)
    /// A registration that a walk's visitor found and holds itself, wherever it found it
    /// (``Container/findRegistration(named:thread:)``, the creation context).
    case foundAndHeld
    /// No override is active and nothing on the lookup order registers the ID.
    case absent
    /// A cached snapshot cannot answer; look the registration up the general way.
    case unknown
}

/// A registration read from the calling thread's cached snapshot and not retained (rule 2).
struct BorrowedRegistration {
    private let registration: Borrowed<Registration>
    #if DEBUG
        /// The thread that borrowed it, and its cache epoch then, to check rule 2.
        private let thread: Borrowed<ThreadState>
        private let epoch: UInt64
    #endif

    @inline(__always)
    init(_ registration: Borrowed<Registration>, thread: ThreadState) {
        self.registration = registration
        #if DEBUG
            self.thread = Borrowed(thread)
            self.epoch = thread.cacheEpoch
        #endif
    }

    /// The registration's published singleton, if it is exactly a `Service`; reading it
    /// runs no code that could load.
    @inline(__always)
    func publishedSingleton<Service>(as _: Service.Type) -> Service? {
        checkValid()
        // A closure literal, so that it is inlined: through a closure parameter, the
        // unspecialized caller would look up `Service?`'s metadata on every load.
        return registration.withObject { $0.publishedSingleton(as: Service.self) }
    }

    /// What a read section of this registration announces (``ThreadState/beginRead(_:)``).
    @inline(__always)
    var readKey: ReadKey {
        ReadKey(registration) { $0.id.hashValue }
    }

    /// Whether the registration shares its services (singleton, weak, named scope), which
    /// loads may read in place; transient and graph services never are.
    @inline(__always)
    var isShared: Bool {
        checkValid()
        return registration.withObject { $0.isShared }
    }

    /// Whether a named scope resets its services: loaded in a factory, one may be captive.
    @inline(__always)
    var hasNamedScope: Bool {
        checkValid()
        return registration.withObject { $0.scopeName != nil }
    }

    /// The registration, retained, for code that may load.
    @inline(__always)
    var retained: Registration {
        checkValid()
        return registration.retained
    }

    @inline(__always)
    private func checkValid() {
        #if DEBUG
            assert(
                thread.retained === ThreadState.current && thread.retained.cacheEpoch == epoch,
                "a borrowed registration was used after its thread's cache changed, or on another thread")
        #endif
    }
}
