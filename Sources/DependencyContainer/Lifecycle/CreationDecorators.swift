/// A container's decorators (``Container/decorateCreations(_:)``), in the order added.
final class CreationDecorators: Sendable {
    typealias Decorator = @Sendable (CreatedService) -> Void

    /// One decorator, with the flag its cancellation sets.
    final class Entry: Sendable {
        let decorator: Decorator
        let isCancelled = AtomicFlag()

        init(_ decorator: @escaping Decorator) {
            self.decorator = decorator
        }
    }

    private let entries = LockedValue<[Entry]>([])
    /// How many decorators the list has, read without the lock by every creation.
    private let count = AtomicCounter(0)

    /// Whether the list has a decorator: one relaxed read.
    @inline(__always)
    var isEmpty: Bool { count.loadRelaxed() == 0 }

    /// Adds `decorator` last; ``remove(_:)`` takes out what this returns.
    func add(_ decorator: @escaping Decorator) -> Entry {
        let entry = Entry(decorator)
        entries.withLock { entries in
            entries.append(entry)
            count.store(UInt64(entries.count))
        }
        return entry
    }

    /// Removes `entry`, which the caller holds, so that its closure is not released under the
    /// lock; nothing when it is gone already.
    func remove(_ entry: Entry) {
        entries.withLock { entries in
            entries.removeAll { $0 === entry }
            count.store(UInt64(entries.count))
        }
        entry.isCancelled.store(true)
    }

    /// The decorators, in the order added: a new array, filled while the lock is held.
    var current: [Entry] {
        entries.withLock { $0.map { $0 } }
    }
}
