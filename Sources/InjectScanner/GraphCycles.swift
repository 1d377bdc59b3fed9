/// Finds cycles in a directed graph of named nodes.
enum GraphCycles {
    /// One cycle through each strongly connected component that has one, as a path that
    /// starts and ends at the component's smallest node; sorted.
    ///
    /// - Parameter edges: Each node's successors.
    /// - Returns: The cycles, e.g. `[["A", "B", "A"]]`.
    /// - Complexity: O(*V* log *V* + *E* log *E*): the components come from one Tarjan pass,
    ///   and each path from a breadth-first search inside its own component.
    static func cycles(in edges: [String: Set<String>]) -> [[String]] {
        var cycles: [[String]] = []
        for component in components(of: edges) {
            guard let start = component.min() else { continue }
            let isCyclic = component.count > 1 || edges[start]?.contains(start) == true
            guard isCyclic, let path = path(from: start, within: component, in: edges) else { continue }
            cycles.append(path)
        }
        return cycles.sorted { $0.joined(separator: " ") < $1.joined(separator: " ") }
    }

    /// The strongly connected components, by Tarjan's algorithm, iteratively so that a long
    /// chain of modules cannot overflow the stack.
    private static func components(of edges: [String: Set<String>]) -> [Set<String>] {
        let nodes = Set(edges.keys).union(edges.values.flatMap { $0 }).sorted()
        var indexOf: [String: Int] = [:]
        var lowLink: [String: Int] = [:]
        var onStack: Set<String> = []
        var stack: [String] = []
        var components: [Set<String>] = []
        var counter = 0
        for root in nodes where indexOf[root] == nil {
            // Each frame: a node and the successors it has yet to visit.
            var frames: [(node: String, pending: [String])] = []
            func enter(_ node: String) {
                indexOf[node] = counter
                lowLink[node] = counter
                counter += 1
                stack.append(node)
                onStack.insert(node)
                frames.append((node, (edges[node] ?? []).sorted()))
            }
            enter(root)
            while let frame = frames.last {
                if let next = frames[frames.count - 1].pending.popLast() {
                    if indexOf[next] == nil {
                        enter(next)
                    } else if onStack.contains(next) {
                        lowLink[frame.node] = min(lowLink[frame.node] ?? 0, indexOf[next] ?? 0)
                    }
                    continue
                }
                frames.removeLast()
                if let parent = frames.last?.node {
                    lowLink[parent] = min(lowLink[parent] ?? 0, lowLink[frame.node] ?? 0)
                }
                guard lowLink[frame.node] == indexOf[frame.node] else { continue }
                var component: Set<String> = []
                while let member = stack.popLast() {
                    onStack.remove(member)
                    component.insert(member)
                    if member == frame.node { break }
                }
                components.append(component)
            }
        }
        return components
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
