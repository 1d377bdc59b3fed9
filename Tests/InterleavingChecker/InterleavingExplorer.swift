#if DC_INTERLEAVING
    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Musl)
        import Musl
    #elseif canImport(Darwin)
        import Darwin
    #endif
    import DependencyContainerKernel

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

        /// Installs the scheduler in the kernel's hooks.
        package init(preemptionBound: Int? = nil) {
            InterleavingHooks.control = InterleavingScheduler.shared
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
        ///   - prefix: A schedule that every explored one starts with, as printed; a run that
        ///     cannot follow it fails with a schedule mismatch.
        ///   - makeRun: Sets up fresh state for one run, on the test's thread.
        /// - Returns: How many schedules ran, and the first failing one with its failures.
        /// - Complexity: O(*k*^*b*) runs for *k* scheduling points and bound *b*.
        package func explore(
            _ name: String, following prefix: String = "", _ makeRun: () -> InterleavingRun
        ) -> InterleavingReport {
            if let schedule = getenv("DC_INTERLEAVING_REPLAY").map({ String(cString: $0) }) {
                let failures = replay(schedule, makeRun)
                print(
                    "interleaving: \(name): replayed \(schedule): \(failures.isEmpty ? "passed" : "failed")")
                for failure in failures { print("  \(failure)") }
                return InterleavingReport(
                    schedules: 1, failures: failures, schedule: failures.isEmpty ? nil : schedule,
                    stepBeforeDefect: nil)
            }
            guard let fixed = Self.decode(prefix) else {
                return InterleavingReport(
                    schedules: 0, failures: ["unreadable schedule \(prefix)"], schedule: prefix,
                    stepBeforeDefect: nil)
            }
            let following = fixed.isEmpty ? "" : " that follow \(prefix)"
            var choices = fixed
            var schedules = 0
            while true {
                let outcome = runOnce(prefix: choices, makeRun)
                schedules += 1
                if !outcome.failures.isEmpty {
                    let schedule = Self.encode(outcome.choices)
                    print(
                        "interleaving: \(name): FAILED after \(schedules) schedules\(following) (preemption bound \(preemptionBound))"
                    )
                    for failure in outcome.failures { print("  \(failure)") }
                    print("  schedule: \(schedule)  (replay: DC_INTERLEAVING_REPLAY='\(schedule)')")
                    return InterleavingReport(
                        schedules: schedules, failures: outcome.failures, schedule: schedule,
                        stepBeforeDefect: outcome.stepBeforeDefect)
                }
                guard
                    let next = nextPrefix(
                        points: outcome.points, choices: outcome.choices, keeping: fixed.count)
                else { break }
                choices = next
            }
            // Worded apart from a whole scenario's line, which `.ci/run` counts.
            print(
                fixed.isEmpty
                    ? "interleaving: \(name): \(schedules) schedules, preemption bound \(preemptionBound), all passed"
                    : "interleaving: \(name): \(schedules) schedules\(following), preemption bound \(preemptionBound): none failed"
            )
            return InterleavingReport(
                schedules: schedules, failures: [], schedule: nil, stepBeforeDefect: nil)
        }

        /// Runs the scenario once along `schedule`, as printed by ``explore(_:following:_:)``.
        ///
        /// The same code along the same schedule makes the same choices, so a run that cannot
        /// follow it, or goes on past its end, fails with a schedule mismatch: the code changed,
        /// or something other than the schedule decides what it does.
        ///
        /// - Returns: The failures of that run; empty if it passed.
        package func replay(_ schedule: String, _ makeRun: () -> InterleavingRun) -> [String] {
            guard let choices = Self.decode(schedule) else { return ["unreadable schedule \(schedule)"] }
            let outcome = runOnce(prefix: choices, makeRun)
            guard outcome.choices == choices else {
                return outcome.failures + ["schedule mismatch: the run took \(Self.encode(outcome.choices))"]
            }
            return outcome.failures
        }

        /// The schedule after the one that chose `choices`, depth first, keeping the first
        /// `kept` choices.
        ///
        /// The last point with an untried choice within the bound takes it, and defaults follow.
        private func nextPrefix(points: [Point], choices: [Int], keeping kept: Int) -> [Int]? {
            for index in points.indices.reversed() where index >= kept {
                let point = points[index]
                let next = point.position + 1
                let cost = point.preemptive ? 1 : 0
                if next < point.order.count && point.preemptionsBefore + cost <= preemptionBound {
                    return Array(choices[..<index]) + [point.order[next]]
                }
            }
            return nil
        }

        /// What one run did.
        private struct Outcome {
            var points: [Point]
            var choices: [Int]
            var failures: [String]
            /// See ``InterleavingReport/stepBeforeDefect``.
            var stepBeforeDefect: Int?
        }

        /// Runs once, following `prefix` and then the default choice: the running thread
        /// goes on, or the lowest enabled one takes over.
        private func runOnce(prefix: [Int], _ makeRun: () -> InterleavingRun) -> Outcome {
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
            let scheduler = InterleavingScheduler.shared
            var failures = scheduler.execute(run.threads) { decision in
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
            let stepBeforeDefect = scheduler.stepBeforeDefect
            if failures.isEmpty {
                run.afterwards()
                failures = scheduler.takeFailures()
            }
            if trace.mismatch == nil && trace.choices.count < prefix.count {
                trace.mismatch = "the run ended after \(trace.choices.count) of \(prefix.count) steps"
            }
            if let mismatch = trace.mismatch { failures.append("schedule mismatch: \(mismatch)") }
            return Outcome(
                points: trace.points, choices: trace.choices, failures: failures,
                stepBeforeDefect: stepBeforeDefect)
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
#endif
