/// Finds cycles in a directed graph of named nodes.
enum GraphCycles {
    /// One cycle through each strongly connected component that has one, as a path that
    /// starts and ends at the component's smallest node; sorted.
    ///
    /// - Parameter edges: Each node's successors.
    /// - Returns: The cycles, e.g. `[["A", "B", "A"]]`.
    static func cycles(in edges: [String: Set<String>]) -> [[String]] {
        let nodes = Set(edges.keys).union(edges.values.flatMap { $0 }).sorted()
        var cycles: [[String]] = []
        var assigned: Set<String> = []
        for node in nodes where !assigned.contains(node) {
            let component = reachable(from: node, in: edges).filter {
                reachable(from: $0, in: edges).contains(node)
            }
            guard !component.isEmpty else { continue }
            assigned.formUnion(component)
            guard let start = component.min(), let path = path(from: start, within: component, in: edges)
            else {
                continue
            }
            cycles.append(path)
        }
        return cycles.sorted { $0.joined(separator: " ") < $1.joined(separator: " ") }
    }

    /// Every node reachable from `start` by one or more edges.
    private static func reachable(from start: String, in edges: [String: Set<String>]) -> Set<String> {
        var seen: Set<String> = []
        var pending = Array(edges[start] ?? [])
        while let next = pending.popLast() {
            if seen.insert(next).inserted { pending += edges[next] ?? [] }
        }
        return seen
    }

    /// The shortest path from `start` back to itself inside `component`.
    private static func path(
        from start: String, within component: Set<String>, in edges: [String: Set<String>]
    )
        -> [String]?
    {
        var previous: [String: String] = [:]
        var queue = [start]
        var head = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            for next in (edges[node] ?? []).sorted() where component.contains(next) {
                if next == start {
                    var path = [start]
                    var cursor = node
                    while cursor != start {
                        path.append(cursor)
                        cursor = previous[cursor] ?? start
                    }
                    return [start] + Array(path.dropFirst().reversed()) + [start]
                }
                if previous[next] == nil {
                    previous[next] = node
                    queue.append(next)
                }
            }
        }
        return nil
    }
}
