#if DC_INTERLEAVING
    @testable import DependencyContainer
    @testable import DependencyContainerKernel
    import DependencyContainerInterleavingChecker

    /// What one run of a scenario observed: the services alive, and which checked threads are
    /// inside a load.
    ///
    /// `@unchecked Sendable`: checked threads run one at a time, each handover ordered by the
    /// scheduler's mutex, and the test's thread reads it only after they all returned. It uses
    /// no ``LockedValue`` or atomic wrapper on purpose: those are scheduling points, and the
    /// bookkeeping would multiply the schedules without checking anything of the container.
    final class RunLog: @unchecked Sendable {
        /// Labels of the services not yet freed, by serial.
        private(set) var alive: [Int: String] = [:]
        private(set) var made: [String: Int] = [:]
        private var nextSerial = 0
        /// How many loads each checked thread has in progress.
        var loading: [Int: Int] = [:]
        /// Marks that scenarios set once a write returned.
        var writesDone: Set<String> = []
        /// The services that loads returned, by label, for identity checks.
        var seen: [String: Set<ObjectIdentifier>] = [:]
        /// How many times a dispose hook ran for each service, by serial.
        var disposals: [Int: Int] = [:]

        /// The serial the next service gets.
        var serial: Int { nextSerial }

        fileprivate func born(_ label: String) -> Int {
            nextSerial += 1
            alive[nextSerial] = label
            made[label, default: 0] += 1
            return nextSerial
        }

        fileprivate func died(_ serial: Int) {
            alive[serial] = nil
        }

        /// Whether no checked thread is inside a load.
        var isIdle: Bool { loading.values.allSatisfy { $0 == 0 } }

        /// Runs `load` as thread `thread`'s load, so that ``isIdle`` knows about it.
        func load<Result>(on thread: Int, _ load: () -> Result) -> Result {
            loading[thread, default: 0] += 1
            defer { loading[thread, default: 0] -= 1 }
            return load()
        }

        /// Checks "an idle thread never holds anything back": once a write returned and no load
        /// is in progress, no service with `label` made before `serial` is alive.
        func checkFreed(_ label: String, before serial: Int, after write: String) {
            guard isIdle else { return }
            let held = alive.filter { $0.key <= serial && $0.value == label }
            interleavingCheck(
                held.isEmpty,
                "\(write) returned with no load in progress, but \(label) #\(held.keys.sorted()) lives")
        }
    }

    /// A service that records its life in a ``RunLog``: a reader that saw it after its
    /// `deinit` would be caught by the freed-box check first, so here only lifetimes count.
    final class Canary: Sendable {
        let label: String
        let serial: Int
        /// `@unchecked Sendable` is on ``RunLog``; the canary only reports to it.
        private let log: RunLog

        init(_ label: String, log: RunLog) {
            self.label = label
            self.log = log
            serial = log.born(label)
        }

        /// Whether a dispose hook ran for it.
        var isDisposed: Bool { log.disposals[serial, default: 0] > 0 }

        /// What a dispose hook does: records that it ran.
        func dispose() {
            log.disposals[serial, default: 0] += 1
        }

        deinit {
            log.died(serial)
        }
    }

    /// A checked thread's hold on a container that it gives up when its operations end, so
    /// that whichever thread ends last frees it.
    ///
    /// `@unchecked Sendable`: only its own checked thread uses it after the run starts.
    final class ContainerHold: @unchecked Sendable {
        var container: Container?
        init(_ container: Container) { self.container = container }
    }

    /// The IDs the scenarios use.
    enum CheckedID {
        static let singleton = InjectID<Canary>("InterleavingSingletonInjectID")
        static let session = InjectID<Canary>("InterleavingSessionInjectID")
        static let weak = InjectID<Canary>("InterleavingWeakInjectID")
        static let overridden = InjectID<Canary>("InterleavingOverriddenInjectID")
        static let first = InjectID<Canary>("InterleavingFirstInjectID")
        static let cycleA = InjectID<Canary>("InterleavingCycleAInjectID")
        static let cycleB = InjectID<Canary>("InterleavingCycleBInjectID")
    }

    extension Container {
        /// Loads enough times from the test's own thread that the store publishes a snapshot,
        /// so the checked threads' later loads take the lock-free path.
        func publishSnapshot(loading id: InjectID<Canary>) {
            for _ in 0..<16 { _ = load(id) }
        }
    }
#endif
