import Testing

@testable import DependencyContainerInjectScanner

@Suite("Graph cycles")
struct GraphCyclesTests {
    @Test("No cycles in a DAG")
    func acyclic() {
        #expect(GraphCycles.cycles(in: ["A": ["B", "C"], "B": ["C"]]).isEmpty)
    }

    @Test("One shortest cycle per strongly connected component, from its smallest node")
    func components() {
        let edges: [String: Set<String>] = ["B": ["C"], "C": ["D", "B"], "D": ["B"], "X": ["Y"], "Y": ["X"]]
        #expect(GraphCycles.cycles(in: edges) == [["B", "C", "B"], ["X", "Y", "X"]])
    }

    @Test("A self-loop is a cycle")
    func selfLoop() {
        #expect(GraphCycles.cycles(in: ["A": ["A"]]) == [["A", "A"]])
    }
}
