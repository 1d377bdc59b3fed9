#if DC_INTERLEAVING
    /// What the interleaving checker (the test-only target `DependencyContainerInterleavingChecker`)
    /// does at the kernel's synchronization points; it installs itself in
    /// ``InterleavingHooks/control`` before a checked run.
    package protocol InterleavingControl: AnyObject, Sendable {
        /// The calling thread's index if the checker runs it, else `nil`.
        var currentIndex: Int? { get }
        func yield(_ me: Int)
        func acquire(_ lock: UnsafeMutableRawPointer, by me: Int)
        func release(_ lock: UnsafeMutableRawPointer, by me: Int)
        func waitForBroadcast(
            on condition: UnsafeMutableRawPointer, lock: UnsafeMutableRawPointer, by me: Int)
        func spin(until condition: @escaping () -> Bool, by me: Int)
        func markOneStep(_ lock: UnsafeMutableRawPointer)
        func broadcast(on condition: UnsafeMutableRawPointer)
        func isFreed(_ pointer: UnsafeMutableRawPointer) -> Bool
        func boxMade(_ pointer: UnsafeMutableRawPointer)
        func boxFreed(_ pointer: UnsafeMutableRawPointer)
        func fail(_ message: String)
        /// Whether a switched-on defect acts at `point` on the calling checked thread; records
        /// the step at which one first does.
        func injectsFault(at point: FaultPoint) -> Bool
    }

    /// The calls the kernel's synchronization points make in the `InterleavingChecks` build.
    ///
    /// Each does nothing on a thread the checker does not run; other builds contain none of this.
    @usableFromInline
    package enum InterleavingHooks {
        /// Set by the checker's test thread while no checked thread runs; learns the one-step
        /// locks marked before it was set (the lock stripes are made at the first load).
        nonisolated(unsafe) package static var control: (any InterleavingControl)? {
            didSet { for lock in oneStepLocks { control?.markOneStep(lock) } }
        }
        nonisolated(unsafe) private static var oneStepLocks: [UnsafeMutableRawPointer] = []

        /// The installed checker and the calling thread's index, if the checker runs it.
        private static var checked: (control: any InterleavingControl, me: Int)? {
            guard let control, let me = control.currentIndex else { return nil }
            return (control, me)
        }

        @usableFromInline @inline(never)
        static func atomic() {
            if let (control, me) = checked { control.yield(me) }
        }

        /// Before locking `lock`; returns once locking it cannot block.
        @usableFromInline @inline(never)
        static func willLock(_ lock: UnsafeMutableRawPointer) {
            if let (control, me) = checked { control.acquire(lock, by: me) }
        }

        @usableFromInline @inline(never)
        static func didUnlock(_ lock: UnsafeMutableRawPointer) {
            if let (control, me) = checked { control.release(lock, by: me) }
        }

        /// Waits on `condition` in the model instead of in `pthread_cond_wait`, which would block
        /// the only running thread for good; `false` on an unchecked thread: wait for real.
        @usableFromInline @inline(never)
        static func waitForBroadcast(
            on condition: UnsafeMutableRawPointer, lock: UnsafeMutableRawPointer, unlock: () -> Void,
            relock: () -> Void
        ) -> Bool {
            guard let (control, me) = checked else { return false }
            unlock()
            control.waitForBroadcast(on: condition, lock: lock, by: me)
            relock()
            return true
        }

        /// Waits in the model until `condition` (which reads atomics only) holds, instead of
        /// spinning; `false` on an unchecked thread: spin for real.
        @usableFromInline @inline(never)
        static func waitUntil(_ condition: @escaping () -> Bool) -> Bool {
            guard let (control, me) = checked else { return false }
            control.spin(until: condition, by: me)
            return true
        }

        /// Makes `lock`'s critical sections one scheduling step.
        @usableFromInline
        static func markOneStep(_ lock: UnsafeMutableRawPointer) {
            oneStepLocks.append(lock)
            control?.markOneStep(lock)
        }

        @usableFromInline @inline(never)
        static func broadcast(on condition: UnsafeMutableRawPointer) {
            control?.broadcast(on: condition)
        }

        /// A reader is about to read the published box at `pointer` in place: a scheduling point,
        /// then the check that it was not freed; `false` if it was, and the caller reads nothing.
        @usableFromInline @inline(never)
        static func mayRead(box pointer: UnsafeMutableRawPointer) -> Bool {
            atomic()
            guard let control, control.isFreed(pointer) else { return true }
            control.fail("a reader saw a freed instance (box \(pointer))")
            return false
        }

        @usableFromInline
        static func boxMade(_ pointer: UnsafeMutableRawPointer) { control?.boxMade(pointer) }

        @usableFromInline
        static func boxFreed(_ pointer: UnsafeMutableRawPointer) { control?.boxFreed(pointer) }

        /// Ends the calling thread's load for the reclaimer, for a thread the checker abandons
        /// after a deadlock.
        package static func abandonThread() {
            (ThreadStateSlot.existing(as: AnyObject.self) as? any ReadingThread)?.reader.clear()
        }

        /// Whether the checker injects a fault at `point` now (only inside a checked run, so the
        /// setup and the test thread's checks run the same code with and without the defect).
        @usableFromInline
        static func injectsFault(at point: FaultPoint) -> Bool {
            guard let (control, _) = checked else { return false }
            return control.injectsFault(at: point)
        }
    }

    /// A named point of the kernel at which the checker may inject a fault.
    @usableFromInline
    package enum FaultPoint: Sendable, Hashable {
        /// ``AtomicCounter/advance(_:)``: the fault leaves the generation as it was.
        case generationAdvance
        /// ``ReaderRecord/announce()``: the fault leaves the record quiescent.
        case readerAnnounce
        /// ``InstanceReclaimer/retire(_:keys:skipping:reclaim:)``: the fault frees what a load holds back.
        case readerScan
        /// ``CreationGate/takesPublished()``: the fault creates the service again.
        case creationRecheck
        /// ``CreationGate/cycleBeforeWaiting(_:)``: the fault skips following the wait chain.
        case waitCycleCheck
    }

    /// Records a failed check of a scenario, from a checked thread or from the test's own.
    @usableFromInline
    package func interleavingCheck(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { InterleavingHooks.control?.fail(message()) }
    }
#endif
