/// A dispose hook that the reclaimer runs for one retired service, and how to account for it.
///
/// `@unchecked Sendable`: immutable; `value`, a weak service taken out of its registration, is only
/// handed to the hook, as the service was to every load.
struct PendingDisposal: @unchecked Sendable {
    let id: String
    let hook: Disposal
    /// When the service was kept: a release disposes its services latest first.
    let order: UInt64
    /// The ledger of the store that let go of it; `nil` for a registration no store held.
    let ledger: DisposalLedger?
    /// A weak service, held strongly until its hook has run; `nil` for a singleton, whose
    /// box holds it.
    let value: AnyObject?

    init(id: String, hook: Disposal, order: UInt64, ledger: DisposalLedger?, value: AnyObject?) {
        self.id = id
        self.hook = hook
        self.order = order
        self.ledger = ledger
        self.value = value
        ledger?.begin(id: id)
    }

    /// Runs the dispose hooks of `boxes`, freed by one reclaim, latest kept first: a service is
    /// disposed before the services it was made with.
    static func run(in boxes: [RetiredBox]) {
        let pending = boxes.compactMap { box in box.disposal.map { ($0, box.service) } }
        for (disposal, service) in pending.sorted(by: { $0.0.order > $1.0.order }) {
            // Unreachable without a service: a retired box holds its singleton or its weak service.
            guard let service else {
                disposal.ledger?.end(id: disposal.id)
                continue
            }
            disposal.run(on: service)
        }
    }

    /// Runs the hook at once, or in a task when it awaits or needs the main actor from elsewhere;
    /// a failure goes to the store's diagnostics handler.
    private func run(on service: Any) {
        let service = ServiceTransfer(value: service)
        switch hook {
        case .immediate(let hook):
            runReporting { try hook(service.value) }
        case .onMainActor(let hook):
            if MainThread.runIfCurrent({ runReporting { try hook(service.value) } }) == nil {
                Task { @MainActor in runReporting { try hook(service.value) } }
            }
        case .async(let hook):
            Task {
                do {
                    try await hook(service.value)
                } catch {
                    report(error)
                }
                ledger?.end(id: id)
            }
        }
    }

    private func runReporting(_ body: () throws -> Void) {
        do {
            try body()
        } catch {
            report(error)
        }
        ledger?.end(id: id)
    }

    private func report(_ error: any Error) {
        ledger?.reference?.report(.failed(.disposeFailed(id: id, underlying: error)))
    }
}
