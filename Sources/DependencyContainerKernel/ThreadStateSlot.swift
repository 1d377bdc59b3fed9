#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The slot in which each thread keeps its state object (the core's `ThreadState`): made on
/// the thread's first use, released when the thread exits, and reached by the load fast path
/// without a reference count.
@usableFromInline
package enum ThreadStateSlot {
    /// The calling thread's state, made with `make` on first use, borrowed: the thread keeps
    /// it alive until it exits, and the load fast path saves a retain and a release.
    @inlinable @inline(__always)
    package static func current<State: AnyObject>(orMake make: () -> State) -> Borrowed<State> {
        if let key {
            if let pointer = pthread_getspecific(key) {
                return Borrowed(Unmanaged<State>.fromOpaque(pointer))
            }
            return install(make(), key: key)
        }
        return Borrowed(fallbackState(orMake: make)!)
    }

    /// The calling thread's state if it has one; never makes one, so it may be used while the
    /// thread exits.
    @inlinable
    package static func existing<State: AnyObject>(as type: State.Type) -> State? {
        guard let key else { return fallbackState { nil } }
        return pthread_getspecific(key).map { Unmanaged<State>.fromOpaque($0).takeUnretainedValue() }
    }

    /// Keeps `state` in the slot of the calling thread, which releases it when it exits.
    @inlinable @inline(never)
    static func install<State: AnyObject>(_ state: State, key: pthread_key_t) -> Borrowed<State> {
        let retained = Unmanaged.passRetained(state)
        pthread_setspecific(key, retained.toOpaque())
        return Borrowed(retained)
    }

    /// The calling thread's state when the process has run out of thread-specific keys:
    /// made with `make` on first use, unless `make` makes none.
    @usableFromInline
    static func fallbackState<State: AnyObject>(orMake make: () -> State?) -> State? {
        fallbackStates.withLock { states in
            // A checked cast: the slot holds one type of state.
            if let state = states[currentThread] { return (state.value as! State) }
            let state = make()
            states[currentThread] = state.map { UncheckedState(value: $0) }
            return state
        }
    }

    /// The key under which each thread keeps its state, or `nil` if the process has run out
    /// of thread-specific keys.
    @inlinable @inline(__always)
    static var key: pthread_key_t? {
        // The key plus one; 0 before the first use and when no key could be created.
        let mirrored = GlobalAtomicWord.threadStateKey.load()
        if mirrored != 0 { return pthread_key_t(mirrored - 1) }
        return createdKey()
    }

    /// The key, created on first use, mirrored.
    @usableFromInline @inline(never)
    static func createdKey() -> pthread_key_t? {
        guard let key = threadStateKey else { return nil }
        GlobalAtomicWord.threadStateKey.store(UInt64(key) + 1)
        return key
    }

    private static var currentThread: UInt {
        #if canImport(Darwin)
            UInt(bitPattern: pthread_self())
        #else
            UInt(pthread_self())
        #endif
    }
}

/// `@unchecked Sendable`: each state is used only by the thread whose ID keys it.
private struct UncheckedState: @unchecked Sendable {
    let value: AnyObject
}

private let fallbackStates = LockedValue<[UInt: UncheckedState]>([:])

/// Created once, on first use; `nil` if no key could be created.
private let threadStateKey: pthread_key_t? = {
    var key = pthread_key_t()
    // Releases the reference `install` passed in; any class's object is released the same way.
    // The pointer is optional on Linux only: `Optional(_:)` and `flatMap` read it on both.
    let status = pthread_key_create(&key) { pointer in
        guard let pointer = Optional(pointer).flatMap({ $0 }) else { return }
        Unmanaged<AnyObject>.fromOpaque(pointer).release()
    }
    return status == 0 ? key : nil
}()
