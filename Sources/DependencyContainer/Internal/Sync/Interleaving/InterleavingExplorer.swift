#if DC_INTERLEAVING
    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Musl)
        import Musl
    #elseif canImport(Darwin)
        import Darwin
    #endif

    /// Explores the schedules of a scenario depth first, with preemption bounding (CHESS):
    /// every schedule in which the running thread is preempted at most ``preemptionBound``
    /// times, where switching away from a thread that blocks or ends is free.
    ///
    /// Interleavings are sequentially consistent: each thread runs alone between scheduling
    /// points, so reorderings that weak memory allows are out of scope.
    ///
    /// A schedule is written as the thread chosen at each scheduling point, run-length
    /// encoded: `0*12.1*3.0*40` runs thread 0 for 12 points, thread 1 for 3, then thread 0.
    package struct InterleavingExplorer {
        /// Preemptions allowed per schedule: `DC_INTERLEAVING_BOUND`, else 2.
        package var preemptionBound: Int

        package init(preemptionBound: Int? = nil) {
            self.preemptionBound =
                preemptionBound ?? getenv("DC_INTERLEAVING_BOUND").flatMap { Int(String(cString: $0)) } ?? 2
        }

        /// One scheduling point of a run, as the backtracking needs it.
        private struct Point {
            /// The enabled threads, the default choice first.
            let order: [Int]
            let position: Int
            /// Whether a choice other than the first preempts the running thread.
            let preemptive: Bool
            let preemptionsBefore: Int
        }

        /// Explores every schedule of the scenario within the bound, stopping at the first
        /// that fails, and prints the count; with `DC_INTERLEAVING_REPLAY` set, replays that
        /// schedule instead.
        ///
        /// - Parameters:
        ///   - name: The scenario's name, for the printout.
        ///   - makeRun: Sets up fresh state for one run, on the test's thread.
        /// - Returns: How many schedules ran, and the first failing one with its failures.
        /// - Complexity: O(*k*^*b*) runs for *k* scheduling points and bound *b*.
        package func explore(_ name: String, _ makeRun: () -> InterleavingRun) -> InterleavingReport {
            if let schedule = getenv("DC_INTERLEAVING_REPLAY").map({ String(cString: $0) }) {
                let failures = replay(schedule, makeRun)
                print(
                    "interleaving: \(name): replayed \(schedule): \(failures.isEmpty ? "passed" : "failed")")
                for failure in failures { print("  \(failure)") }
                return InterleavingReport(
                    schedules: 1, failures: failures, schedule: failures.isEmpty ? nil : schedule)
            }
            var prefix: [Int] = []
            var schedules = 0
            while true {
                let (points, choices, failures) = runOnce(prefix: prefix, makeRun)
                schedules += 1
                if !failures.isEmpty {
                    let schedule = Self.encode(choices)
                    print(
                        "interleaving: \(name): FAILED after \(schedules) schedules (preemption bound \(preemptionBound))"
                    )
                    for failure in failures { print("  \(failure)") }
                    print("  schedule: \(schedule)  (replay: DC_INTERLEAVING_REPLAY='\(schedule)')")
                    return InterleavingReport(schedules: schedules, failures: failures, schedule: schedule)
                }
                guard let next = nextPrefix(points: points, choices: choices) else { break }
                prefix = next
            }
            print(
                "interleaving: \(name): \(schedules) schedules, preemption bound \(preemptionBound), all passed"
            )
            return InterleavingReport(schedules: schedules, failures: [], schedule: nil)
        }

        /// Runs the scenario once along `schedule`, as printed by ``explore(_:_:)``.
        ///
        /// - Returns: The failures of that run; empty if it passed.
        package func replay(_ schedule: String, _ makeRun: () -> InterleavingRun) -> [String] {
            guard let choices = Self.decode(schedule) else { return ["unreadable schedule \(schedule)"] }
            let (_, taken, failures) = runOnce(prefix: choices, makeRun)
            // A run may end sooner than the schedule when the code changed (a defect switched
            // off); it must not go elsewhere.
            guard Array(choices.prefix(taken.count)) == Array(taken.prefix(choices.count)) else {
                return failures + ["schedule mismatch: the run took \(Self.encode(taken))"]
            }
            return failures
        }

        /// The schedule after the one that chose `choices`, depth first: the last point with
        /// an untried choice within the bound takes it, and defaults follow.
        private func nextPrefix(points: [Point], choices: [Int]) -> [Int]? {
            for index in points.indices.reversed() {
                let point = points[index]
                let next = point.position + 1
                let cost = point.preemptive ? 1 : 0
                if next < point.order.count && point.preemptionsBefore + cost <= preemptionBound {
                    return Array(choices[..<index]) + [point.order[next]]
                }
            }
            return nil
        }

        /// Runs once, following `prefix` and then the default choice: the running thread
        /// goes on, or the lowest enabled one takes over.
        private func runOnce(prefix: [Int], _ makeRun: () -> InterleavingRun) -> ([Point], [Int], [String]) {
            let run = makeRun()
            // Only the thread holding the baton decides, under the scheduler's mutex, so
            // these are never accessed at the same time.
            final class Trace: @unchecked Sendable {
                var points: [Point] = []
                var choices: [Int] = []
                var preemptions = 0
                var mismatch: String?
            }
            let trace = Trace()
            var failures = InterleavingScheduler.shared.execute(run.threads) { decision in
                var order = decision.enabled
                let first = decision.current ?? order[0]
                order.removeAll { $0 == first }
                order.insert(first, at: 0)
                var chosen = first
                let step = trace.choices.count
                if step < prefix.count {
                    if order.contains(prefix[step]) {
                        chosen = prefix[step]
                    } else if trace.mismatch == nil {
                        trace.mismatch = "step \(step): thread \(prefix[step]) cannot run, enabled \(order)"
                    }
                }
                let position = order.firstIndex(of: chosen) ?? 0
                trace.points.append(
                    Point(
                        order: order, position: position, preemptive: decision.current != nil,
                        preemptionsBefore: trace.preemptions))
                if position > 0 && decision.current != nil { trace.preemptions += 1 }
                trace.choices.append(chosen)
                return chosen
            }
            if failures.isEmpty {
                let checks = InterleavingScheduler.shared
                run.afterwards()
                failures = checks.takeFailures()
            }
            if let mismatch = trace.mismatch { failures.append("schedule mismatch: \(mismatch)") }
            return (trace.points, trace.choices, failures)
        }

        /// `[0, 0, 1]` as `0*2.1*1`.
        package static func encode(_ choices: [Int]) -> String {
            var runs: [(thread: Int, count: Int)] = []
            for choice in choices {
                if let last = runs.last, last.thread == choice {
                    runs[runs.count - 1].count += 1
                } else {
                    runs.append((choice, 1))
                }
            }
            return runs.map { "\($0.thread)*\($0.count)" }.joined(separator: ".")
        }

        /// The choices of a schedule from ``encode(_:)``, or `nil` if it is not one.
        package static func decode(_ schedule: String) -> [Int]? {
            var choices: [Int] = []
            for part in schedule.split(separator: ".") {
                let fields = part.split(separator: "*")
                guard fields.count == 2, let thread = Int(fields[0]), let count = Int(fields[1]), count > 0
                else {
                    return nil
                }
                choices += Array(repeating: thread, count: count)
            }
            return choices
        }
    }

    /// Records a failed check of a scenario, from a checked thread or from the test's own.
    ///
    /// - Parameters:
    ///   - condition: What must hold.
    ///   - message: Says what went wrong.
    package func interleavingCheck(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { InterleavingScheduler.shared.fail(message()) }
    }
#endif
