import DependencyContainerKernel

/// A container's decorators (``Container/decorateCreations(_:)``), in the order added.
final class CreationDecorators: Sendable {
    typealias Decorator = @Sendable (CreatedService) -> Void

    /// One decorator, with the flag its cancellation sets.
    final class Entry: Sendable {
        let key: UInt64
        let decorator: Decorator
        let isCancelled = AtomicFlag()

        init(key: UInt64, decorator: @escaping Decorator) {
            self.key = key
            self.decorator = decorator
        }
    }

    private struct State: Sendable {
        var nextKey: UInt64 = 0
        var entries: [Entry] = []
    }

    private let state = LockedValue(State())
    /// How many decorators the list has, read without the lock by every creation.
    private let count = AtomicCounter(0)

    /// Whether the list has a decorator: one relaxed read.
    @inline(__always)
    var isEmpty: Bool { count.loadRelaxed() == 0 }

    /// Adds `decorator` last.
    func add(_ decorator: @escaping Decorator) -> UInt64 {
        state.withLock { state in
            state.nextKey += 1
            state.entries.append(Entry(key: state.nextKey, decorator: decorator))
            count.store(UInt64(state.entries.count))
            return state.nextKey
        }
    }

    /// Removes the decorator added with `key`; nothing when it is gone already.
    func remove(_ key: UInt64) {
        // Released after unlocking: the closure may hold the last reference to something
        // whose deinit uses a container.
        let removed = state.withLock { state -> [Entry] in
            let removed = state.entries.filter { $0.key == key }
            state.entries.removeAll { $0.key == key }
            count.store(UInt64(state.entries.count))
            return removed
        }
        for entry in removed { entry.isCancelled.store(true) }
    }

    /// The decorators, in the order added: a new array, filled while the lock is held.
    var current: [Entry] {
        state.withLock { state in state.entries.map { $0 } }
    }
}
