/// A fixed number of values at an address that never moves, read and written without
/// exclusivity checks or reference counting: a thread's cache of snapshots, one per container.
@usableFromInline
package struct SlotBuffer<Element> {
    @usableFromInline
    let slots: UnsafeMutablePointer<Element>
    @usableFromInline
    let count: Int

    package init(filledWith value: Element, count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: value, count: count)
        self.count = count
    }

    /// Frees the slots: only from the owner's `deinit`, after its last use of them.
    package func deallocate() {
        slots.deinitialize(count: count)
        slots.deallocate()
    }

    /// The value in slot `index`, which must be less than the count.
    @inlinable
    package subscript(index: Int) -> Element {
        @inline(__always) get {
            assert(index >= 0 && index < count, "slot \(index) out of range")
            return slots[index]
        }
        @inline(__always) nonmutating set {
            assert(index >= 0 && index < count, "slot \(index) out of range")
            slots[index] = newValue
        }
    }
}
