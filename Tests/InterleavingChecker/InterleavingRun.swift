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
        /// How many choices of the failing schedule came before a switched-on defect first
        /// changed what a checked thread does (``InterleavingDefect``); `nil` if none did.
        ///
        /// Those first choices drive the same code with the defect switched off; the rest of the
        /// schedule may not: the defect's code takes other scheduling points.
        package var stepBeforeDefect: Int?

        /// The failing schedule's first ``stepBeforeDefect`` choices, as a schedule; `nil`
        /// when no schedule failed or no defect acted.
        package var scheduleBeforeDefect: String? {
            guard let schedule, let step = stepBeforeDefect,
                let choices = InterleavingExplorer.decode(schedule)
            else { return nil }
            return InterleavingExplorer.encode(Array(choices.prefix(step)))
        }
    }
#endif
