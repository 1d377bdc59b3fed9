/// One observer of one ID: the queue between the stores that apply changes and the handler.
///
/// Each store appends its changes under its own lock, which fixes their order; one thread drains
/// at a time, outside every lock, so the handler never overlaps itself and a handler that writes
/// queues instead of recursing. `levels` lets the drainer compute what loads see from the changes
/// alone (a registration is the contribution named `""`). Lock order: a store's, then an observer's.
final class ChangeObserver: Sendable {
    /// What is observed: one registration, or an extension point's contributions.
    enum Subject: Sendable {
        case registration, contributions
    }

    /// The observed ID, or extension point name.
    let id: String
    let subject: Subject
    /// The stores subscribed to, nearest first, held weakly: an observer never keeps a
    /// container alive, and a store that goes ends its observers itself.
    private let stores: [WeakStore]
    private let state: LockedValue<State>
    /// Set once the observer ends; checked before each call of the handler, without a lock.
    let isFinished = AtomicFlag()

    private struct State: Sendable {
        /// What writes made the ID in a store, not yet delivered, each with the store's depth and
        /// whether ``Container/reset(scope:)`` made it.
        var queue: [(depth: Int, current: Registration?, isReset: Bool)] = []
        /// Whether a thread delivers: the subscriber until it has delivered the current state and
        /// the changes queued meanwhile, and an ended observer for good.
        var isDraining = true
        /// Each store's registration of the ID as of the last change delivered, nearest first.
        var levels: [Registration?] = []
        var handler: (@Sendable (ContributionChange) -> Void)?
        var onFinish: (@Sendable () -> Void)?
    }

    /// Subscribes to `stores`, nearest first, and delivers the current state.
    ///
    /// Each store hands over its registration under the lock that orders its changes: a change
    /// is in it or queued after.
    init(
        id: String, subject: Subject, stores: [RegistrationStore],
        handler: @escaping @Sendable (ContributionChange) -> Void, onFinish: (@Sendable () -> Void)?
    ) {
        self.id = id
        self.subject = subject
        self.stores = stores.map { WeakStore(store: $0) }
        state = LockedValue(State(handler: handler, onFinish: onFinish))
        let levels = stores.enumerated().map { $1.addObserver(self, depth: $0) }
        state.withLock { $0.levels = levels }
        handler(.current(visible(levels).map { Self.info($0.registration, $0.depth) }))
        deliver()
    }

    /// Queues what a write made the ID in the store at `depth`; called by a store, under its lock.
    func enqueue(_ current: Registration?, isReset: Bool, depth: Int) {
        state.withLock { state in
            if state.handler != nil { state.queue.append((depth, current, isReset)) }
        }
    }

    /// Delivers the queued changes, unless another thread is delivering them already; called
    /// with no lock held.
    func drain() {
        let claimed = state.withLock { state in
            defer { state.isDraining = true }
            return !state.isDraining
        }
        if claimed { deliver() }
    }

    /// Delivers until the queue is empty, by the thread that claimed the delivery.
    private func deliver() {
        while let batch = state.withLock({
            state -> (changes: [ContributionChange], handler: @Sendable (ContributionChange) -> Void)? in
            guard let handler = state.handler, !state.queue.isEmpty else {
                state.isDraining = false
                return nil
            }
            var changes: [ContributionChange] = []
            for (depth, current, isReset) in state.queue {
                apply(current, isReset: isReset, depth: depth, to: &state.levels, into: &changes)
            }
            state.queue.removeAll(keepingCapacity: true)
            return (changes, handler)
        }) {
            for change in batch.changes {
                guard !isFinished.load() else { break }
                batch.handler(change)
            }
        }
    }

    /// Ends the observer, once: no more calls, its sequence finishes, it leaves its stores.
    func finish() {
        // Taken out and released after unlocking: the handler and the queue may hold the last
        // references to services or registrations, whose deinit may use a container.
        let taken = state.withLock { state -> State? in
            guard state.handler != nil else { return nil }
            isFinished.store(true)
            defer { state = State() }
            return state
        }
        guard let taken else { return }
        // A store being freed reads as nil here, and drops its list itself.
        for weakStore in stores {
            weakStore.store?.removeObserver(self)
        }
        taken.onFinish?()
    }

    /// What a load through the observed container uses, in load order, each with its name
    /// (`""` for a registration) and the depth of its store.
    private func visible(_ levels: [Registration?]) -> [(
        name: String, registration: Registration, depth: Int
    )] {
        guard subject == .contributions else {
            guard let depth = levels.firstIndex(where: { $0 != nil }) else { return [] }
            return [("", levels[depth]!, depth)]
        }
        var seen = Set<String>()
        var merged: [(entry: ContributionSet.Entry, depth: Int)] = []
        for (depth, registration) in levels.enumerated() {
            for entry in registration?.contributions?.entries ?? [] where seen.insert(entry.name).inserted {
                merged.append((entry, depth))
            }
        }
        return merged.sorted { ContributionSet.precedes($0.entry, $1.entry) }
            .map { ($0.entry.name, $0.entry.registration, $0.depth) }
    }

    /// Applies `change` to the levels and appends what it changed for the observed container:
    /// removals first, then additions, replacements and resets in load order.
    private func apply(
        _ current: Registration?, isReset: Bool, depth: Int, to levels: inout [Registration?],
        into changes: inout [ContributionChange]
    ) {
        let before = visible(levels)
        levels[depth] = current
        let after = visible(levels)
        let beforeByName = Dictionary(uniqueKeysWithValues: before.map { ($0.name, $0) })
        let afterNames = Set(after.map(\.name))
        for old in before where !afterNames.contains(old.name) {
            changes.append(.removed(name: old.name, Self.info(old.registration, old.depth)))
        }
        for new in after {
            let info = Self.info(new.registration, new.depth)
            switch beforeByName[new.name] {
            case nil: changes.append(.added(name: new.name, info))
            case let old? where old.registration === new.registration: continue
            case let old? where isReset && old.depth == depth && new.depth == depth:
                changes.append(.reset(name: new.name, info))
            case let old?:
                let previous = Self.info(old.registration, old.depth)
                changes.append(.replaced(name: new.name, previous: previous, replacement: info))
            }
        }
    }

    /// The description of `registration`, found `depth` containers above the observed one.
    private static func info(_ registration: Registration, _ depth: Int) -> RegistrationInfo {
        var info = registration.info
        info.isInherited = depth > 0
        return info
    }
}

/// A store, held weakly: by its observers, and by the contexts' activation.
struct WeakStore: Sendable {
    weak var store: RegistrationStore?
}
