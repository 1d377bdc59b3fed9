import DependencyContainer
import Testing

@Suite("Container: test overrides", .tags(.concurrency))
struct ContainerOverridesTests {
    @Test("An override replaces a registration inside the operation only")
    func scopedOverride() {
        let container = Container()
        container.register(.player) { _ in StubPlayer(title: "real") }
        let inside = container.withOverrides { overrides in
            overrides.register(.player) { _ in StubPlayer(title: "mock") }
        } operation: {
            container.load(.player)?.title
        }
        #expect(inside == "mock")
        #expect(container.load(.player)?.title == "real")
    }

    @Test("A mock's dependencies and its dependents resolve through the real container")
    func overrideInGraph() {
        let container = Container()
        container.register(.toast) { resolver in RecordingToast(player: resolver.load(.player)) }
        container.register(.player) { _ in StubPlayer(title: "real") }
        let title = container.withOverrides { overrides in
            overrides.register(.player) { _ in StubPlayer(title: "mock") }
        } operation: {
            (container.load(.toast) as? RecordingToast)?.player?.title
        }
        #expect(title == "mock")
    }

    @Test("Overrides nest, innermost first")
    func nesting() {
        let container = Container()
        let titles = container.withOverrides {
            $0.register(.player) { _ in StubPlayer(title: "outer") }
        } operation: {
            let inner = container.withOverrides {
                $0.register(.player) { _ in StubPlayer(title: "inner") }
            } operation: {
                container.load(.player)?.title
            }
            return [inner, container.load(.player)?.title]
        }
        #expect(titles == ["inner", "outer"])
    }

    @Test("An override on one container does not affect another")
    func targetsOneContainer() {
        let first = Container()
        let second = Container()
        second.register(.player) { _ in StubPlayer(title: "second") }
        let title = first.withOverrides {
            $0.register(.player) { _ in StubPlayer(title: "mock") }
        } operation: {
            second.load(.player)?.title
        }
        #expect(title == "second")
    }

    @Test("Parallel tasks each see only their own overrides")
    func parallelIsolation() async {
        let container = Container()
        container.register(.player) { _ in StubPlayer(title: "real") }
        let mismatches = await withTaskGroup(of: Int.self) { group in
            for task in 0..<16 {
                group.addTask {
                    await container.withOverrides { overrides in
                        overrides.register(.player) { _ in StubPlayer(title: "mock-\(task)") }
                    } operation: {
                        var wrong = 0
                        for _ in 0..<200 {
                            await Task.yield()
                            if container.load(.player)?.title != "mock-\(task)" { wrong += 1 }
                        }
                        return wrong
                    }
                }
            }
            return await group.reduce(0, +)
        }
        #expect(mismatches == 0)
        #expect(container.load(.player)?.title == "real")
    }

    @Test("Child tasks inherit the overrides")
    func childTasksInherit() async {
        let container = Container()
        let title = await container.withOverrides {
            $0.register(.player) { _ in StubPlayer(title: "mock") }
        } operation: {
            async let fromChild = container.load(.player)?.title
            return await fromChild
        }
        #expect(title == "mock")
    }
}
