/// The loads one factory makes while `Container.verify(running:)` runs it: the IDs it looked
/// up, and whether each was found.
///
/// The engine's lookups off the fast path (every lookup inside an override scope, which is
/// where the check runs) report to the recorder of their thread; only the lookups of the
/// factory being checked are kept, not those of the factories of its dependencies.
final class LoadRecorder {
    /// The registration whose factory is checked: the frame that loads.
    private let loader: Registration
    /// The IDs looked up, in order, with whether a registration was found.
    private(set) var loads: [(id: String, found: Bool)] = []

    init(loader: Registration) {
        self.loader = loader
    }

    /// Records a lookup of `id`, if the checked factory is the one running on `thread`.
    func record(_ id: String, found: Bool, thread: ThreadState) {
        guard let running = thread.frames.last, running === loader else { return }
        loads.append((id, found))
    }
}
