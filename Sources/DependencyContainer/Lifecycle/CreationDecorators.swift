/// A container's decorators (``Container/decorateCreations(_:)``), in the order added.
final class CreationDecorators: Sendable {
    typealias Decorator = @Sendable (CreatedService) -> Void

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

    @inline(__always)
    var isEmpty: Bool { count.loadRelaxed() == 0 }

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

    /// A copy, made under the lock.
    var current: [Entry] {
        entries.withLock { $0.map { $0 } }
    }
}
