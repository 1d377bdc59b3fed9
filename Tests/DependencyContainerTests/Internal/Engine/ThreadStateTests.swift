import DependencyContainer
import Testing

@Suite("Per-thread snapshot cache")
struct ThreadStateTests {
    @Test("More containers than cache slots, read in turn, each answer from its own registrations")
    func evictionKeepsAnswersRight() {
        let containers = (0..<20).map { index in
            let container = Container()
            container.register(InjectID<Int>("value")) { index }
            // Enough reads for each container to publish a snapshot the thread caches.
            for _ in 0..<16 { _ = container.load(InjectID<Int>("value")) }
            return container
        }
        for round in 0..<3 {
            for (index, container) in containers.enumerated() {
                #expect(container.load(InjectID<Int>("value")) == index, "round \(round)")
            }
        }
    }

    @Test("A change after caching is seen by the next load on the same thread")
    func changeInvalidatesCache() {
        let container = Container()
        container.register(InjectID<Int>("value")) { 1 }
        for _ in 0..<16 { _ = container.load(InjectID<Int>("value")) }
        container.register(InjectID<Int>("value")) { 2 }
        #expect(container.load(InjectID<Int>("value")) == 2)
        container.unregister(InjectID<Int>("value"))
        #expect(container.load(InjectID<Int>("value")) == nil)
    }

    @Test("A freed container's cached registrations do not answer for a new container")
    func freedContainer() {
        for index in 0..<30 {
            let container = Container()
            if index.isMultiple(of: 2) { container.register(InjectID<Int>("value")) { index } }
            for _ in 0..<16 { _ = container.load(InjectID<Int>("value")) }
            #expect(container.load(InjectID<Int>("value")) == (index.isMultiple(of: 2) ? index : nil))
        }
    }
}
