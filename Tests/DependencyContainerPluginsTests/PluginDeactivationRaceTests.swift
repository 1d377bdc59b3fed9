import DependencyContainer
import Foundation
import Testing

@testable import DependencyContainerPlugins

@Suite("Plugin deactivation races loads, other plugins and itself", .tags(.concurrency))
struct PluginDeactivationRaceTests {
    /// Rounds per thread; CI's sanitizer runs set DC_STRESS_ITERATIONS higher for the other
    /// suites, and each round here starts a thread, so it takes a tenth of it.
    private var rounds: Int {
        let configured =
            ProcessInfo.processInfo.environment["DC_STRESS_ITERATIONS"].flatMap(Int.init) ?? 2_000
        return max(50, min(configured / 10, 1_000))
    }

    private static let otherManifest = PluginManifest(
        name: "OtherTestPlugin", version: "1.0.0", providedIDs: ["OtherTestID"])

    @Test("Loads see the whole plugin or none of it while it goes and comes back from several threads")
    func racingLoadsAndItself() throws {
        let container = Container()
        container.register(.hostPlayer, scope: .singleton) { resolver in
            HostPlayer(toast: resolver.load(.pluginToast))
        }
        // Dependents both ways: made with the plugin's menu entry or without it, and by an async factory.
        let menuID = InjectID<[String]>("HostMenuID")
        container.register(menuID, scope: .singleton) { resolver in resolver.load(.pluginMenu) }
        let asyncPlayer = InjectID<HostPlayer>("AsyncPlayerID")
        container.registerAsync(asyncPlayer, scope: .singleton) { resolver in
            HostPlayer(toast: await resolver.loadAsync(.pluginToast))
        }
        let loader = PluginLoader(container: container)
        let plugin = try InProcessPlugin.load(InProcessPlugin.toast(), into: loader)
        // As an address: a pointer is not Sendable, and the descriptor lives for the process.
        let other = UInt(
            bitPattern: PluginExport.descriptor(manifest: Self.otherManifest) { container in
                container.register(InjectID<Int>("OtherTestID"), scope: .singleton) { 7 }
            })
        let rounds = self.rounds
        let stop = LockedValue(false)
        let problems = LockedValue<[String]>([])
        let record: @Sendable (String) -> Void = { problem in problems.withLock { $0.append(problem) } }
        let writers = DispatchGroup()
        let readers = DispatchGroup()
        func spawn(in group: DispatchGroup, _ body: @escaping @Sendable () -> Void) {
            group.enter()
            Thread.detachNewThread {
                body()
                group.leave()
            }
        }
        // Two switchers: each round deactivates and activates, racing the other.
        for switcher in 0..<2 {
            spawn(in: writers) {
                for round in 0..<rounds {
                    do {
                        try loader.deactivate(plugin, resettingDependents: round % 2 == switcher)
                    } catch PluginActivationError.alreadyInactive {
                    } catch {
                        record("deactivate: \(error)")
                    }
                    do {
                        try loader.activate(plugin, resettingDependents: round % 2 != switcher)
                    } catch PluginActivationError.alreadyActive {
                    } catch {
                        record("activate: \(error)")
                    }
                }
            }
        }
        // Another plugin loads and goes meanwhile.
        spawn(in: writers) {
            for _ in 0..<rounds / 4 {
                switch loader.load(
                    descriptor: UnsafeRawPointer(bitPattern: other)!, path: "/plugins/libOtherTestPlugin.so")
                {
                case .loaded(let loaded):
                    do { try loader.deactivate(loaded) } catch { record("other: \(error)") }
                case .alreadyLoaded:
                    do { try loader.activate(pluginNamed: "OtherTestPlugin") } catch {
                        record("other: \(error)")
                    }
                    do { try loader.deactivate(pluginNamed: "OtherTestPlugin") } catch {
                        record("other: \(error)")
                    }
                case .failed(let error):
                    record("other load: \(error)")
                }
            }
        }
        // Readers: every load is whole, and the registrations show both parts or neither.
        for _ in 0..<2 {
            spawn(in: readers) {
                while !stop.withLock({ $0 }) {
                    if let toast = container.load(.pluginToast), toast.generation < 1 {
                        record("a toast that was never made: \(toast.generation)")
                    }
                    let menu = container.load(.pluginMenu)
                    if !(menu.isEmpty || menu == ["Notify when live"]) { record("menu \(menu)") }
                    _ = container.load(.hostPlayer)?.toast?.generation
                    if let held = container.load(menuID), !(held.isEmpty || held == ["Notify when live"]) {
                        record("host menu \(held)")
                    }
                    let ids = Set(container.registrations.map(\.id))
                    if ids.contains("PluginToastID") != ids.contains("PluginMenuPoint") {
                        record("half a plugin: \(ids.sorted())")
                    }
                }
            }
        }
        // An async reader: async factories note what they meet on their task-local frames.
        spawn(in: readers) {
            while !stop.withLock({ $0 }) {
                let done = DispatchSemaphore(value: 0)
                Task {
                    if let toast = await container.loadAsync(asyncPlayer)?.toast, toast.generation < 1 {
                        record("an async player's toast that was never made: \(toast.generation)")
                    }
                    done.signal()
                }
                done.wait()
            }
        }
        writers.wait()
        stop.withLock { $0 = true }
        readers.wait()
        #expect(problems.withLock { $0 }.isEmpty, "\(problems.withLock { $0.prefix(5) })")
        #expect(loader.loadedPlugins.map(\.manifest.name) == ["ToastTestPlugin"])
        #expect(container.load(.pluginToast) != nil)
        #expect(container.load(.pluginMenu) == ["Notify when live"])
    }
}
