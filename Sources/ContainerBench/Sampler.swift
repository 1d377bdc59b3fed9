/// Times workloads in interleaved rounds and reports nanoseconds per operation.
///
/// Every round runs each workload once, in an order that rotates between rounds, so slow
/// phases of a shared machine hit all workloads alike. One round of warm-up is discarded.
struct Sampler {
    let rounds: Int
    /// How long one sample of a calibrated workload should take.
    let sampleDuration: Duration
    /// When set, every calibrated workload runs exactly this many iterations per sample.
    let iterationsOverride: Int?

    private let clock = ContinuousClock()

    /// Measures `workloads` and returns, per name, the nanoseconds per operation of each round.
    func measure(_ workloads: [Workload]) -> [String: [Double]] {
        let iterations = workloads.map { $0.fixedIterations ?? iterationsOverride ?? calibrate($0) }
        var samples: [String: [Double]] = [:]
        for round in -1..<rounds {
            for offset in workloads.indices {
                let index = (offset + max(round, 0)) % workloads.count
                let nanoseconds = time(workloads[index], iterations: iterations[index])
                if round >= 0 {
                    samples[workloads[index].name, default: []].append(nanoseconds)
                }
            }
        }
        return samples
    }

    /// Nanoseconds per operation of one sample.
    private func time(_ workload: Workload, iterations: Int) -> Double {
        let start = clock.now
        let checksum = workload.run(iterations)
        let elapsed = clock.now - start
        Sink.consume(checksum)
        return Self.nanoseconds(elapsed) / Double(iterations)
    }

    /// The iteration count that makes one sample last about ``sampleDuration``; the
    /// doubling runs double as warm-up.
    private func calibrate(_ workload: Workload) -> Int {
        let probeDuration = Self.nanoseconds(sampleDuration) / 8
        var iterations = 64
        while true {
            let start = clock.now
            Sink.consume(workload.run(iterations))
            let elapsed = Self.nanoseconds(clock.now - start)
            if elapsed >= probeDuration {
                let perOperation = elapsed / Double(iterations)
                return max(64, Int(Self.nanoseconds(sampleDuration) / perOperation))
            }
            iterations *= 2
        }
    }

    static func nanoseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
    }
}
