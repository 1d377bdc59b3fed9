/// The loads one factory makes while `Container.verify(running:)` runs it: the IDs it looked
/// up, and whether each was found.
final class LoadRecorder: @unchecked Sendable {
    /// The recorder of the factory the `async` check runs in this task.
    @TaskLocal static var current: LoadRecorder?

    /// The registration whose factory is checked: the frame that loads.
    private let loader: Registration
    private let recorded = LockedValue<[(id: String, found: Bool)]>([])

    init(loader: Registration) {
        self.loader = loader
    }

    /// The IDs looked up, in order, with whether a registration was found.
    var loads: [(id: String, found: Bool)] { recorded.withLock { $0 } }

    /// The recorder a lookup on `thread` reports to, if any; asked only while a check runs
    /// (``Container/traceLookup(of:found:thread:)``).
    static func active(on thread: ThreadState) -> LoadRecorder? {
        thread.loadRecorder ?? current
    }

    /// Runs `body` with this recorder as the task's.
    func recording<Result: Sendable>(_ body: () async -> Result) async -> Result {
        await CreationTraceReaders.counting(.loads) {
            await Self.$current.withValue(self, operation: body)
        }
    }

    /// Records a lookup of `id`, if the checked factory is the one running: on `thread`'s
    /// stack for a synchronous factory, as the task's frame for an `async` one.
    func record(_ id: String, found: Bool, thread: ThreadState) {
        let running = thread.frames.last ?? AsyncFrame.current?.registration
        guard let running, running === loader else { return }
        recorded.withLock { $0.append((id, found)) }
    }
}
