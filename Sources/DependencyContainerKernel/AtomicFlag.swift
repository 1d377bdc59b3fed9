/// A Boolean that threads read without a lock: whether a rarely changed option is set.
///
/// Checked before the work the option asks for (building a diagnostics event, say), so that
/// the common case, the option unset, costs one atomic load.
///
/// ```swift
/// let hasHandler = AtomicFlag()
/// hasHandler.store(true)
/// if hasHandler.load() { print("report") }
/// ```
///
/// Copies share the one value, like references to an object.
@usableFromInline
package struct AtomicFlag: Sendable {
    @usableFromInline
    let word: AtomicCounter

    /// Creates a flag holding `value`.
    ///
    /// - Parameter value: The initial value.
    package init(_ value: Bool = false) {
        word = AtomicCounter(value ? 1 : 0)
    }

    /// Reads the flag; later reads and writes of this thread are not moved before it.
    ///
    /// - Returns: The value.
    @inlinable @inline(__always)
    package func load() -> Bool {
        word.load() != 0
    }

    /// Sets the flag; earlier reads and writes of this thread are not moved after it.
    ///
    /// - Parameter value: The new value.
    @inlinable @inline(__always)
    package func store(_ value: Bool) {
        word.store(value ? 1 : 0)
    }
}
