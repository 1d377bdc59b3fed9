import DependencyContainer
import Testing

struct ToastFailure: Error, CustomStringConvertible {
    var description: String { "toast service is down" }
}

@Suite("Container: loading")
struct ContainerLoadingTests {
    @Test("load(_:default:) falls back only when nothing is registered")
    func loadWithDefault() {
        let container = Container()
        #expect(container.load(.player, default: StubPlayer(title: "fallback")).title == "fallback")
        container.register(.player) { _ in StubPlayer(title: "real") }
        #expect(container.load(.player, default: StubPlayer(title: "fallback")).title == "real")
    }

    @Test("require names the ID, the requested type and what is registered")
    func requireMissing() {
        let container = Container()
        container.register(.toast) { _ in RecordingToast() }
        #expect {
            try container.require(.player)
        } throws: { error in
            guard let error = error as? ContainerError, case .notRegistered(let id, let type, let ids) = error
            else { return false }
            return id == "PlayerInjectID" && type == "any PlayerInject" && ids == ["ToastInjectID"]
                && error.description
                    == "No registration for ID 'PlayerInjectID' (requested as `any PlayerInject`); "
                    + "registered IDs: 'ToastInjectID'"
        }
    }

    @Test("require returns the service when it is registered")
    func requirePresent() throws {
        let container = Container()
        container.register(.player) { _ in StubPlayer(title: "ok") }
        #expect(try container.require(.player).title == "ok")
    }

    @Test("A value of the wrong type is a type mismatch that names both types")
    func typeMismatch() {
        let container = Container()
        container.register(.toast) { _ in RecordingToast() }
        let wrongID = InjectID<any PlayerInject>("ToastInjectID")
        #expect(container.load(wrongID) == nil)
        #expect {
            try container.require(wrongID)
        } throws: { error in
            (error as? ContainerError)?.description
                == "ID 'ToastInjectID' is registered, but its value RecordingToast is not an `any PlayerInject`"
        }
    }

    @Test("A factory that throws fails the load and names the ID and the error")
    func throwingFactory() {
        let container = Container()
        let log = EventLog()
        container.setDiagnosticsHandler(log.handler)
        container.register(.toast) { _ throws -> any ToastInject in throw ToastFailure() }
        #expect(container.load(.toast) == nil)
        #expect(
            log.descriptions == ["failed: The factory for ID 'ToastInjectID' failed: toast service is down"])
        #expect {
            try container.require(.toast)
        } throws: { error in
            guard case .factoryFailed(let id, let underlying) = error as? ContainerError else { return false }
            return id == "ToastInjectID" && underlying is ToastFailure
        }
    }

    @Test("A failing dependency loaded with require fails its dependent")
    func failingDependency() {
        let container = Container()
        container.register(.toast) { resolver in RecordingToast(player: try resolver.require(.player)) }
        #expect {
            try container.require(.toast)
        } throws: { error in
            (error as? ContainerError)?.description
                == "The factory for ID 'ToastInjectID' failed: No registration for ID 'PlayerInjectID' "
                + "(requested as `any PlayerInject`); registered IDs: 'ToastInjectID'"
        }
    }

    @Test("Factories load their dependencies through the resolver without deadlock")
    func nestedLoads() {
        let container = Container()
        container.register(.player, scope: .singleton) { _ in StubPlayer(title: "nested") }
        container.register(.toast, scope: .singleton) { resolver in
            RecordingToast(player: resolver.load(.player))
        }
        let toast = container.load(.toast) as? RecordingToast
        #expect(toast?.player?.title == "nested")
    }

    @Test("A factory may call the container directly instead of its resolver")
    func directContainerCallsInFactory() {
        let container = Container()
        container.register(.player, scope: .singleton) { _ in StubPlayer(title: "direct") }
        container.register(.toast, scope: .singleton) { _ in RecordingToast(player: container.load(.player)) }
        #expect((container.load(.toast) as? RecordingToast)?.player?.title == "direct")
    }
}

@Suite("Container: cycles")
struct ContainerCycleTests {
    @Test("A → B → A is reported with its whole path, not a hang or a crash")
    func twoCycle() {
        let container = Container()
        let log = EventLog()
        container.setDiagnosticsHandler(log.handler)
        container.register(.toast) { resolver in RecordingToast(player: resolver.load(.player)) }
        container.register(.player) { resolver -> any PlayerInject in
            _ = resolver.load(.toast)
            return StubPlayer()
        }
        #expect(container.load(.toast) == nil)
        #expect(
            log.descriptions == [
                "failed: Dependency cycle: 'ToastInjectID' → 'PlayerInjectID' → 'ToastInjectID'"
            ])
        #expect {
            try container.require(.player)
        } throws: { error in
            guard case .cycle(let path) = error as? ContainerError else { return false }
            return path == ["PlayerInjectID", "ToastInjectID", "PlayerInjectID"]
        }
    }

    @Test("A factory that loads itself is a cycle of one", arguments: Scope.builtIn)
    func selfCycle(scope: Scope) {
        let container = Container()
        let id = InjectID<Int>("self")
        container.register(id, scope: scope) { resolver in (resolver.load(id) ?? 0) + 1 }
        #expect {
            try container.require(id)
        } throws: { error in
            guard case .cycle(let path) = error as? ContainerError else { return false }
            return path == ["self", "self"]
        }
        // Nothing broken was cached: a fixed registration loads normally afterwards.
        container.register(id, scope: scope) { _ in 1 }
        #expect(container.load(id) == 1)
    }

    @Test("A cycle of three names all three IDs in order")
    func threeCycle() {
        let container = Container()
        let a = InjectID<String>("A")
        let b = InjectID<String>("B")
        let c = InjectID<String>("C")
        container.register(a, scope: .singleton) { resolver in "a" + (resolver.load(b) ?? "") }
        container.register(b) { resolver in "b" + (resolver.load(c) ?? "") }
        container.register(c) { resolver in "c" + (resolver.load(a) ?? "") }
        #expect {
            try container.require(a)
        } throws: { error in
            (error as? ContainerError)?.description == "Dependency cycle: 'A' → 'B' → 'C' → 'A'"
        }
        #expect(container.load(b) == nil)
    }

    @Test("A cycle caught inside a factory through require still fails the load")
    func cycleThroughRequire() {
        let container = Container()
        let a = InjectID<String>("A")
        let b = InjectID<String>("B")
        container.register(a) { resolver in try resolver.require(b) }
        container.register(b) { resolver in (try? resolver.require(a)) ?? "recovered" }
        #expect {
            try container.require(a)
        } throws: { error in
            guard case .cycle(let path) = error as? ContainerError else { return false }
            return path == ["A", "B", "A"]
        }
    }

    @Test("A deep but acyclic chain resolves")
    func deepChain() {
        let container = Container()
        let depth = 200
        for level in 0..<depth {
            let id = InjectID<Int>("level-\(level)")
            let next = InjectID<Int>("level-\(level + 1)")
            container.register(id) { resolver in (resolver.load(next) ?? 0) + 1 }
        }
        #expect(container.load(InjectID<Int>("level-0")) == depth)
    }
}
