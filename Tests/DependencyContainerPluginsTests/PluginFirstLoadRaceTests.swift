import DependencyContainer
import Foundation
import Testing

@testable import DependencyContainerPlugins

@Suite("Installed plugins: threads racing on a first load", .tags(.concurrency))
struct PluginFirstLoadRaceTests {
    @Test("Eight threads racing on the first load load the library once and get one service")
    func eightThreads() throws {
        let fixture = try InstalledPluginFixture()
        defer { fixture.remove() }
        try fixture.place()
        for _ in 0..<InstalledPluginFixture.raceRounds {
            let before = fixture.opens.withLock { $0 }
            let container = Container()
            container.register(.hostPlayer, scope: .singleton) { resolver in
                HostPlayer(toast: resolver.load(.pluginToast))
            }
            let loader = fixture.loader(into: container, delay: 0.001)
            #expect(loader.install(in: fixture.directory).failures.isEmpty)
            let seen = InstalledPluginFixture.racing { index in
                let toast =
                    index % 2 == 0 ? container.load(.pluginToast) : container.load(.hostPlayer)?.toast
                return toast.map(ObjectIdentifier.init)
            }
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
        for _ in 0..<max(InstalledPluginFixture.raceRounds / 4, 10) {
            let container = Container()
            let (loader, opens) = InstalledPluginFixture.failingLoader(into: container)
            #expect(loader.install(at: path).isInstalled)
            let loaded = InstalledPluginFixture.racing { _ in container.load(.pluginToast) != nil }
            #expect(loaded.count == 8 && !loaded.contains(true))
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
