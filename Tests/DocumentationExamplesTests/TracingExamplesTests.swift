import DependencyContainer
import Testing

// The examples of `ContainerTrace` and the Tracing article, compiled and run.
// `.ci/check-doc-snippets.swift` checks that each appears here.

/// Opens the player screen: the loads the article traces.
func openPlayerScreen(_ container: Container) {
    container.load(.player)?.play("Intro")
    _ = container.load(.analytics)
}

@Suite("Tracing examples")
struct TracingExamplesTests {
    /// A container whose player shows toasts.
    private func playerContainer() -> Container {
        let container = Container()
        container.register(.toast, scope: .singleton) { RecordingToast() }
        container.register(.player) { resolver in Player(toast: resolver.load(.toast)) }
        return container
    }

    @Test("Start, load, stop, print and draw")
    func overview() {
        let container = playerContainer()
        let trace = container.startTrace()
        _ = container.load(.player)
        trace.stop()
        print(trace)  // PlayerInjectID (transient) made in 0.012 ms, then what it loaded
        let dot = trace.graphviz  // digraph ContainerTrace { … }
        let chart = trace.mermaid  // graph TD …
        #expect(dot.contains("\"PlayerInjectID\" -> \"ToastInjectID\";"))
        #expect(chart.contains("n0 --> n1"))
    }

    @Test("The article: a screen's loads as lines and as a graph")
    func article() {
        let container = playerContainer()
        do {
            let trace = container.startTrace()
            openPlayerScreen(container)
            trace.stop()
            print(trace)
            let graph = trace.graphviz  // render with `dot -Tsvg`
            let chart = trace.mermaid  // paste into a Markdown file that renders Mermaid
            #expect(trace.description.contains("AnalyticsInjectID missing"))
            #expect(graph.contains("style=dashed"))
            #expect(chart.hasPrefix("graph TD"))
        }
        do {
            let container = playerContainer()
            let trace = container.startTrace()
            _ = container.load(.player)
            trace.stop()
            #expect(trace.loads.map(\.id) == ["PlayerInjectID"])
            #expect(trace.loads.first?.loads.first?.outcome == .made)
        }
        do {
            let trace = container.startTrace(maximumLoads: 1_000)
            #expect(trace.maximumLoads == 1_000)
        }
    }

    @Test("A .graph service shared within one load reads as reused")
    func graphReused() {
        let container = Container()
        container.register(.toast, scope: .graph) { RecordingToast() }
        container.register(.player) { resolver in
            let toast = resolver.load(.toast)
            toast?.show("Loading")
            return Player(toast: resolver.load(.toast))
        }
        let trace = container.startTrace()
        _ = container.load(.player)
        trace.stop()
        print(trace)
        let toasts = trace.loads.first?.loads ?? []
        #expect(toasts.map(\.outcome) == [.made, .reused])
        #expect(toasts.map(\.scope) == ["graph", "graph"])
    }

    @Test("Which context's registration answered: the registrations, not the trace")
    func answeringContext() {
        let container = Container()
        container.setActiveContexts([.preview])
        container.register(.analytics) { ConsoleAnalytics() }
        container.register(.analytics, context: .preview) { NullAnalytics() }
        let trace = container.startTrace()
        _ = container.load(.analytics)
        trace.stop()
        let answering = container.registrations.first { $0.id == "AnalyticsInjectID" }
        print(answering?.context ?? "default")  // preview
        #expect(answering?.context == .preview)
        #expect(trace.loads.first?.outcome == .made)
    }
}
