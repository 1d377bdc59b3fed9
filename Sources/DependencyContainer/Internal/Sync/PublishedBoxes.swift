/// Reads a published singleton's box in place, without retaining it: the window between
/// loading the box's pointer and reading its value, in which only the reclaimer keeps the
/// box alive (rule 3 of ``RegistrationStore``).
///
/// Named so that the interleaving checker can switch threads in that window and check that
/// the box was not freed; in other builds it is the read alone.
enum UnretainedRead {
    /// Reads the box at `pointer` with `read`.
    ///
    /// Only between ``ThreadState/beginRead(_:)`` and ``ThreadState/endRead()``.
    ///
    /// - Parameters:
    ///   - pointer: A box published by a registration, loaded inside the current read.
    ///   - read: Reads the value out of the box, without retaining the box.
    /// - Returns: What `read` returns; in the checker's build `nil` if the box was freed,
    ///   so that the run goes on without undefined behaviour and the checker reports it.
    @inline(__always)
    static func value<Value>(
        inBoxAt pointer: UnsafeMutableRawPointer, _ read: (UnsafeMutableRawPointer) -> Value
    ) -> Value? {
        #if DC_INTERLEAVING
            guard InterleavingHooks.mayRead(box: pointer) else { return nil }
        #endif
        return read(pointer)
    }
}

/// Tells the interleaving checker when service boxes are made and freed, so that an
/// ``UnretainedRead`` of a freed box is reported; in other builds it does nothing.
enum BoxLifetimeTracking {
    /// A box was made; called at the end of its initializer.
    ///
    /// - Parameter box: The box.
    @inline(__always)
    static func made(_ box: AnyObject) {
        #if DC_INTERLEAVING
            InterleavingHooks.boxMade(Unmanaged.passUnretained(box).toOpaque())
        #endif
    }

    /// A box is being freed; called from its `deinit`.
    ///
    /// - Parameter box: The box.
    @inline(__always)
    static func freed(_ box: AnyObject) {
        #if DC_INTERLEAVING
            InterleavingHooks.boxFreed(Unmanaged.passUnretained(box).toOpaque())
        #endif
    }

    /// Checks a rule of publishing boxes: the checker reports a broken one with the schedule
    /// that led to it and explores on; other builds assert.
    ///
    /// - Parameters:
    ///   - condition: The rule; evaluated only in debug builds and the checker's.
    ///   - message: What went wrong.
    ///   - file: The caller's file, for the assertion's report.
    ///   - line: The caller's line.
    @inline(__always)
    static func expect(
        _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
        file: StaticString = #fileID, line: UInt = #line
    ) {
        #if DC_INTERLEAVING
            interleavingCheck(condition(), message())
        #else
            assert(condition(), message(), file: file, line: line)
        #endif
    }
}
