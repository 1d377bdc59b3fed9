/// One observer of one ID: the queue between the stores that apply changes and the handler
/// that hears of them.
///
/// An observer of a container subscribes to the container's store and to every store up its
/// parent chain. Each store appends what a change did to the ID (a ``StoreChange``) to the
/// observer's queue under its own lock, inside ``RegistrationStore/modify(_:)``, which fixes
/// the order; after unlocking, the writer calls ``drain()``. Only one thread drains an
/// observer at a time: a thread that finds it draining returns, and the draining loop picks
/// up what was queued meanwhile. So the handler never runs on two threads at once, never
/// runs under a lock, and a handler that writes queues its own change for after it returns
/// instead of deadlocking or recursing.
///
/// The drainer keeps the registration each store held at its last change (`levels`), so it
/// computes what the observed container's loads see, before and after each change, from the
/// changes alone: a parent's change that a nearer registration shadows changes nothing and
/// is dropped, and no store is read while delivering.
///
/// Lock order: a store's lock, then an observer's. The observer's lock is never held while
/// taking a store's lock or running a handler.
final class ChangeObserver: Sendable {
    /// What is observed: one registration, or an extension point's contributions.
    enum Subject: Sendable {
        case registration
        case contributions
    }

    /// What one write did to the observed ID in one store.
    struct StoreChange: Sendable {
        let previous: Registration?
        let current: Registration?
        /// Whether ``Container/reset(scope:)`` made the change.
        let isReset: Bool
    }

    /// What the handler is given.
    enum Change: Sendable {
        case registration(RegistrationChange)
        case contribution(ContributionChange)
    }

    /// The observed ID, or extension point name.
    let id: String
    let subject: Subject
    /// The stores subscribed to, nearest first, held weakly: an observer never keeps a
    /// container alive, and a store that goes ends its observers itself.
    private let stores: [WeakStore]
    private let state: LockedValue<State>
    /// Set once the observer ends; checked before each call of the handler, without a lock.
    private let isFinished = AtomicFlag()

    private struct State: Sendable {
        /// Changes not yet delivered, each with the depth of the store that made it.
        var queue: [(depth: Int, change: StoreChange)] = []
        /// Whether the subscription is complete: before, the levels are not all known.
        var isStarted = false
        var isDraining = false
        /// Whether the first event, the current state, is still to be delivered.
        var isInitialPending = true
        /// Each store's registration of the ID as of the last change delivered, nearest first.
        var levels: [Registration?] = []
        var handler: (@Sendable (Change) -> Void)?
        var onFinish: (@Sendable () -> Void)?
    }

    /// A store, held weakly.
    private struct WeakStore: Sendable {
        weak var store: RegistrationStore?
    }

    /// Makes an observer that is not yet subscribed; ``start(stores:)`` subscribes it.
    ///
    /// - Parameters:
    ///   - id: The ID or extension point name to observe.
    ///   - subject: Whether to report the registration or the contributions.
    ///   - stores: The observed container's store, then its ancestors', nearest first.
    ///   - handler: Receives each change, on the thread that drains.
    ///   - onFinish: Runs once when the observer ends, by cancellation or a store going.
    init(
        id: String, subject: Subject, stores: [RegistrationStore],
        handler: @escaping @Sendable (Change) -> Void, onFinish: (@Sendable () -> Void)?
    ) {
        self.id = id
        self.subject = subject
        self.stores = stores.map { WeakStore(store: $0) }
        state = LockedValue(State(handler: handler, onFinish: onFinish))
    }

    /// Subscribes to `stores` and delivers the current state, on this thread unless a
    /// change's writer drains first.
    ///
    /// Each store hands over its registration of the ID under the lock that orders its
    /// changes, so a change either is in that registration or reaches the queue after it.
    func start(stores: [RegistrationStore]) {
        var levels: [Registration?] = []
        for (depth, store) in stores.enumerated() {
            levels.append(store.addObserver(self, depth: depth))
        }
        state.withLock { state in
            state.levels = levels
            state.isStarted = true
        }
        drain()
    }

    /// Queues what a change did; called by a store, under its lock.
    func enqueue(_ change: StoreChange, depth: Int) {
        state.withLock { state in
            guard state.handler != nil else { return }
            state.queue.append((depth, change))
        }
    }

    /// Delivers the queued changes, unless another thread is delivering them already.
    ///
    /// Called with no lock held, by the writer after a change and by ``start(stores:)``.
    func drain() {
        let claimed = state.withLock { state -> Bool in
            guard state.isStarted, !state.isDraining, state.handler != nil else { return false }
            state.isDraining = true
            return true
        }
        guard claimed else { return }
        while true {
            // The whole queue at once: the changes are computed under the observer's lock,
            // which no writer waits on for long, and delivered outside it.
            let batch = state.withLock { state -> (changes: [Change], handler: @Sendable (Change) -> Void)? in
                guard let handler = state.handler,
                    state.isInitialPending || !state.queue.isEmpty
                else {
                    state.isDraining = false
                    return nil
                }
                var changes: [Change] = []
                if state.isInitialPending {
                    state.isInitialPending = false
                    changes.append(currentState(state.levels))
                }
                for (depth, change) in state.queue {
                    apply(change, depth: depth, to: &state.levels, into: &changes)
                }
                state.queue.removeAll(keepingCapacity: true)
                return (changes, handler)
            }
            guard let batch else { return }
            for change in batch.changes {
                guard !isFinished.load() else { break }
                batch.handler(change)
            }
        }
    }

