/// A closure kept with its type erased, in two words, which only code that knows its type
/// reads back: a registration keeps its factory's closure inline, whatever service it makes,
/// and a load reads it back as the factory of the service type it checked.
///
/// What is erased is a `Wrapper`: a struct whose only stored property is one closure (of any
/// signature). A generic struct stores its field at the abstraction of its generic
/// declaration whatever its arguments are, so its bits mean the same in specialized and
/// unspecialized code, where a bare closure's calling convention would depend on the types;
/// passing a bare closure as a generic argument would wrap it in a reabstraction thunk too.
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

    /// Erases `wrapper`'s type.
    ///
    /// - Parameter wrapper: A struct whose only stored property is a `@Sendable` closure.
    @inlinable @inline(__always)
    package init<Wrapper: Sendable>(erasing wrapper: Wrapper) {
        bits = unsafeBitCast(wrapper, to: Bits.self)
    }

    /// The wrapper, read back; only as the type it was erased from.
    ///
    /// - Parameter type: The `Wrapper` of ``init(erasing:)``.
    /// - Returns: The wrapper, sharing the closure's context.
    @inlinable @inline(__always)
    package func unerased<Wrapper: Sendable>(as type: Wrapper.Type) -> Wrapper {
        unsafeBitCast(bits, to: Wrapper.self)
    }
}
