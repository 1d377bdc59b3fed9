extension ContainerTrace: CustomStringConvertible {
    /// The loads as indented lines, one per load: its ID, scope, outcome and factory time;
    /// each top-level load prefixed by its thread when several threads loaded.
    public var description: String {
        let loads = self.loads
        let isThreaded = Set(loads.map(\.thread)).count > 1
        var lines: [String] = []
        func add(_ load: Load, depth: Int) {
            var line = String(repeating: "  ", count: depth)
            if depth == 0, isThreaded { line += "[thread \(load.thread)] " }
            line += load.id + (load.scope.map { " (\($0))" } ?? "") + " \(load.outcome.rawValue)"
            if let seconds = load.factoryDuration {
                // To the microsecond: `0.125 ms`.
                let micros = Int((seconds * 1_000_000).rounded())
                let fraction = String(micros % 1000)
                line +=
                    " in \(micros / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction) ms"
            }
            lines.append(line)
            for nested in load.loads { add(nested, depth: depth + 1) }
        }
        for load in loads { add(load, depth: 0) }
        let dropped = droppedLoads
        if dropped > 0 { lines.append("… \(dropped) more loads not kept (maximumLoads \(maximumLoads))") }
        return lines.joined(separator: "\n")
    }

    /// The graph of what was resolved, in Graphviz's DOT language (<doc:Tracing>).
    public var graphviz: String {
        let graph = self.graph
        var lines = ["digraph ContainerTrace {", "    rankdir=LR;"]
        for node in graph.nodes {
            let label = "\(Self.dotEscaped(node.id))\\n\(Self.dotEscaped(node.scope ?? "missing"))"
            let style = node.scope == nil ? ", style=dashed" : ""
            lines.append("    \"\(Self.dotEscaped(node.id))\" [label=\"\(label)\"\(style)];")
        }
        for edge in graph.edges {
            lines.append(
                "    \"\(Self.dotEscaped(graph.nodes[edge.from].id))\" -> \"\(Self.dotEscaped(graph.nodes[edge.to].id))\";"
            )
        }
        lines.append("}")
        return lines.joined(separator: "\n")
    }

    /// The graph of ``graphviz`` as a Mermaid flowchart.
    public var mermaid: String {
        let graph = self.graph
        var lines = ["graph TD"]
        for (index, node) in graph.nodes.enumerated() {
            let label = "\(node.id) (\(node.scope ?? "missing"))".map { $0 == "\"" ? "#quot;" : "\($0)" }
                .joined()
            lines.append("    n\(index)[\"\(label)\"]")
            if node.scope == nil { lines.append("    style n\(index) stroke-dasharray: 5 5") }
        }
        for edge in graph.edges { lines.append("    n\(edge.from) --> n\(edge.to)") }
        return lines.joined(separator: "\n")
    }

    /// `text` as a DOT string's contents.
    static func dotEscaped(_ text: String) -> String {
        text.map { $0 == "\"" || $0 == "\\" ? "\\\($0)" : "\($0)" }.joined()
    }

    /// The IDs loaded, each once in the order first met, with the scope of a registration that
    /// answered it (`nil` if none ever did), and which loaded which, each once.
    private var graph: (nodes: [(id: String, scope: String?)], edges: [(from: Int, to: Int)]) {
        var graph: (nodes: [(id: String, scope: String?)], edges: [(from: Int, to: Int)]) = ([], [])
        var indices: [String: Int] = [:]
        var seenEdges: Set<[Int]> = []
        func visit(_ load: Load, from parent: Int?) {
            let index = indices[load.id, default: graph.nodes.count]
            if index == graph.nodes.count {
                indices[load.id] = index
                graph.nodes.append((load.id, nil))
            }
            if graph.nodes[index].scope == nil { graph.nodes[index].scope = load.scope }
            if let parent, seenEdges.insert([parent, index]).inserted { graph.edges.append((parent, index)) }
            for nested in load.loads { visit(nested, from: index) }
        }
        for load in loads { visit(load, from: nil) }
        return graph
    }
}
