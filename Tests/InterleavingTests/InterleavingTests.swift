#if DC_INTERLEAVING
    @testable import DependencyContainer
    @testable import DependencyContainerKernel
    import DependencyContainerInterleavingChecker
    import Testing

    /// Explores every schedule of each scenario within the preemption bound over the real read
    /// path, and checks that seeded defects are found with a schedule that replays.
    ///
    /// Serialized: the scheduler is process-wide, and each run must have the container's
    /// global state (the reclaimer, the creation monitor) to itself.
    ///
    /// A failure prints its schedule (threads by index, run-length encoded); set
    /// `DC_INTERLEAVING_REPLAY` to it to replay that schedule alone in the test named, and
    /// `DC_INTERLEAVING_BOUND` to change the preemption bound (2):
    ///
    /// ```sh
    /// DC_INTERLEAVING_REPLAY='0*5.1*22.2*25.0*8.2*10' swift test --traits InterleavingChecks \
    ///     --scratch-path .build/interleaving --filter 'InterleavingTests/skippedAnnounce'
    /// ```
    ///
    /// The seeded defects are faults that the checker injects at named points of
    /// the kernel (`Sources/DependencyContainerKernel`) (``InterleavingDefect``); the algorithms that call those points
    /// contain no trace of them.
    @Suite("InterleavingTests: every schedule within the preemption bound", .serialized)
    struct InterleavingTests {
        private let explorer = InterleavingExplorer()

        @Test("A writer resets a scope and replaces a singleton against two readers")
        func resetAndReplace() {
            expectAllPass("reset and replace", InterleavingScenarios.resetAndReplace)
        }

        @Test("A writer unregisters and removes everything against a weak reader and a child reader")
        func unregisterAndRemoveAll() {
            expectAllPass("unregister and removeAll", InterleavingScenarios.unregisterAndRemoveAll)
        }

        @Test("The container is dropped while a reader loads under an override and another through a child")
        func droppingTheContainer() {
            expectAllPass("dropping the container", InterleavingScenarios.droppingTheContainer)
        }

        @Test("A singleton's factory runs once however two threads race its first load")
        func creationOnce() {
            expectAllPass("creation once", InterleavingScenarios.creationOnce)
        }

        @Test("Two threads whose singletons load each other get a cycle error, never a hang")
        func crossThreadCycle() {
            expectAllPass("cross-thread cycle", InterleavingScenarios.crossThreadCycle)
        }

        @Test(
            "A reset racing the slow path's hand-over of the same service never disposes what a load returns")
        func releaseDuringHandOver() {
            expectAllPass("release during hand-over", InterleavingScenarios.releaseDuringHandOver)
        }

        // MARK: Seeded defects

        @Test("Found: the reclaimer frees a retired box at once, ignoring loads in progress")
        func reclaimIgnoringLoads() {
            expectFound(.reclaimIgnoresLoads, "reset and replace", InterleavingScenarios.resetAndReplace)
        }

        @Test("Found: a write that does not advance the generation")
        func missingGenerationBump() {
            expectFound(.missingGenerationBump, "reset and replace", InterleavingScenarios.resetAndReplace)
        }

        @Test("Found: a load that does not announce itself, so its instance is reclaimed too early")
        func skippedAnnounce() {
            expectFound(
                .skippedAnnounce, "unregister and removeAll", InterleavingScenarios.unregisterAndRemoveAll)
        }

        @Test("Found: a load whose hand-over is outside a read section returns a disposed service")
        func handOverWithoutAnnounce() {
            expectFound(
                .skippedAnnounce, "release during hand-over", InterleavingScenarios.releaseDuringHandOver)
        }

        @Test("Found: a waiter that creates the singleton again instead of taking the published one")
        func creationWithoutRecheck() {
            expectFound(.creationWithoutRecheck, "creation once", InterleavingScenarios.creationOnce)
        }

        @Test("Found: threads whose singletons load each other deadlock without the wait-chain check")
        func noCrossThreadCycleCheck() {
            expectFound(
                .noCrossThreadCycleCheck, "cross-thread cycle", InterleavingScenarios.crossThreadCycle)
        }

        @Test("A schedule printout decodes to the choices it encodes")
        func scheduleRoundTrip() {
            let choices = [0, 0, 0, 1, 2, 2, 0]
            #expect(InterleavingExplorer.encode(choices) == "0*3.1*1.2*2.0*1")
            #expect(InterleavingExplorer.decode("0*3.1*1.2*2.0*1") == choices)
            #expect(InterleavingExplorer.decode("0*x") == nil)
        }

        // MARK: Helpers

        private func expectAllPass(_ name: String, _ makeRun: () -> InterleavingRun) {
            let report = explorer.explore(name, makeRun)
            #expect(
                report.failures.isEmpty,
                "\(name) failed on schedule \(report.schedule ?? "?"): \(report.failures)")
            #expect(report.schedules > 1)
        }

        /// Switches `defect` on, expects the checker to report it with a schedule, and replays
        /// that schedule with the defect: it takes the same steps and fails again. Then, with the
        /// defect off, explores every schedule that shares the failing one's steps up to where
        /// the defect first acted, and expects them all to pass.
        ///
        /// The failing schedule itself cannot be replayed without the defect: past the point
        /// where the defect acts, the code takes other scheduling points, so its choices
        /// would drive another interleaving than the one that failed.
        private func expectFound(
            _ defect: InterleavingDefect, _ name: String, _ makeRun: () -> InterleavingRun
        ) {
            InterleavingDefect.active = [defect]
            defer { InterleavingDefect.active = [] }
            let report = explorer.explore("\(name) with \(defect)", makeRun)
            guard let schedule = report.schedule else {
                Issue.record("the checker missed \(defect) in \(report.schedules) schedules")
                return
            }
            #expect(!report.failures.isEmpty)
            let replayed = explorer.replay(schedule, makeRun)
            #expect(
                !replayed.isEmpty && !replayed.contains { $0.hasPrefix("schedule mismatch") },
                "replaying \(schedule) with \(defect): \(replayed)")
            guard let shared = report.scheduleBeforeDefect else {
                Issue.record("\(schedule) failed, but \(defect) never acted in it: \(report.failures)")
                return
            }
            InterleavingDefect.active = []
            let fixed = explorer.explore("\(name) without \(defect)", following: shared, makeRun)
            #expect(
                fixed.failures.isEmpty,
                "without \(defect), \(fixed.schedule ?? "?") failed: \(fixed.failures)")
            #expect(fixed.schedules >= 1)
        }
    }
#endif
