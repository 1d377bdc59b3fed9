/// A Boolean that threads read without a lock: whether a rarely changed option is set.
@usableFromInline
package struct AtomicFlag: Sendable {
    @usableFromInline
    let word: AtomicCounter

    package init(_ value: Bool = false) {
        word = AtomicCounter(value ? 1 : 0)
    }

    /// Reads the flag; later reads and writes of this thread are not moved before it.
    @inlinable @inline(__always)
    package func load() -> Bool {
        word.load() != 0
    }

    /// Sets the flag; earlier reads and writes of this thread are not moved after it.
    @inlinable @inline(__always)
    package func store(_ value: Bool) {
        word.store(value ? 1 : 0)
    }
}
