/// What a ``ContainerTrace`` has recorded: its loads, flat, in the order they began, and
/// where each thread's load stands.
struct TraceLog: Sendable {
    static let dropped = -1
    static let unknown = -2

    var isRecording = true
    /// The loads without what they loaded, and the entry of the load whose factory made each.
    var entries: [ContainerTrace.Load] = []
    var parents: [Int?] = []
    var droppedLoads = 0
    /// Each thread's number and place in its current top-level load: the entry of the last load
    /// at each depth, `dropped` when it was not recorded, `unknown` for the depths of a load the
    /// trace started in the middle of.
    var cursors: [ObjectIdentifier: (number: Int, loads: [Int])] = [:]

    /// The top-level loads, each with what it loaded.
    var tree: [ContainerTrace.Load] {
        // The top-level loads are the children of one past the last entry.
        var children = Array(repeating: [Int](), count: entries.count + 1)
        for (index, parent) in parents.enumerated() { children[parent ?? entries.count].append(index) }
        func node(_ index: Int) -> ContainerTrace.Load {
            var load = entries[index]
            load.loads = children[index].map(node)
            return load
        }
        return children[entries.count].map(node)
    }
}
