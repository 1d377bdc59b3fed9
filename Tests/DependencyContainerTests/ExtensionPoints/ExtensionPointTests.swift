import DependencyContainer
import Foundation
import Synchronization
import Testing

/// An element that features contribute to a menu.
private struct MenuItem: Sendable, Equatable {
    let title: String
}

/// A unique extension point per call, so tests that run in parallel never share one.
private func uniquePoint(_ label: String = #function) -> ExtensionPoint<MenuItem> {
    ExtensionPoint("\(label)-\(UUID().uuidString)")
}

@Suite("Extension points", .tags(.concurrency))
struct ExtensionPointTests {
    @Test("Elements load by descending priority, then by name, whatever the contribution order")
    func order() {
        let contributions: [(name: String, priority: Int)] = [
            ("share", 10), ("queue", 0), ("download", 0), ("sleep timer", -5), ("airplay", 10),
        ]
        var rng = SplitMix64(seed: 0x0DE5)
        for _ in 0..<20 {
            let container = Container()
            let point = uniquePoint()
            for (name, priority) in contributions.shuffled(using: &rng) {
                #expect(
                    container.contribute(to: point, named: name, priority: priority) { MenuItem(title: name) }
                        .isRegistered)
            }
            #expect(
                container.load(point).map(\.title) == [
                    "airplay", "share", "download", "queue", "sleep timer",
                ])
            #expect(
                container.contributions(to: point) == [
                    "airplay", "share", "download", "queue", "sleep timer",
                ])
            #expect((try? container.require(point))?.count == 5)
        }
    }

    @Test("A point nobody contributes to loads as empty, without a diagnostic")
    func empty() throws {
        let container = Container()
        let log = EventLog()
        container.setDiagnosticsHandler(log.handler)
        #expect(container.load(uniquePoint()).isEmpty)
        #expect(try container.require(uniquePoint()).isEmpty)
        #expect(log.all.isEmpty)
    }

    @Test("A contribution of the same name replaces the earlier one; removal takes it out")
    func replaceAndRemove() {
        let container = Container()
        let log = EventLog()
        container.setDiagnosticsHandler(log.handler)
        let point = uniquePoint()
        container.contribute(to: point, named: "share") { MenuItem(title: "Share v1") }
        container.contribute(to: point, named: "queue") { MenuItem(title: "Queue") }
        let outcome = container.contribute(to: point, named: "share") { MenuItem(title: "Share v2") }
        guard case .replaced(let previous) = outcome else {
            Issue.record("expected a replacement, got \(outcome)")
            return
        }
        #expect(previous.id == "\(point.name)[share]")
        #expect(container.load(point).map(\.title) == ["Queue", "Share v2"])
        #expect(log.descriptions.count == 1)

        #expect(container.removeContribution(named: "share", from: point))
        #expect(!container.removeContribution(named: "share", from: point))
        #expect(container.load(point).map(\.title) == ["Queue"])
        #expect(container.removeContribution(named: "queue", from: point))
        #expect(container.load(point).isEmpty)
        #expect(!container.registrations.contains { $0.id == point.name })
    }

    @Test("Each contribution keeps its scope; a new contribution keeps the others' singletons")
    func scopes() {
        let container = Container()
        let point = ExtensionPoint<StubPlayer>("Players-\(UUID())")
        container.contribute(to: point, named: "a", scope: .singleton) { StubPlayer(title: "a") }
        container.contribute(to: point, named: "b") { StubPlayer(title: "b") }
        let first = container.load(point)
        let second = container.load(point)
        #expect(first[0] === second[0])
        #expect(first[1] !== second[1])

        container.contribute(to: point, named: "c", scope: .singleton) { StubPlayer(title: "c") }
        #expect(container.load(point)[0] === first[0])

        let session = ExtensionPoint<StubPlayer>("SessionPlayers-\(UUID())")
        container.contribute(to: session, named: "s", scope: .session) { StubPlayer(title: "s") }
        let before = container.load(session)[0]
        #expect(container.load(session)[0] === before)
        #expect(container.reset(scope: .session) == 1)
        #expect(container.load(session)[0] !== before)
        #expect(container.load(point)[0] === first[0], "a reset leaves other scopes alone")
    }

    @Test("A contribution type in a named scope shares its element until the scope's reset")
    func contributionTypeInNamedScope() {
        let container = Container()
        container.contribute(SessionMenuEntry.self)
        let before = container.load(SessionMenuEntry.id)
        #expect(container.load(SessionMenuEntry.id).first === before.first)
        #expect(container.reset(scope: .session) == 1)
        #expect(container.load(SessionMenuEntry.id).first !== before.first)
    }

    @Test("A child adds to its parent's contributions and shadows them by name")
    func childContainers() {
        let parent = Container()
        let child = Container(parent: parent)
        let point = uniquePoint()
        parent.contribute(to: point, named: "share") { MenuItem(title: "Share") }
        parent.contribute(to: point, named: "queue", priority: 1) { MenuItem(title: "Queue") }
        child.contribute(to: point, named: "share") { MenuItem(title: "Share (kids)") }
        child.contribute(to: point, named: "cast") { MenuItem(title: "Cast") }

        #expect(child.load(point).map(\.title) == ["Queue", "Cast", "Share (kids)"])
        #expect(parent.load(point).map(\.title) == ["Queue", "Share"])
        #expect(child.contributions(to: point) == ["queue", "cast", "share"])
    }

    @Test("Test overrides add and replace contributions for the current task only")
    func overrides() {
        let container = Container()
        let point = uniquePoint()
        container.contribute(to: point, named: "share") { MenuItem(title: "Share") }
        container.contribute(to: point, named: "queue") { MenuItem(title: "Queue") }

        let inside = container.withOverrides { overrides in
            overrides.contribute(to: point, named: "share") { MenuItem(title: "Mock share") }
            overrides.contribute(to: point, named: "debug", priority: 100) { MenuItem(title: "Debug") }
        } operation: {
            container.load(point).map(\.title)
        }
        #expect(inside == ["Debug", "Queue", "Mock share"])
        #expect(container.load(point).map(\.title) == ["Queue", "Share"])
    }

    @Test("A failing contribution is left out and reported; require throws it")
    func failingContribution() {
        let container = Container()
        let log = EventLog()
        container.setDiagnosticsHandler(log.handler)
        let point = uniquePoint()
        container.contribute(to: point, named: "good") { MenuItem(title: "Good") }
        container.contribute(to: point, named: "bad") { () throws -> MenuItem in
            throw CocoaError(.featureUnsupported)
        }

        #expect(container.load(point).map(\.title) == ["Good"])
        #expect(log.descriptions.count == 1)
        #expect(log.descriptions.first?.contains("\(point.name)[bad]") == true)
        do {
            _ = try container.require(point)
            Issue.record("require succeeded")
        } catch {
            #expect(error.id == "\(point.name)[bad]")
        }
    }

    @Test("A point's name registered as a service, or as another element type, is a named error")
    func conflicts() {
        let container = Container()
        let log = EventLog()
        container.setDiagnosticsHandler(log.handler)
        let name = "Conflict-\(UUID())"
        container.register(InjectID<MenuItem>(name)) { MenuItem(title: "service") }

        let outcome = container.contribute(to: ExtensionPoint<MenuItem>(name), named: "x") {
            MenuItem(title: "x")
        }
        guard case .rejected(.typeMismatch(id: name, _, _)) = outcome else {
            Issue.record("expected a rejection, got \(outcome)")
            return
        }
        #expect(container.load(ExtensionPoint<MenuItem>(name)).isEmpty)
        #expect(throws: ContainerError.self) { try container.require(ExtensionPoint<MenuItem>(name)) }

        let pointName = "Point-\(UUID())"
        container.contribute(to: ExtensionPoint<MenuItem>(pointName), named: "x") { MenuItem(title: "x") }
        #expect(!container.contribute(to: ExtensionPoint<Int>(pointName), named: "y") { 1 }.isRegistered)
        #expect(container.load(ExtensionPoint<Int>(pointName)).isEmpty)
        #expect(container.load(InjectID<MenuItem>(pointName)) == nil)
        #expect(container.load(ExtensionPoint<MenuItem>(pointName)).map(\.title) == ["x"])
        #expect(
            !container.contribute(to: ExtensionPoint<MenuItem>(pointName), named: " ") { MenuItem(title: "") }
                .isRegistered)
        #expect(
            !container.contribute(to: ExtensionPoint<MenuItem>(""), named: "z") { MenuItem(title: "") }
                .isRegistered)
    }

    @Test("Contributions from a factory, and a cycle through a point")
    func throughResolver() {
        let container = Container()
        let point = uniquePoint()
        let menu = InjectID<[String]>("Menu-\(UUID())")
        container.register(menu) { resolver in resolver.load(point).map(\.title) }
        container.contribute(to: point, named: "share") { MenuItem(title: "Share") }
        #expect(container.load(menu) == ["Share"])

        container.contribute(to: point, named: "loop") { resolver in
            MenuItem(title: resolver.load(menu)?.joined() ?? "none")
        }
        #expect(container.load(menu) == nil)
        #expect(container.load(point).map(\.title) == ["Share"], "the contribution in the cycle is left out")
    }

    @Test("Introspection lists a point's contributors")
    func introspection() throws {
        let container = Container()
        let point = uniquePoint()
        container.contribute(to: point, named: "b") { MenuItem(title: "b") }
        container.contribute(to: point, named: "a", priority: 1) { MenuItem(title: "a") }
        let info = try #require(container.registrations.first { $0.id == point.name })
        #expect(info.serviceType == "extension point of MenuItem")
        #expect(info.provider == "contributions: a, b")
        #expect(point == ExtensionPoint<MenuItem>(point.name, optional: true))
    }

    @Test("Threads contributing and loading at once see every element in order")
    func concurrent() {
        let container = Container()
        let point = ExtensionPoint<Int>("Concurrent-\(UUID())")
        let failures = Protected<[String]>([])
        runOnThreads(4) { me in
            for index in 0..<200 {
                container.contribute(to: point, named: "t\(me)-\(1000 + index)", scope: .singleton) { index }
                let names = container.contributions(to: point)
                if names != names.sorted() || !names.contains("t\(me)-\(1000 + index)") {
                    failures.withLock { $0.append("thread \(me) step \(index)") }
                }
                _ = container.load(point)
            }
        }
        #expect(failures.withLock { $0 }.isEmpty)
        #expect(container.load(point).count == 800)
    }

    @Test("A plugin's staged contributions join the host's points, all or nothing")
    func adoption() {
        let host = Container()
        let point = uniquePoint()
        let service = InjectID<Int>("PluginService-\(UUID())")
        host.contribute(to: point, named: "host") { MenuItem(title: "Host") }

        let plugin = Container()
        plugin.contribute(to: point, named: "plugin", priority: 1) { MenuItem(title: "Plugin") }
        plugin.register(service) { 7 }
        #expect(plugin.ownContributions == [point.name: ["plugin"]])
        let adoption = host.adoptRegistrations(of: plugin, replacingExisting: false)
        #expect(adoption.adopted && adoption.conflicts.isEmpty)
        #expect(host.load(point).map(\.title) == ["Plugin", "Host"])
        #expect(host.load(service) == 7)

        // A second plugin whose contribution name is taken changes nothing, not even its service.
        let clashing = Container()
        let other = InjectID<Int>("OtherService-\(UUID())")
        clashing.register(other) { 8 }
        clashing.contribute(to: point, named: "host") { MenuItem(title: "Clash") }
        let outcome = host.adoptRegistrations(of: clashing, replacingExisting: false)
        #expect(!outcome.adopted)
        #expect(outcome.conflicts == ["\(point.name)[host]"])
        #expect(host.load(point).map(\.title) == ["Plugin", "Host"])
        #expect(host.load(other) == nil)
    }

    @Test("Contributing thousands of elements, some replaced and removed, keeps each once in load order")
    func contributingManyElements() {
        let container = Container()
        let point = uniquePoint()
        let count = 8_192
        var expected: [String: Int] = [:]
        for index in 0..<count {
            // Names in another order than priorities and contributions, and some replaced
            // and removed on the way.
            let name = "c\((index &* 7_919) % count)"
            container.contribute(to: point, named: name, priority: index % 8) { MenuItem(title: name) }
            expected[name] = index % 8
            if index % 16 == 15 {
                container.contribute(to: point, named: name, priority: -1) { MenuItem(title: name) }
                expected[name] = -1
            }
            if index % 64 == 63 {
                container.removeContribution(named: name, from: point)
                expected[name] = nil
            }
        }
        let order = expected.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map(
            \.key)
        #expect(container.contributions(to: point) == order)
        #expect(container.load(point).map(\.title) == order)
    }

    @Test("Large points keep the load order through replacements, removals, resets, children and transfers")
    func largePointModel() {
        let seed = UInt64(environmentInteger("DC_TEST_SEED") ?? 0x5E7)
        var rng = SplitMix64(seed: seed)
        let parent = Container()
        let child = Container(parent: parent)
        let point = uniquePoint()
        /// The model: name → (priority, serial) per container.
        var model: [[String: (priority: Int, serial: Int)]] = [[:], [:]]
        let names = (0..<400).map { "n\($0)" }
        var serial = 0
        for step in 0..<6_000 {
            let level = rng.chance(90) ? 0 : 1
            let container = level == 0 ? parent : child
            let name = rng.pick(names)
            switch rng.int(below: 100) {
            case 0..<60:
                serial += 1
                let priority = rng.int(below: 6)
                let title = "\(name)#\(serial)"
                let outcome =
                    rng.chance(30)
                    ? container.contribute(to: point, named: name, priority: priority, scope: .session) {
                        MenuItem(title: title)
                    }
                    : container.contribute(to: point, named: name, priority: priority) {
                        MenuItem(title: title)
                    }
                let replaced = model[level].updateValue((priority, serial), forKey: name) != nil
                if case .replaced = outcome {
                    #expect(replaced, "seed \(seed) step \(step): replaced \(name), which the model lacks")
                } else {
                    #expect(!replaced, "seed \(seed) step \(step): added \(name), which the model has")
                }
            case 60..<90:
                let removed = container.removeContribution(named: name, from: point)
                #expect(
                    removed == (model[level].removeValue(forKey: name) != nil),
                    "seed \(seed) step \(step): removing \(name)")
            case 90..<95:
                container.reset(scope: .session)
            default:
                // A transfer that fails changes nothing, though it made sets from the point's.
                let staging = Container()
                staging.contribute(to: point, named: name) { MenuItem(title: "staged") }
                let clash = model[0][name] != nil
                let outcome = parent.adoptRegistrations(of: staging, replacingExisting: false)
                #expect(outcome.adopted == !clash, "seed \(seed) step \(step): transfer of \(name)")
                if !clash {
                    serial += 1
                    model[0][name] = (0, serial)
                    // The staged element's title is fixed; recontribute it with the model's.
                    let title = "\(name)#\(serial)"
                    parent.contribute(to: point, named: name) { MenuItem(title: title) }
                }
            }
            guard step % 200 == 0 || step == 5_999 else { continue }
            for (level, container) in [parent, child].enumerated() {
                let visible = level == 0 ? model[0] : model[0].merging(model[1]) { _, nearer in nearer }
                let expected = visible.sorted {
                    $0.value.priority != $1.value.priority
                        ? $0.value.priority > $1.value.priority : $0.key < $1.key
                }
                #expect(
                    container.load(point).map(\.title) == expected.map { "\($0.key)#\($0.value.serial)" },
                    "seed \(seed) step \(step): load order of \(level == 0 ? "parent" : "child")")
            }
        }
        // A copy for another container has the same order.
        let copy = Container()
        #expect(copy.adoptRegistrations(of: parent, replacingExisting: false).adopted)
        #expect(copy.contributions(to: point) == parent.contributions(to: point))
    }
}

/// A contribution whose element lives in the session scope.
private enum SessionMenuEntry: InjectContribution {
    static let id = ExtensionPoint<StubPlayer>("SessionMenu-\(UUID())")
    static var scope: Scope { .session }
    static func make(with resolver: Resolver) -> StubPlayer { StubPlayer(title: "Sign out") }
}
