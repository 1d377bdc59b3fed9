import DependencyContainer
import Foundation
import Testing

/// A service made from two others.
private final class Screen: Sendable {
    init(toast: (any ToastInject)?, player: (any PlayerInject)?) {}
}

private struct TraceFailure: Error {}

/// The IDs of a small graph: a transient screen made from a singleton toast and a
/// transient player.
private struct Graph {
    let screen = uniqueID(Screen.self, "Screen")
    let container = Container()

    init() {
        container.register(.toast, scope: .singleton) { _ in RecordingToast() }
        container.register(.player) { _ in StubPlayer() }
        container.register(screen) { resolver in
            Screen(toast: resolver.load(.toast), player: resolver.load(.player))
        }
    }
}

/// The outcomes of `loads` and their nested loads, depth first: `ID:outcome`.
private func shape(_ loads: [ContainerTrace.Load]) -> [String] {
    loads.flatMap { load in ["\(load.id):\(load.outcome.rawValue)"] + shape(load.loads).map { "  " + $0 } }
}

@Suite("Container trace", .tags(.concurrency, .lifetime))
struct ContainerTraceTests {
    @Test("Records each load, what its factory loaded, and whether it made or reused its service")
    func recordsNesting() throws {
        let graph = Graph()
        let trace = graph.container.startTrace()
        _ = graph.container.load(graph.screen)
        _ = graph.container.load(graph.screen)
        trace.stop()
        let screen = graph.screen.name
        #expect(
            shape(trace.loads) == [
                "\(screen):made", "  ToastInjectID:made", "  PlayerInjectID:made",
                "\(screen):made", "  ToastInjectID:reused", "  PlayerInjectID:made",
            ])
        let first = try #require(trace.loads.first)
        #expect(first.scope == "transient")
        #expect(first.loads.first?.scope == "singleton")
        #expect(first.factoryDuration != nil)
        #expect(trace.loads.last?.loads.first?.factoryDuration == nil)
        #expect(trace.loads.allSatisfy { $0.thread == 1 })
    }

    @Test("A top-level load of an existing singleton is recorded as reused")
    func recordsPublishedSingleton() {
        let container = Container()
        container.register(.toast, scope: .singleton) { _ in RecordingToast() }
        // Loaded until the thread reads it in place, as most loads of a singleton do.
        for _ in 0..<100 { _ = container.load(.toast) }
        let trace = container.startTrace()
        for _ in 0..<3 { _ = container.load(.toast) }
        trace.stop()
        #expect(shape(trace.loads) == Array(repeating: "ToastInjectID:reused", count: 3))
    }

    @Test("A require of an existing singleton is one load")
    func requireIsOneLoad() throws {
        let container = Container()
        container.register(.toast, scope: .singleton) { _ in RecordingToast() }
        _ = container.load(.toast)
        let trace = container.startTrace()
        _ = try container.require(.toast)
        trace.stop()
        #expect(shape(trace.loads) == ["ToastInjectID:reused"])
    }

    @Test("Misses and failed factories are recorded; extension point lookups are not misses")
    func missesAndFailures() {
        let container = Container()
        let failing = uniqueID(Screen.self)
        container.register(failing) { _ throws -> Screen in throw TraceFailure() }
        let point = ExtensionPoint<String>("TracePoint-\(UUID().uuidString)")
        container.contribute(to: point, named: "a") { "a" }
        let trace = container.startTrace()
        _ = container.load(.analytics)
        _ = container.load(failing)
        _ = container.load(point)
        trace.stop()
        let lines = shape(trace.loads)
        #expect(lines.first == "AnalyticsInjectID:missing")
        #expect(lines.dropFirst().first == "\(failing.name):failed")
        #expect(lines.count == 3)
        #expect(trace.loads.first?.scope == nil)
    }

    @Test("A stopped trace records nothing more")
    func stopEndsRecording() {
        let graph = Graph()
        let trace = graph.container.startTrace()
        #expect(trace.isRecording)
        _ = graph.container.load(.player)
        trace.stop()
        trace.stop()
        #expect(!trace.isRecording)
        _ = graph.container.load(graph.screen)
        #expect(shape(trace.loads) == ["PlayerInjectID:made"])
    }

    @Test("Loads on containers below the traced one are recorded; others are not")
    func childrenAndStrangers() {
        let parent = Container()
        parent.register(.player) { _ in StubPlayer() }
        let child = Container(parent: parent)
        let stranger = Container()
        stranger.register(.player) { _ in StubPlayer() }
        let trace = parent.startTrace()
        _ = child.load(.player)
        _ = stranger.load(.player)
        trace.stop()
        #expect(shape(trace.loads) == ["PlayerInjectID:made"])
    }

    @Test("A child made while the trace records is recorded too; a stranger's singleton is not")
    func childMadeDuringTrace() {
        let parent = Container()
        parent.register(.player) { _ in StubPlayer() }
        let stranger = Container()
        stranger.register(.toast, scope: .singleton) { _ in RecordingToast() }
        for _ in 0..<100 { _ = stranger.load(.toast) }
        let trace = parent.startTrace()
        let child = Container(parent: parent)
        _ = child.load(.player)
        for _ in 0..<3 { _ = stranger.load(.toast) }
        trace.stop()
        #expect(shape(trace.loads) == ["PlayerInjectID:made"])
    }

    @Test("The trace keeps at most maximumLoads loads and counts the others")
    func bounded() {
        let graph = Graph()
        let trace = graph.container.startTrace(maximumLoads: 4)
        for _ in 0..<3 { _ = graph.container.load(graph.screen) }
        trace.stop()
        #expect(trace.maximumLoads == 4)
        #expect(shape(trace.loads).count == 4)
        #expect(trace.droppedLoads == 5)
        #expect(trace.description.hasSuffix("… 5 more loads not kept (maximumLoads 4)"))
    }

    @Test("Loads on several threads are recorded at once, each thread's nesting apart")
    func parallelLoads() {
        let graph = Graph()
        let trace = graph.container.startTrace(maximumLoads: 100_000)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<100 { _ = graph.container.load(graph.screen) }
        }
        trace.stop()
        let loads = trace.loads
        #expect(loads.count == 800)
        let expected = ["ToastInjectID", "PlayerInjectID"]
        let misnested = loads.filter { (load: ContainerTrace.Load) -> Bool in
            let nested: [ContainerTrace.Load] = load.loads
            let apart = nested.allSatisfy { $0.thread == load.thread && $0.loads.isEmpty }
            return load.id != graph.screen.name || nested.map(\.id) != expected || !apart
        }
        #expect(misnested.isEmpty)
        // Numbered from 1, one number per thread seen (how many the pool used is its own).
        #expect(Set(loads.map(\.thread)).allSatisfy { (1...8).contains($0) })
        let madeToasts = loads.flatMap(\.loads).filter { $0.id == "ToastInjectID" && $0.outcome == .made }
        #expect(madeToasts.count == 1)
    }

    @Test("A trace nobody holds stops, and a trace does not keep its container alive")
    func lifetimes() {
        weak var weakContainer: Container?
        weak var weakTrace: ContainerTrace?
        var kept: ContainerTrace?
        do {
            let container = Container()
            weakContainer = container
            container.register(.player) { _ in StubPlayer() }
            weakTrace = container.startTrace()
            kept = container.startTrace()
            _ = container.load(.player)
        }
        #expect(weakTrace == nil)
        #expect(weakContainer == nil)
        #expect(kept?.loads.count == 1)
        kept?.stop()
    }

    @Test("Readable lines, a Graphviz graph and a Mermaid chart of what was resolved")
    func rendering() throws {
        let graph = Graph()
        let trace = graph.container.startTrace()
        _ = graph.container.load(graph.screen)
        _ = graph.container.load(.analytics)
        trace.stop()
        let screen = graph.screen.name
        let lines = trace.description.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines[0].hasPrefix("\(screen) (transient) made in "))
        #expect(lines[0].hasSuffix(" ms"))
        #expect(lines[1].hasPrefix("  ToastInjectID (singleton) made in "))
        #expect(lines[3] == "AnalyticsInjectID missing")
        #expect(trace.graphviz.hasPrefix("digraph ContainerTrace {"))
        #expect(trace.graphviz.contains("\"\(screen)\" -> \"ToastInjectID\";"))
        #expect(
            trace.graphviz.contains(
                "\"AnalyticsInjectID\" [label=\"AnalyticsInjectID\\nmissing\", style=dashed];"))
        #expect(trace.mermaid.hasPrefix("graph TD"))
        #expect(trace.mermaid.contains("    n0 --> n1"))
        #expect(trace.mermaid.contains("    n0 --> n2"))
        #expect(trace.mermaid.contains("n3[\"AnalyticsInjectID (missing)\"]"))
    }
}
