/// What a ``ContainerTrace`` has recorded: its loads, flat, in the order they began, and
/// where each thread's load stands.
struct TraceLog: Sendable {
    /// One load.
    struct Entry: Sendable {
        let id: String
        let scope: String?
        var outcome: ContainerTrace.Outcome
        /// The entry of the load whose factory made this load, if any.
        let parent: Int?
        /// The trace's number for the thread, from 1.
        let thread: Int
        /// How long its factory ran; `nil` while none did.
        var nanoseconds: UInt64?
    }

    static let dropped = -1
    static let unknown = -2

    var isRecording = true
    var entries: [Entry] = []
    var droppedLoads = 0
    /// Each thread's number and place in its current top-level load: the entry of the last load
    /// at each depth, `dropped` when it was not recorded, `unknown` for the depths of a load the
    /// trace started in the middle of.
    var cursors: [ObjectIdentifier: (number: Int, loads: [Int])] = [:]

    /// The top-level loads, each with what it loaded.
    var tree: [ContainerTrace.Load] {
        var children = Array(repeating: [Int](), count: entries.count)
        var roots: [Int] = []
        for (index, entry) in entries.enumerated() {
            if let parent = entry.parent { children[parent].append(index) } else { roots.append(index) }
        }
        func load(_ index: Int) -> ContainerTrace.Load {
            let entry = entries[index]
            return ContainerTrace.Load(
                id: entry.id, scope: entry.scope, outcome: entry.outcome,
                factoryDuration: entry.nanoseconds.map { Double($0) / 1_000_000_000 }, thread: entry.thread,
                loads: children[index].map(load))
        }
        return roots.map(load)
    }
}