    /// Ends the observer; idempotent.
    ///
    /// Its handler is not called again, its sequence finishes, and it leaves every store it
    /// observes.
    func finish() {
        // Taken out and released after unlocking: the handler and the queue may hold the last
        // references to services or registrations, whose deinit may use a container.
        let taken = state.withLock { state -> State? in
            guard state.handler != nil else { return nil }
            isFinished.store(true)
            defer {
                state.handler = nil
                state.onFinish = nil
                state.queue = []
            }
            return state
        }
        guard let taken else { return }
        for weakStore in stores {
            // A store being freed reads as nil here, and drops its list itself.
            weakStore.store?.removeObserver(self)
        }
        taken.onFinish?()
    }

    /// Whether the observer has ended.
    var hasFinished: Bool {
        isFinished.load()
    }

    // MARK: Computing changes

    /// The first event: what a load of the ID through the observed container uses now.
    private func currentState(_ levels: [Registration?]) -> Change {
        switch subject {
        case .registration:
            return .registration(
                .current(Self.effective(levels).map { Self.info($0.registration, $0.depth) }))
        case .contributions:
            return .contribution(
                .current(Self.merged(levels).map { Self.info($0.entry.registration, $0.depth) }))
        }
    }

    /// Applies `change` to the levels and appends what it changed for the observed container.
    private func apply(
        _ change: StoreChange, depth: Int, to levels: inout [Registration?], into changes: inout [Change]
    ) {
        switch subject {
        case .registration:
            let before = Self.effective(levels)
            levels[depth] = change.current
            let after = Self.effective(levels)
            guard before?.registration !== after?.registration else { return }
            switch (before, after) {
            case (nil, nil):
                return
            case (nil, let after?):
                changes.append(.registration(.added(Self.info(after.registration, after.depth))))
            case (let before?, nil):
                changes.append(.registration(.removed(Self.info(before.registration, before.depth))))
            case (let before?, let after?):
                if change.isReset && before.depth == depth && after.depth == depth {
                    changes.append(.registration(.reset(Self.info(after.registration, depth))))
                } else {
                    changes.append(
                        .registration(
                            .replaced(
                                previous: Self.info(before.registration, before.depth),
                                replacement: Self.info(after.registration, after.depth))))
                }
            }
        case .contributions:
            let before = Self.merged(levels)
            levels[depth] = change.current
            let after = Self.merged(levels)
            let beforeByName = Dictionary(uniqueKeysWithValues: before.map { ($0.entry.name, $0) })
            let afterNames = Set(after.map(\.entry.name))
            for old in before where !afterNames.contains(old.entry.name) {
                changes.append(
                    .contribution(
                        .removed(name: old.entry.name, Self.info(old.entry.registration, old.depth))))
            }
            for new in after {
                let info = Self.info(new.entry.registration, new.depth)
                guard let old = beforeByName[new.entry.name] else {
                    changes.append(.contribution(.added(name: new.entry.name, info)))
                    continue
                }
                guard old.entry.registration !== new.entry.registration else { continue }
                if change.isReset && old.depth == depth && new.depth == depth {
                    changes.append(.contribution(.reset(name: new.entry.name, info)))
                } else {
                    changes.append(
                        .contribution(
                            .replaced(
                                name: new.entry.name, previous: Self.info(old.entry.registration, old.depth),
                                replacement: info)))
                }
            }
        }
    }

    /// The registration a load finds: the nearest level's.
    private static func effective(_ levels: [Registration?]) -> (registration: Registration, depth: Int)? {
        for (depth, registration) in levels.enumerated() {
            if let registration { return (registration, depth) }
        }
        return nil
    }

    /// The contributions a load of the point uses, in load order: the nearest of each name,
    /// as `Container.contributionEntries` merges them; a level whose registration is not a
    /// point contributes nothing.
    ///
    /// - Complexity: O(*n* log *n*) in the contributions of every level.
    private static func merged(_ levels: [Registration?]) -> [(entry: ContributionSet.Entry, depth: Int)] {
        var seen = Set<String>()
        var merged: [(entry: ContributionSet.Entry, depth: Int)] = []
        var sets = 0
        for (depth, registration) in levels.enumerated() {
            guard let set = registration?.contributions else { continue }
            sets += 1
            for entry in set.entries where seen.insert(entry.name).inserted {
                merged.append((entry, depth))
            }
        }
        // One set is in load order already.
        if sets > 1 { merged.sort { ContributionSet.precedes($0.entry, $1.entry) } }
        return merged
    }

    /// The description of `registration`, found `depth` containers above the observed one.
    private static func info(_ registration: Registration, _ depth: Int) -> RegistrationInfo {
        let info = registration.info
        guard depth > 0 else { return info }
        return RegistrationInfo(
            id: info.id, serviceType: info.serviceType, provider: info.provider, scope: info.scope,
            isolation: info.isolation, isInherited: true)
    }
}
