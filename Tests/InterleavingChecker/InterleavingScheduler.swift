#if DC_INTERLEAVING
    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Musl)
        import Musl
    #elseif canImport(Darwin)
        import Darwin
    #endif
    import DependencyContainerKernel

    /// Runs checked threads one at a time, handing the baton over only at synchronization
    /// points, and models the package's locks and conditions so that no checked thread ever
    /// blocks in a real pthread call.
    ///
    /// Compiled only with the `InterleavingChecks` trait. Each checked thread is a real thread
    /// that waits until it holds the baton; at every hook (``InterleavingHooks``) the thread
    /// that holds it asks ``decide`` which enabled thread runs next. A thread waiting for a lock
    /// another checked thread holds, or waiting on a condition no one broadcast yet, is not
    /// enabled; the real `pthread_mutex_lock` runs only once the model says it cannot block.
    ///
    /// It uses raw pthread primitives, not ``LockedValue``, whose hooks call back in here.
    ///
    /// `@unchecked Sendable`: every stored property except the immutable `mutex`, `condition`
    /// and `key` is read and written with `mutex` held.
    package final class InterleavingScheduler: InterleavingControl, @unchecked Sendable {
        package static let shared = InterleavingScheduler()

        /// Where a checked thread is.
        enum Status: Equatable {
            case runnable
            case wantsLock(UnsafeMutableRawPointer)
            /// Waits on `condition`, then wants `lock` again.
            case waiting(condition: UnsafeMutableRawPointer, lock: UnsafeMutableRawPointer)
            /// Spins until its predicate (in `spinConditions`) holds: a writer waiting for a
            /// reader's read section to end.
            case spinning
            case finished
        }

        /// What the explorer decides at a scheduling point.
        struct Decision {
            /// The threads that may run next, ascending.
            let enabled: [Int]
            /// The thread that holds the baton, if it may go on: choosing another preempts it.
            let current: Int?
        }

        private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
        /// Each checked thread's index plus one, as the specific value's bit pattern.
        private let key: pthread_key_t

        private var statuses: [Status] = []
        private var lockOwners: [UnsafeMutableRawPointer: Int] = [:]
        /// What each spinning thread waits for; read with `mutex` held, and only atomic loads.
        private var spinConditions: [Int: () -> Bool] = [:]
        /// Locks whose critical sections run as one step (``markOneStep(_:)``).
        private var oneStepLocks: Set<UnsafeMutableRawPointer> = []
        /// How many one-step sections each thread is in; it is not preempted inside.
        private var oneStepDepth: [Int] = []
        /// The thread that may run; -1 before the first decision, -2 after a deadlock.
        private var baton = -1
        /// The finished thread that may exit now; they exit one at a time.
        private var exitTurn = -1
        /// How many threads of a deadlocked run have given up for good.
        private var abandoned = 0
        private var decide: (Decision) -> Int = { $0.current ?? $0.enabled[0] }
        private var failures: [String] = []
        /// How many scheduling decisions the run in progress has made.
        private var decisions = 0
        /// How many decisions came before a switched-on defect first changed what a checked
        /// thread does; `nil` while none has.
        private var defectStep: Int?
        /// Boxes freed since they were made, to catch a read of a freed service before it happens.
        private var freedBoxes: Set<UnsafeMutableRawPointer> = []

        private init() {
            mutex.initialize(to: pthread_mutex_t())
            condition.initialize(to: pthread_cond_t())
            pthread_mutex_init(mutex, nil)
            pthread_cond_init(condition, nil)
            var key = pthread_key_t()
            precondition(pthread_key_create(&key, nil) == 0, "no thread-specific key for the scheduler")
            self.key = key
        }

        /// The calling thread's index if it is a checked thread of the run in progress.
        package var currentIndex: Int? {
            pthread_getspecific(key).map { Int(bitPattern: $0) - 1 }
        }

        // MARK: Runs

        /// Runs `bodies`, each on its own checked thread, with `decide` choosing at every
        /// scheduling point; returns the failures recorded, empty if none.
        ///
        /// After every body returned, the threads exit one by one, unchecked, so that what
        /// their thread-local state frees at exit happens in the same order on every run.
        /// After a deadlock the threads that did not finish are abandoned
        /// (``abandon()``), parked for good.
        func execute(_ bodies: [@Sendable () -> Void], decide: @escaping (Decision) -> Int) -> [String] {
            withMutex {
                statuses = Array(repeating: .runnable, count: bodies.count)
                oneStepDepth = Array(repeating: 0, count: bodies.count)
                lockOwners = [:]
                spinConditions = [:]
                baton = -1
                exitTurn = -1
                abandoned = 0
                failures = []
                decisions = 0
                defectStep = nil
                self.decide = decide
            }
            let threads = bodies.enumerated().map { index, body in
                startThread { [self] in
                    pthread_setspecific(key, UnsafeMutableRawPointer(bitPattern: index + 1))
                    withMutex { waitForBaton(index) }
                    body()
                    finish(index)
                }
            }
            let finished = withMutex { () -> [Bool] in
                baton = decide(Decision(enabled: Array(bodies.indices), current: nil))
                decisions += 1
                pthread_cond_broadcast(condition)
                while baton != -2 && statuses.contains(where: { $0 != .finished }) {
                    pthread_cond_wait(condition, mutex)
                }
                // After a deadlock, the blocked threads leave the run before the next begins.
                let stuck = statuses.filter { $0 != .finished }.count
                while abandoned < stuck { pthread_cond_wait(condition, mutex) }
                return statuses.map { $0 == .finished }
            }
            for (index, thread) in threads.enumerated() where finished[index] {
                withMutex {
                    exitTurn = index
                    pthread_cond_broadcast(condition)
                }
                pthread_join(thread, nil)
            }
            return withMutex { failures }
        }

        /// The failures recorded since the last run began, which it forgets.
        func takeFailures() -> [String] {
            withMutex {
                defer { failures = [] }
                return failures
            }
        }

        /// How many scheduling decisions the last run made before a switched-on defect first
        /// changed what a checked thread does, or `nil` if no defect did.
        ///
        /// Up to that point the run executed the same code as it would have without the defect.
        var stepBeforeDefect: Int? {
            withMutex { defectStep }
        }

        /// Records that a switched-on defect changes what the calling checked thread does
        /// from here on.
        func defectActs() {
            withMutex {
                if defectStep == nil { defectStep = decisions }
            }
        }

        package func injectsFault(at point: FaultPoint) -> Bool {
            guard InterleavingDefect.active.contains(where: { $0.point == point }) else { return false }
            defectActs()
            return true
        }

        /// Records a failed check; the run goes on, and the explorer reports it at the end.
        package func fail(_ message: String) {
            withMutex { failures.append(message) }
        }

        // MARK: Hooks

        /// A scheduling point: another enabled thread may run before the caller goes on.
        package func yield(_ me: Int) {
            withMutex {
                if oneStepDepth[me] == 0 { handOver(from: me) }
            }
        }

        /// Makes the critical sections of `lock` run as one step: no thread is preempted
        /// while it holds it.
        ///
        /// For the lock stripes, which objects pick by address: whether two objects share a
        /// stripe differs from run to run, and a preemption inside would make the same
        /// schedule block a thread in one run and not in the next.
        package func markOneStep(_ lock: UnsafeMutableRawPointer) {
            withMutex { _ = oneStepLocks.insert(lock) }
        }

        /// Waits until the caller may take `lock` without blocking, and records that it holds it.
        package func acquire(_ lock: UnsafeMutableRawPointer, by me: Int) {
            withMutex {
                statuses[me] = .wantsLock(lock)
                handOver(from: me)
                precondition(lockOwners[lock] == nil, "the scheduler handed over a held lock")
                lockOwners[lock] = me
                statuses[me] = .runnable
                if oneStepLocks.contains(lock) { oneStepDepth[me] += 1 }
            }
        }

        /// Records that the caller gave `lock` up.
        package func release(_ lock: UnsafeMutableRawPointer, by me: Int) {
            withMutex {
                lockOwners[lock] = nil
                if oneStepLocks.contains(lock) { oneStepDepth[me] -= 1 }
            }
        }

        /// Gives `lock` up until a broadcast on its condition, then takes it again.
        package func waitForBroadcast(
            on condition: UnsafeMutableRawPointer, lock: UnsafeMutableRawPointer, by me: Int
        ) {
            withMutex {
                lockOwners[lock] = nil
                statuses[me] = .waiting(condition: condition, lock: lock)
                handOver(from: me)
                precondition(lockOwners[lock] == nil, "the scheduler handed over a held lock")
                lockOwners[lock] = me
                statuses[me] = .runnable
            }
        }

        /// Runs other threads until `condition` holds; the caller is not enabled meanwhile, so
        /// its spinning is one step of the model rather than an endless series of them.
        package func spin(until condition: @escaping () -> Bool, by me: Int) {
            withMutex {
                guard !condition() else { return }
                spinConditions[me] = condition
                statuses[me] = .spinning
                handOver(from: me)
                spinConditions[me] = nil
                statuses[me] = .runnable
            }
        }

        /// Makes every thread waiting on `condition` wait for its lock instead.
        package func broadcast(on condition: UnsafeMutableRawPointer) {
            withMutex {
                for index in statuses.indices {
                    if case .waiting(condition, let lock) = statuses[index] {
                        statuses[index] = .wantsLock(lock)
                    }
                }
            }
        }

        /// Records that a service box was made at `pointer`, which a new box may reuse.
        package func boxMade(_ pointer: UnsafeMutableRawPointer) {
            withMutex { _ = freedBoxes.remove(pointer) }
        }

        /// Records that the box at `pointer` was freed.
        package func boxFreed(_ pointer: UnsafeMutableRawPointer) {
            withMutex { _ = freedBoxes.insert(pointer) }
        }

        /// Whether the box at `pointer` was freed.
        package func isFreed(_ pointer: UnsafeMutableRawPointer) -> Bool {
            withMutex { freedBoxes.contains(pointer) }
        }

        // MARK: Baton

        /// Marks the caller finished, hands the baton on, and waits until the run lets
        /// threads exit; from here on its hooks do not schedule.
        private func finish(_ me: Int) {
            pthread_setspecific(key, nil)
            withMutex {
                statuses[me] = .finished
                handOver(from: me)
                while exitTurn != me { pthread_cond_wait(condition, mutex) }
            }
        }

        /// With `mutex` held: lets the explorer choose the next thread and, unless it is the
        /// caller, waits until the baton comes back.
        private func handOver(from me: Int) {
            let enabled = statuses.indices.filter { index in
                switch statuses[index] {
                case .runnable: return true
                case .wantsLock(let lock): return lockOwners[lock] == nil
                case .spinning: return spinConditions[index]?() ?? true
                case .waiting, .finished: return false
                }
            }
            guard !enabled.isEmpty else {
                if statuses.contains(where: { $0 != .finished }) {
                    let blocked = statuses.indices.compactMap { index -> String? in
                        switch statuses[index] {
                        case .wantsLock(let lock): return "thread \(index) waits for lock \(lock)"
                        case .waiting(let condition, let lock):
                            return "thread \(index) waits on condition \(condition) of lock \(lock)"
                        case .spinning: return "thread \(index) waits for a read section to end"
                        case .runnable, .finished: return nil
                        }
                    }
                    failures.append("deadlock: \(blocked.joined(separator: ", "))")
                    baton = -2
                }
                pthread_cond_broadcast(condition)
                if statuses[me] != .finished { abandon() }
                return
            }
            let next = decide(Decision(enabled: enabled, current: enabled.contains(me) ? me : nil))
            decisions += 1
            precondition(enabled.contains(next), "the explorer chose a thread that cannot run")
            baton = next
            guard next != me else { return }
            pthread_cond_broadcast(condition)
            if statuses[me] != .finished { waitForBaton(me) }
        }

        /// With `mutex` held: waits until `me` holds the baton.
        private func waitForBaton(_ me: Int) {
            while baton != me {
                if baton == -2 { abandon() }
                pthread_cond_wait(condition, mutex)
            }
        }

        /// With `mutex` held: a thread of a deadlocked run gives up for good.
        ///
        /// It stops announcing a load, so that it holds no retired service back from later
        /// runs, and sleeps; the locks it waited for are not held, as it held none in the real
        /// mutex.
        private func abandon() -> Never {
            abandoned += 1
            pthread_cond_broadcast(condition)
            pthread_mutex_unlock(mutex)
            pthread_setspecific(key, nil)
            InterleavingHooks.abandonThread()
            while true { pause() }
        }

        private func withMutex<Result>(_ body: () -> Result) -> Result {
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
            return body()
        }
    }

    /// Starts a joinable thread that runs `body`.
    private func startThread(_ body: @escaping @Sendable () -> Void) -> pthread_t {
        final class Context {
            let body: @Sendable () -> Void
            init(_ body: @escaping @Sendable () -> Void) { self.body = body }
        }
        let context = Unmanaged.passRetained(Context(body)).toOpaque()
        #if canImport(Darwin)
            var thread: pthread_t?
        #else
            var thread = pthread_t()
        #endif
        let status = pthread_create(
            &thread, nil,
            { pointer in
                #if canImport(Darwin)
                    let context = Unmanaged<Context>.fromOpaque(pointer).takeRetainedValue()
                #else
                    guard let pointer else { return nil }
                    let context = Unmanaged<Context>.fromOpaque(pointer).takeRetainedValue()
                #endif
                context.body()
                return nil
            }, context)
        precondition(status == 0, "pthread_create failed with error \(status)")
        #if canImport(Darwin)
            return thread!
        #else
            return thread
        #endif
    }
#endif
