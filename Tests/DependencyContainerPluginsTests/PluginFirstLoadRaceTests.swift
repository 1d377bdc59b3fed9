import DependencyContainer
import Foundation
import Testing

@testable import DependencyContainerPlugins

@Suite("Installed plugins: threads racing on a first load", .tags(.concurrency))
struct PluginFirstLoadRaceTests {
    /// Rounds; CI's sanitizer runs set DC_STRESS_ITERATIONS higher, and each round starts 8 threads.
    private var rounds: Int {
        let configured =
            ProcessInfo.processInfo.environment["DC_STRESS_ITERATIONS"].flatMap(Int.init) ?? 2_000
        return max(20, min(configured / 100, 200))
    }

    @Test("Eight threads racing on the first load load the library once and get one service")
    func eightThreads() throws {
        let fixture = try InstalledPluginFixture()
        defer { fixture.remove() }
        try fixture.place()
        for _ in 0..<rounds {
            let before = fixture.opens.withLock { $0 }
            let container = Container()
            container.register(.hostPlayer, scope: .singleton) { resolver in
                HostPlayer(toast: resolver.load(.pluginToast))
            }
            let loader = fixture.loader(into: container, delay: 0.001)
            #expect(loader.install(in: fixture.directory).failures.isEmpty)
            let start = DispatchSemaphore(value: 0)
            let group = DispatchGroup()
            let toasts = LockedValue<[ObjectIdentifier?]>([])
            for index in 0..<8 {
                group.enter()
                Thread.detachNewThread {
                    start.wait()
                    let toast =
                        index % 2 == 0 ? container.load(.pluginToast) : container.load(.hostPlayer)?.toast
                    toasts.withLock { $0.append(toast.map(ObjectIdentifier.init)) }
                    group.leave()
                }
            }
            for _ in 0..<8 { start.signal() }
            group.wait()
            let seen = toasts.withLock { $0 }
            #expect(seen.count == 8)
            #expect(!seen.contains(nil))
            #expect(Set(seen).count == 1)
            #expect(fixture.opens.withLock { $0 } == before + 1)
            #expect(loader.firstLoadFailures.isEmpty)
        }
    }

    @Test("Threads racing on a first load that fails all get nil, and it is tried once")
    func failingFirstLoad() throws {
        let fixture = try InstalledPluginFixture()
        defer { fixture.remove() }
        let path = try fixture.place()
        for _ in 0..<max(rounds / 4, 10) {
            let container = Container()
            let opens = LockedValue(0)
            let loader = PluginLoader(container: container, stepHook: nil) { path in
                opens.withLock { $0 += 1 }
                Thread.sleep(forTimeInterval: 0.001)
                return .failure(.fileMissing(path: path))
            }
            #expect(loader.install(at: path).isInstalled)
            let group = DispatchGroup()
            let loaded = LockedValue(0)
            for _ in 0..<8 {
                group.enter()
                Thread.detachNewThread {
                    if container.load(.pluginToast) != nil { loaded.withLock { $0 += 1 } }
                    group.leave()
                }
            }
            group.wait()
            #expect(loaded.withLock { $0 } == 0)
            #expect(opens.withLock { $0 } == 1)
            #expect(loader.firstLoadFailures.count == 1)
            #expect(container.registrations.isEmpty)
        }
    }
}

extension PluginLoadResult {
    /// Whether the plugin was loaded or installed.
    var isInstalled: Bool {
        if case .loaded = self { return true }
        return false
    }
}
