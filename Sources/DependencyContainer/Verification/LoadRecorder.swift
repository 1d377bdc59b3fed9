/// The loads one factory makes while `Container.verify(running:)` runs it: the IDs it looked
/// up, and whether each was found.
///
/// `@unchecked Sendable`: `loader` is immutable and the loads are behind a lock; an async factory's
/// lookups may run on several threads, one after another.
final class LoadRecorder: LoadSink, @unchecked Sendable {
    /// The registration whose factory is checked: the frame that loads.
    let loader: Registration
    private let recorded = LockedValue<[(id: String, found: Bool)]>([])

    init(loader: Registration) { self.loader = loader }

    /// The IDs looked up, in order, with whether a registration was found.
    var loads: [(id: String, found: Bool)] { recorded.withLock { $0 } }

    func receive(_ event: LoadEvent, thread: ThreadState) {
        // Only the lookups the checked factory makes: on `thread`'s stack for a synchronous
        // factory, as the task's frame for an `async` one.
        guard case .lookedUp(let id, let found) = event,
            let running = thread.frames.last ?? AsyncFrame.current?.registration, running === loader
        else { return }
        recorded.withLock { $0.append((id, found)) }
    }
}
