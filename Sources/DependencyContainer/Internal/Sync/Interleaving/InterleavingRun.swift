#if DC_INTERLEAVING
    /// One run of a scenario: the bodies of its checked threads, and a check on the test's
    /// own thread once they all returned.
    package struct InterleavingRun {
        package var threads: [@Sendable () -> Void]
        package var afterwards: () -> Void

        package init(threads: [@Sendable () -> Void], afterwards: @escaping () -> Void = {}) {
            self.threads = threads
            self.afterwards = afterwards
        }
    }

    /// What exploring a scenario found.
    package struct InterleavingReport: Sendable {
        /// How many schedules ran.
        package var schedules: Int
        /// The first failure's messages, empty if every schedule passed.
        package var failures: [String]
        /// The failing schedule, replayable with ``InterleavingExplorer/replay(_:_:)``.
        package var schedule: String?
    }
#endif
