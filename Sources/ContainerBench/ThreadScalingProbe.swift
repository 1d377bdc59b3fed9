import DependencyContainer
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Measures how the aggregate throughput of a workload grows from one thread to two.
///
/// Each round runs the workload on one thread, then on two threads started together, for
/// the same wall-clock window; the threads are pinned to different CPUs where the system
/// allows it. Throughput is operations completed in the window divided by its length, and
/// the threads' CPU time shows how many cores they really got.
struct ThreadScalingProbe {
    let rounds: Int
    let window: Duration

    struct Outcome {
        /// Median nanoseconds per operation of one thread.
        let singleNanoseconds: Double
        /// Median wall-clock nanoseconds per operation of two threads together.
        let pairNanoseconds: Double
        /// Median of each round's 2-thread / 1-thread throughput.
        let scaling: Double
        /// Median CPU time of both threads divided by the window: about 2 when both ran.
        let coresUsed: Double
        let pinned: Bool
        /// Rounds in which the threads got their cores, out of all rounds run.
        let counted: Int
        let attempted: Int
    }

    /// Runs rounds until `rounds` of them had the cores they asked for.
    ///
    /// A round in which another process took one of the two CPUs measures the machine, not
    /// the container.
    /// Rounds stop after twice the count; if too few qualified, all of them count.
    func measure(_ workload: Workload) -> Outcome {
        var all: [Round] = []
        _ = run(workload, threads: 1)  // warm-up
        while all.count < rounds * 2 {
            all.append(Round(single: run(workload, threads: 1), pair: run(workload, threads: 2)))
            if all.filter(\.hadCores).count >= rounds { break }
        }
        let qualified = all.filter(\.hadCores)
        let counted = qualified.count >= min(3, rounds) ? qualified : all
        let single = counted.map(\.single.nanosecondsPerOperation)
        let pair = counted.map(\.pair.nanosecondsPerOperation)
        return Outcome(
            singleNanoseconds: Statistics.median(single), pairNanoseconds: Statistics.median(pair),
            scaling: Statistics.medianRatio(single, pair),
            coresUsed: Statistics.median(counted.map(\.pair.coresUsed)),
            pinned: counted.allSatisfy(\.pair.pinned), counted: qualified.count, attempted: all.count)
    }

    private struct Window {
        let nanosecondsPerOperation: Double
        /// CPU time of all threads divided by the window.
        let coresUsed: Double
        let pinned: Bool
    }

    private struct Round {
        let single: Window
        let pair: Window

        /// Whether each thread was on a CPU for at least 90% of the window.
        var hadCores: Bool { single.coresUsed >= 0.9 && pair.coresUsed >= 1.8 }
    }

    private func run(_ workload: Workload, threads count: Int) -> Window {
        let control = Control()
        let workers = (0..<count).map { Worker(cpu: $0, workload: workload, control: control) }
        let threads = workers.map { $0.start() }
        while control.ready.load() < UInt64(count) { sched_yield() }
        let clock = ContinuousClock()
        let start = clock.now
        control.phase.store(1)
        Thread.sleep(forTimeInterval: Sampler.nanoseconds(window) / 1e9)
        control.phase.store(2)
        for thread in threads { pthread_join(thread, nil) }
        let elapsed = Sampler.nanoseconds(clock.now - start)
        let operations = workers.reduce(0) { $0 + $1.operations }
        for worker in workers { Sink.consume(worker.checksum) }
        return Window(
            nanosecondsPerOperation: elapsed / Double(operations),
            coresUsed: workers.reduce(0) { $0 + $1.cpuNanoseconds } / elapsed,
            pinned: workers.allSatisfy(\.isPinned))
    }
}

/// Start and stop signals shared by the workers of one window.
private final class Control: Sendable {
    let ready = AtomicCounter(0)
    /// 0: wait, 1: run, 2: stop.
    let phase = AtomicCounter(0)
}

/// One measuring thread.
///
/// Its results are written by the thread before it exits and read after `pthread_join`,
/// which orders the accesses.
private final class Worker: @unchecked Sendable {
    let cpu: Int
    let workload: Workload
    let control: Control
    var operations = 0
    var checksum = 0
    var cpuNanoseconds = 0.0
    var isPinned = false

    init(cpu: Int, workload: Workload, control: Control) {
        self.cpu = cpu
        self.workload = workload
        self.control = control
    }

    func start() -> pthread_t {
        #if canImport(Darwin)
            var thread: pthread_t?
        #else
            var thread = pthread_t()
        #endif
        let context = Unmanaged.passRetained(self).toOpaque()
        let status = pthread_create(
            &thread, nil,
            { context in
                let worker = Unmanaged<Worker>.fromOpaque(context!).takeRetainedValue()
                worker.main()
                return nil
            }, context)
        precondition(status == 0, "pthread_create failed: \(status)")
        #if canImport(Darwin)
            return thread!
        #else
            return thread
        #endif
    }

    private func main() {
        isPinned = CPUAffinity.pinCurrentThread(to: cpu)
        control.ready.add(1)
        while control.phase.load() == 0 {}
        let cpuStart = Self.threadCPUTime()
        let batch = 256
        var operations = 0
        var checksum = 0
        repeat {
            checksum &+= workload.run(batch)
            operations += batch
        } while control.phase.loadRelaxed() == 1
        cpuNanoseconds = Self.threadCPUTime() - cpuStart
        self.operations = operations
        self.checksum = checksum
    }

    private static func threadCPUTime() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return Double(now.tv_sec) * 1e9 + Double(now.tv_nsec)
    }
}
