#if DC_INTERLEAVING
    /// The calls that the core's synchronization points make in the `InterleavingChecks`
    /// build; each does nothing on a thread the checker does not control.
    ///
    /// Every call site is inside `#if DC_INTERLEAVING` in this kernel, so other builds
    /// contain none of this, and the core calls only the kernel's named points.
    @usableFromInline
    enum InterleavingHooks {
        /// Before an atomic operation: another checked thread may run first.
        @usableFromInline @inline(never)
        static func atomic() {
            let scheduler = InterleavingScheduler.shared
            guard let me = scheduler.currentIndex else { return }
            scheduler.yield(me)
        }

        /// Before locking `lock`; returns once locking it cannot block.
        @usableFromInline @inline(never)
        static func willLock(_ lock: UnsafeMutableRawPointer) {
            let scheduler = InterleavingScheduler.shared
            guard let me = scheduler.currentIndex else { return }
            scheduler.acquire(lock, by: me)
        }

        /// After unlocking `lock`.
        @usableFromInline @inline(never)
        static func didUnlock(_ lock: UnsafeMutableRawPointer) {
            let scheduler = InterleavingScheduler.shared
            guard let me = scheduler.currentIndex else { return }
            scheduler.release(lock, by: me)
        }

        /// Waits on `condition` in the model instead of in `pthread_cond_wait`, which would
        /// block the only running thread for good.
        ///
        /// - Parameters:
        ///   - condition: The condition variable.
        ///   - lock: The mutex, held by the caller.
        ///   - unlock: Unlocks the real mutex.
        ///   - relock: Locks the real mutex again.
        /// - Returns: `false` on a thread the checker does not control: wait for real.
        @usableFromInline @inline(never)
        static func waitForBroadcast(
            on condition: UnsafeMutableRawPointer, lock: UnsafeMutableRawPointer, unlock: () -> Void,
            relock: () -> Void
        ) -> Bool {
            let scheduler = InterleavingScheduler.shared
            guard let me = scheduler.currentIndex else { return false }
            unlock()
            scheduler.waitForBroadcast(on: condition, lock: lock, by: me)
            relock()
            return true
        }

        /// Waits in the model until `condition` holds, instead of spinning, which would keep
        /// the only running thread busy for good.
        ///
        /// - Parameter condition: Reads atomics only; the scheduler evaluates it with its
        ///   own mutex held.
        /// - Returns: `false` on a thread the checker does not control: spin for real.
        @usableFromInline @inline(never)
        static func waitUntil(_ condition: @escaping () -> Bool) -> Bool {
            let scheduler = InterleavingScheduler.shared
            guard let me = scheduler.currentIndex else { return false }
            scheduler.spin(until: condition, by: me)
            return true
        }

        /// Makes `lock`'s critical sections one scheduling step; see
        /// ``InterleavingScheduler/markOneStep(_:)``.
        @usableFromInline
        static func markOneStep(_ lock: UnsafeMutableRawPointer) {
            InterleavingScheduler.shared.markOneStep(lock)
        }

        /// Before broadcasting `condition`.
        @usableFromInline @inline(never)
        static func broadcast(on condition: UnsafeMutableRawPointer) {
            InterleavingScheduler.shared.broadcast(on: condition)
        }

        /// A reader is about to read the published box at `pointer` in place: a scheduling
        /// point, then the check that the box was not freed.
        ///
        /// - Returns: `false` if it was freed; the caller then reads nothing, so that the run
        ///   goes on without undefined behaviour and the explorer reports the failure.
        @usableFromInline @inline(never)
        static func mayRead(box pointer: UnsafeMutableRawPointer) -> Bool {
            atomic()
            let scheduler = InterleavingScheduler.shared
            guard scheduler.isFreed(pointer) else { return true }
            scheduler.fail("a reader saw a freed instance (box \(pointer))")
            return false
        }

        /// A service box was made at `pointer`.
        @usableFromInline
        static func boxMade(_ pointer: UnsafeMutableRawPointer) {
            InterleavingScheduler.shared.boxMade(pointer)
        }

        /// The box at `pointer` is being freed.
        @usableFromInline
        static func boxFreed(_ pointer: UnsafeMutableRawPointer) {
            InterleavingScheduler.shared.boxFreed(pointer)
        }

        /// Ends the calling thread's load for the reclaimer, for a thread the checker
        /// abandons after a deadlock.
        @usableFromInline
        static func abandonThread() {
            (ThreadStateSlot.existing(as: AnyObject.self) as? any ReadingThread)?.reader.clear()
        }

        /// Whether the checker injects a fault at `point` now: whether a switched-on defect
        /// acts there, on a checked thread.
        ///
        /// A defect acts only inside a checked run, so that the setup and the checks on the
        /// test's thread run the same code with and without it; the scheduler records the
        /// step at which it first acts (``InterleavingScheduler/stepBeforeDefect``). Callers
        /// ask only where the fault would change what the thread does.
        @usableFromInline
        static func injectsFault(at point: FaultPoint) -> Bool {
            let scheduler = InterleavingScheduler.shared
            guard InterleavingDefect.active.contains(where: { $0.point == point }),
                scheduler.currentIndex != nil
            else {
                return false
            }
            scheduler.defectActs()
            return true
        }
    }
#endif
