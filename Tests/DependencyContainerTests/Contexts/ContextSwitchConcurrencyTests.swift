import DependencyContainer
import Testing

@Suite("Contexts: switching while other threads load", .tags(.concurrency))
struct ContextSwitchConcurrencyTests {
    @Test("Loads racing context switches get the answering context's singleton, never a retired one")
    func racingSwitches() async throws {
        let container = Container()
        container.setActiveContexts([])
        let id = uniqueID(ContextService.self)
        container.register(id, scope: .singleton, onDispose: { $0.dispose() }) { ContextService("default") }
        container.register(id, scope: .singleton, context: .preview, onDispose: { $0.dispose() }) {
            ContextService("preview")
        }
        let stop = LockedValue(false)
        let strays = LockedValue(0)
        let loaders = (0..<3).map { _ in
            Task.detached {
                while !stop.withLock({ $0 }) {
                    guard let service = container.load(id) else { continue }
                    if service.origin != "default" && service.origin != "preview" {
                        strays.withLock { $0 += 1 }
                    }
                }
            }
        }
        for round in 0..<200 {
            container.setActiveContexts(round.isMultiple(of: 2) ? [.preview] : [])
            let expected = round.isMultiple(of: 2) ? "preview" : "default"
            #expect(container.load(id)?.origin == expected)
        }
        stop.withLock { $0 = true }
        for loader in loaders { await loader.value }
        #expect(strays.withLock { $0 } == 0)
        container.setActiveContexts([])
        let last = try #require(container.load(id))
        #expect(last.origin == "default" && last.disposeCount == 0)
    }
}
