#if DC_INTERLEAVING
    @testable import DependencyContainer
    @testable import DependencyContainerKernel
    import DependencyContainerInterleavingChecker

    /// The scenarios the checker explores: each sets up fresh state on the test's thread and
    /// returns the checked threads' bodies. Thread 0 writes; the others read.
    ///
    /// Every scenario checks, besides its own assertions, "a reader never sees a freed
    /// instance" at each read of a published service (``InterleavingHooks/mayRead(box:)``);
    /// writers check that what they released is gone once no reader is inside a load.
    enum InterleavingScenarios {
        /// A writer resets a named scope and replaces a singleton's registration while one
        /// reader loads the singleton and another the scoped service.
        static func resetAndReplace() -> InterleavingRun {
            let log = RunLog()
            let container = Container()
            container.register(CheckedID.singleton, scope: .singleton) { Canary("singleton v1", log: log) }
            container.register(CheckedID.session, scope: .session) { Canary("session", log: log) }
            container.publishSnapshot(loading: CheckedID.singleton)
            _ = container.load(CheckedID.session)
            let writer: @Sendable () -> Void = {
                var before = log.serial
                container.reset(scope: .session)
                log.checkFreed("session", before: before, after: "reset(scope: .session)")
                before = log.serial
                container.register(CheckedID.singleton, scope: .singleton) {
                    Canary("singleton v2", log: log)
                }
                log.writesDone.insert("replaced")
                log.checkFreed("singleton v1", before: before, after: "the replacing register")
            }
            let singletonReader: @Sendable () -> Void = {
                for _ in 0..<2 {
                    let replaced = log.writesDone.contains("replaced")
                    let label = log.load(on: 1) { container.load(CheckedID.singleton)?.label }
                    interleavingCheck(label != nil, "the singleton did not load")
                    interleavingCheck(
                        !replaced || label == "singleton v2",
                        "a load that began after the replacing register returned got \(label ?? "nil")")
                }
            }
            let scopedReader: @Sendable () -> Void = {
                for _ in 0..<2 {
                    let label = log.load(on: 2) { container.load(CheckedID.session)?.label }
                    interleavingCheck(label == "session", "the scoped service did not load")
                }
            }
            return InterleavingRun(threads: [writer, singletonReader, scopedReader]) {}
        }

        /// A writer unregisters a weak service and then removes everything while one reader
        /// loads the weak service and another loads a singleton through a child.
        static func unregisterAndRemoveAll() -> InterleavingRun {
            let log = RunLog()
            let container = Container()
            let child = Container(parent: container)
            container.register(CheckedID.weak, scope: .weak) { Canary("weak", log: log) }
            container.register(CheckedID.singleton, scope: .singleton) { Canary("singleton", log: log) }
            container.publishSnapshot(loading: CheckedID.weak)
            child.publishSnapshot(loading: CheckedID.singleton)
            let writer: @Sendable () -> Void = {
                var before = log.serial
                container.unregister(CheckedID.weak)
                log.writesDone.insert("unregistered")
                log.checkFreed("weak", before: before, after: "unregister")
                before = log.serial
                container.removeAll()
                log.writesDone.insert("removedAll")
                log.checkFreed("singleton", before: before, after: "removeAll")
            }
            let weakReader: @Sendable () -> Void = {
                for _ in 0..<2 {
                    let unregistered = log.writesDone.contains("unregistered")
                    let label = log.load(on: 1) { container.load(CheckedID.weak)?.label }
                    interleavingCheck(
                        !unregistered || label == nil,
                        "a load after unregister returned found the weak service")
                }
            }
            let childReader: @Sendable () -> Void = {
                for _ in 0..<2 {
                    let removed = log.writesDone.contains("removedAll")
                    let label = log.load(on: 2) { child.load(CheckedID.singleton)?.label }
                    interleavingCheck(
                        !removed || label == nil,
                        "a load through the child after removeAll returned found a service")
                }
            }
            return InterleavingRun(threads: [writer, weakReader, childReader]) {}
        }

        /// Every thread drops its reference to the container once done, the writer first
        /// after a reset, so whichever ends last frees it; one reader loads under an override,
        /// the other through a child.
        static func droppingTheContainer() -> InterleavingRun {
            let log = RunLog()
            let setUp = Container()
            setUp.register(CheckedID.singleton, scope: .singleton) { Canary("singleton", log: log) }
            setUp.register(CheckedID.session, scope: .session) { Canary("session", log: log) }
            setUp.register(CheckedID.overridden, scope: .singleton) { Canary("original", log: log) }
            setUp.publishSnapshot(loading: CheckedID.singleton)
            _ = setUp.load(CheckedID.session)
            let writerHold = ContainerHold(setUp)
            let overrideHold = ContainerHold(setUp)
            let childHold = ContainerHold(Container(parent: setUp))
            let writer: @Sendable () -> Void = {
                let before = log.serial
                writerHold.container?.reset(scope: .session)
                log.checkFreed("session", before: before, after: "reset(scope: .session)")
                writerHold.container = nil
            }
            let overrideReader: @Sendable () -> Void = {
                guard let container = overrideHold.container else { return }
                overrideHold.container = nil
                let label = log.load(on: 1) {
                    container.withOverrides { overrides in
                        overrides.register(CheckedID.overridden, scope: .singleton) {
                            Canary("override", log: log)
                        }
                    } operation: {
                        container.load(CheckedID.overridden)?.label
                    }
                }
                interleavingCheck(label == "override", "a load under an override got \(label ?? "nil")")
                let plain = log.load(on: 1) { container.load(CheckedID.singleton)?.label }
                interleavingCheck(plain == "singleton", "the singleton did not load")
            }
            let childReader: @Sendable () -> Void = {
                for _ in 0..<2 {
                    let label = log.load(on: 2) { childHold.container?.load(CheckedID.singleton)?.label }
                    interleavingCheck(label == "singleton", "the singleton did not load through the child")
                }
                childHold.container = nil
            }
            return InterleavingRun(threads: [writer, overrideReader, childReader]) {
                interleavingCheck(
                    log.alive.isEmpty,
                    "services outlived their dropped container: \(log.alive.values.sorted())")
            }
        }

        /// Two threads race the first load of a singleton: its factory runs once, and both get
        /// the one service.
        static func creationOnce() -> InterleavingRun {
            let log = RunLog()
            let container = Container()
            container.register(CheckedID.singleton, scope: .singleton) { Canary("warm-up", log: log) }
            container.register(CheckedID.first, scope: .singleton) { Canary("first", log: log) }
            container.publishSnapshot(loading: CheckedID.singleton)
            let racer: @Sendable (Int) -> Void = { thread in
                let service = log.load(on: thread) { container.load(CheckedID.first) }
                if let service { log.seen["first", default: []].insert(ObjectIdentifier(service)) }
                interleavingCheck(service != nil, "thread \(thread) did not load the singleton")
            }
            return InterleavingRun(threads: [{ racer(0) }, { racer(1) }]) {
                interleavingCheck(log.made["first"] == 1, "the factory ran \(log.made["first"] ?? 0) times")
                interleavingCheck(log.seen["first"]?.count == 1, "the threads got different singletons")
            }
        }

        /// Two threads each load one of two singletons whose factories load each other: both
        /// loads fail with a cycle, and no schedule deadlocks (the scheduler reports one).
        static func crossThreadCycle() -> InterleavingRun {
            let log = RunLog()
            let container = Container()
            container.register(CheckedID.singleton, scope: .singleton) { Canary("warm-up", log: log) }
            container.register(CheckedID.cycleA, scope: .singleton) { resolver in
                _ = try resolver.require(CheckedID.cycleB)
                return Canary("a", log: log)
            }
            container.register(CheckedID.cycleB, scope: .singleton) { resolver in
                _ = try resolver.require(CheckedID.cycleA)
                return Canary("b", log: log)
            }
            container.publishSnapshot(loading: CheckedID.singleton)
            let loader: @Sendable (Int, InjectID<Canary>) -> Void = { thread, id in
                let outcome = log.load(on: thread) { () -> Result<Canary, ContainerError> in
                    Result { () throws(ContainerError) in try container.require(id) }
                }
                guard case .failure(.cycle) = outcome else {
                    interleavingCheck(
                        false, "thread \(thread) loading \(id.name) got \(outcome), not a cycle")
                    return
                }
            }
            return InterleavingRun(threads: [
                { loader(0, CheckedID.cycleA) }, { loader(1, CheckedID.cycleB) },
            ]) {}
        }

        /// A writer resets a named scope twice while two readers make its first load, so that
        /// one creates the service and the other waits for it or reads it published: the
        /// slow path's hand-over is the boundary of the read section.
        ///
        /// No load returns a service whose dispose hook ran: the write that retires it waits for
        /// the hand-over. Every hook runs once at most, and once all threads returned, no old
        /// service outlives the writes (nothing held back for good, nothing left to a load).
        static func releaseDuringHandOver() -> InterleavingRun {
            let log = RunLog()
            let container = Container()
            container.register(CheckedID.singleton, scope: .singleton) { Canary("warm-up", log: log) }
            container.register(CheckedID.session, scope: .session, onDispose: { $0.dispose() }) {
                Canary("session", log: log)
            }
            container.publishSnapshot(loading: CheckedID.singleton)
            let writer: @Sendable () -> Void = {
                for _ in 0..<2 {
                    container.reset(scope: .session)
                }
            }
            let reader: @Sendable (Int) -> Void = { thread in
                let service = log.load(on: thread) { container.load(CheckedID.session) }
                interleavingCheck(service != nil, "thread \(thread) did not load the scoped service")
                interleavingCheck(
                    service?.isDisposed == false,
                    "thread \(thread) got session #\(service?.serial ?? 0), whose dispose hook had run")
            }
            return InterleavingRun(threads: [writer, { reader(1) }, { reader(2) }]) {
                let twice = log.disposals.filter { $0.value > 1 }.keys.sorted()
                interleavingCheck(twice.isEmpty, "disposed more than once: \(twice)")
                let current = container.load(CheckedID.session)
                let old = log.alive.filter { $0.value == "session" && $0.key != current?.serial }
                interleavingCheck(
                    old.isEmpty, "old scoped services outlived the resets: \(old.keys.sorted())")
            }
        }
    }
#endif
