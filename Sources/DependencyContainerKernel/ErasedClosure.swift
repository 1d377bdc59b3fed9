/// A closure kept with its type erased, in two words, which only code that knows its type
/// reads back: a registration keeps its factory's closure inline, whatever service it makes,
/// and a load reads it back as the factory of the service type it checked.
@usableFromInline
package struct ErasedClosure: Sendable {
    /// The struct every wrapper is kept as: one closure, so that copies retain its context;
    /// never called.
    @usableFromInline
    struct Bits: Sendable {
        let function: @Sendable () -> Void
    }

    @usableFromInline
    let bits: Bits

    @inlinable @inline(__always)
    package init<Wrapper: Sendable>(erasing wrapper: Wrapper) {
        bits = unsafeBitCast(wrapper, to: Bits.self)
    }

    /// The wrapper, read back; only as the type it was erased from.
    @inlinable @inline(__always)
    package func unerased<Wrapper: Sendable>(as type: Wrapper.Type) -> Wrapper {
        unsafeBitCast(bits, to: Wrapper.self)
    }
}
