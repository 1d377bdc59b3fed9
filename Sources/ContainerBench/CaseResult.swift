/// The outcome of one benchmark case, as printed in the table and the JSON output.
struct CaseResult: Sendable {
    let name: String
    /// Median nanoseconds per operation; `nil` for the memory case.
    let nanosecondsPerOperation: Double?
    /// Resident bytes per registration; only for the memory case.
    let bytesPerRegistration: Double?
    /// The name of the case this one is compared with.
    let baseline: String?
    /// Case / baseline time, or for the thread case, 2-thread / 1-thread throughput.
    let ratio: Double?
    let target: Target?
    /// Context a reader needs, such as how many cores the threads actually used.
    let note: String?

    init(
        name: String, nanosecondsPerOperation: Double? = nil, bytesPerRegistration: Double? = nil,
        baseline: String? = nil, ratio: Double? = nil, target: Target? = nil, note: String? = nil
    ) {
        self.name = name
        self.nanosecondsPerOperation = nanosecondsPerOperation
        self.bytesPerRegistration = bytesPerRegistration
        self.baseline = baseline
        self.ratio = ratio
        self.target = target
        self.note = note
    }

    /// Whether the target is met; `nil` when the case has none.
    var isMet: Bool? {
        guard let target else { return nil }
        let value = target.quantity == "bytes" ? bytesPerRegistration : ratio
        return value.map(target.isMet(by:))
    }
}
