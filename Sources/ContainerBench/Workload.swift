/// One timed loop: `run(n)` performs an operation `n` times and returns a checksum of the
/// results, which the sampler consumes.
///
/// The loop lives inside the closure so that the closure call is amortized over many
/// operations and the operation itself is inlined and specialized as a caller's would be.
struct Workload {
    let name: String
    /// Iterations per sample when the operation is a whole batch (such as "register 10k IDs");
    /// `nil` lets the sampler calibrate the count to the sample duration.
    let fixedIterations: Int?
    let run: (Int) -> Int

    init(_ name: String, fixedIterations: Int? = nil, run: @escaping (Int) -> Int) {
        self.name = name
        self.fixedIterations = fixedIterations
        self.run = run
    }
}
