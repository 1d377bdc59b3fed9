/// A fixed number of values at an address that never moves, read and written without
/// exclusivity checks or reference counting: a thread's cache of snapshots, one per container.
///
/// Only one thread may use a buffer (the thread whose state holds it); its values should be
/// trivial, such as structs of integers and ``Borrowed`` references, so that reading a slot
/// touches no reference count. A plain allocation rather than an object, so that a slot's
/// address is one add from the owner's field: the load path walks the slots once per
/// container of the lookup order.
///
/// The owner frees it, once, from its `deinit` (``deallocate()``); copies share the slots.
@usableFromInline
package struct SlotBuffer<Element> {
    @usableFromInline
    let slots: UnsafeMutablePointer<Element>
    @usableFromInline
    let count: Int

    /// Creates `count` slots holding `value`.
    ///
    /// - Parameters:
    ///   - value: What every slot holds at first.
    ///   - count: How many slots there are; it never changes.
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
