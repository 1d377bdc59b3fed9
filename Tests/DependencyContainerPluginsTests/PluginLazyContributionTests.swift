import DependencyContainer
import Foundation
import Testing

@testable import DependencyContainerPlugins

@Suite("Installed plugins: contributions wait as placeholders until their point is loaded")
struct PluginLazyContributionTests {
    /// A container with the host's own menu entry, `report`.
    static func hostContainer() -> Container {
        let container = Container()
        container.contribute(to: .pluginMenu, named: "report") { "Report a problem" }
        return container
    }

    @Test("Installing a contributing plugin runs no plugin code; the first load of its point loads it once")
    func firstLoadOfPoint() throws {
        let fixture = try InstalledPluginFixture()
        defer { fixture.remove() }
        let container = Self.hostContainer()
        let loader = try fixture.installContributing(into: container)
        #expect(loader.installedPlugins.first?.contributions == ["PluginMenuPoint[notify]"])
        #expect(fixture.opens.withLock { $0 } == 0)
        #expect(!loader.isLibraryLoaded(pluginNamed: "ToastTestPlugin"))
        #expect(container.contributions(to: .pluginMenu) == ["notify", "report"])
        #expect(fixture.opens.withLock { $0 } == 0)

        #expect(container.load(.pluginMenu) == ["Notify when live", "Report a problem"])
        #expect(fixture.opens.withLock { $0 } == 1)
        #expect(loader.isLibraryLoaded(pluginNamed: "ToastTestPlugin"))
        #expect(container.load(.pluginMenu) == ["Notify when live", "Report a problem"])
        #expect(container.load(.pluginToast)?.generation == 1)
        #expect(fixture.opens.withLock { $0 } == 1)
        #expect(loader.firstLoadFailures.isEmpty)
        #expect(loader.loadedPlugins.first?.contributions == ["PluginMenuPoint[notify]"])
    }

    @Test("The article's load of a point loads the contributing plugin's library once")
    func articleExample() throws {
        let fixture = try InstalledPluginFixture()
        defer { fixture.remove() }
        let container = Container()
        let loader = try fixture.installContributing(into: container)
        let entries = container.load(.playerMenu)  // loads the contributing plugins' libraries once
        #expect(entries == ["Notify when live"])
        #expect(container.load(.playerMenu) == entries)
        #expect(fixture.opens.withLock { $0 } == 1)
        #expect(loader.isLibraryLoaded(pluginNamed: "ToastTestPlugin"))
    }

    @Test("A point only installed plugins contribute to takes its type from the load; require loads it too")
    func placeholderOnlyPoint() throws {
        let fixture = try InstalledPluginFixture()
        defer { fixture.remove() }
        let container = Container()
        let loader = try fixture.installContributing(into: container)
        #expect(container.registrations.map(\.id).sorted() == ["PluginMenuPoint", "PluginToastID"])
        #expect(
            container.registrations.first { $0.id == "PluginMenuPoint" }?.serviceType
                == "extension point of PlaceholderContribution")
        #expect(try container.require(.pluginMenu) == ["Notify when live"])
        #expect(fixture.opens.withLock { $0 } == 1)
        #expect(loader.isLibraryLoaded(pluginNamed: "ToastTestPlugin"))
        #expect(
            container.registrations.first { $0.id == "PluginMenuPoint" }?.serviceType
                == "extension point of String")

        // The host contributes after the install, before any load: the point takes its type.
        let later = Container()
        let laterLoader = try fixture.installContributing(into: later)
        #expect(later.contribute(to: .pluginMenu, named: "report") { "Report a problem" }.isRegistered)
        #expect(fixture.opens.withLock { $0 } == 1)
        // A child's load runs its parent's placeholders, and sees its own contributions too.
        let child = Container(parent: later)
        child.contribute(to: .pluginMenu, named: "child") { "Child's entry" }
        #expect(child.load(.pluginMenu) == ["Child's entry", "Notify when live", "Report a problem"])
        #expect(fixture.opens.withLock { $0 } == 2)
        #expect(later.load(.pluginMenu) == ["Notify when live", "Report a problem"])
        #expect(laterLoader.isLibraryLoaded(pluginNamed: "ToastTestPlugin"))
    }

    @Test("A contribution the host already has refuses the install, naming it, under the default policy")
    func conflictAtInstall() throws {
        let fixture = try InstalledPluginFixture()
        defer { fixture.remove() }
        try fixture.place(InstalledPluginFixture.contributingManifest)
        let container = Container()
        container.contribute(to: .pluginMenu, named: "notify") { "Host's notify" }
        let loader = fixture.loader(into: container, descriptor: InProcessPlugin.toast())
        let report = loader.install(in: fixture.directory)
        guard case .duplicateIDs(_, let ids)? = report.failures.first else {
            Issue.record("expected duplicateIDs, got \(report.failures)")
            return
        }
        #expect(ids == ["PluginMenuPoint[notify]"])
        #expect(container.load(.pluginMenu) == ["Host's notify"])
        #expect(container.registrations.map(\.id) == ["PluginMenuPoint"])
        #expect(fixture.opens.withLock { $0 } == 0)
    }

    @Test("A library missing at the first load of the point gives the other contributions and a report")
    func missingAtFirstLoad() throws {
        let fixture = try InstalledPluginFixture()
        defer { fixture.remove() }
        let path = try fixture.place(InstalledPluginFixture.contributingManifest)
        let container = Self.hostContainer()
        let reported = LockedValue<[String]>([])
        container.setDiagnosticsHandler { event in reported.withLock { $0.append("\(event)") } }
        let loader = PluginLoader(container: container)
        #expect(loader.install(in: fixture.directory).failures.isEmpty)
        try FileManager.default.removeItem(atPath: path)

        #expect(container.load(.pluginMenu) == ["Report a problem"])
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        #expect(loader.firstLoadFailures == [.fileMissing(path: resolved)])
        #expect(reported.withLock { $0 }.contains { $0.contains("PluginMenuPoint[notify]") })
        #expect(container.contributions(to: .pluginMenu) == ["report"])
        #expect(container.registrations.map(\.id) == ["PluginMenuPoint"])
        #expect(try container.require(.pluginMenu) == ["Report a problem"])
        #expect(container.load(.pluginToast) == nil)
        #expect(loader.firstLoadFailures.count == 1)
        #expect(loader.installedPlugins.isEmpty && loader.loadedPlugins.isEmpty)
    }

    @Test("A point whose placeholders outlive their loader gives the other contributions, without hanging")
    func orphanedPlaceholders() throws {
        let fixture = try InstalledPluginFixture()
        defer { fixture.remove() }
        let container = Self.hostContainer()
        let reported = LockedValue<[String]>([])
        container.setDiagnosticsHandler { event in reported.withLock { $0.append("\(event)") } }
        _ = try fixture.installContributing(into: container)
        #expect(container.load(.pluginMenu) == ["Report a problem"])
        #expect(try container.require(.pluginMenu) == ["Report a problem"])
        #expect(reported.withLock { $0 }.contains { $0.contains("whose loader was freed") })
        #expect(fixture.opens.withLock { $0 } == 0)
    }

    @Test("A library truncated at the first load of the point gives the other contributions and a report")
    func truncatedAtFirstLoad() throws {
        let fixture = try InstalledPluginFixture()
        defer { fixture.remove() }
        let built = try fixture.builder.buildLibrary(
            named: "ToastTestPlugin", source: "int toast_test_plugin = 1;\n")
        let whole = try Data(contentsOf: URL(fileURLWithPath: built))
        let path = try fixture.place(InstalledPluginFixture.contributingManifest, library: whole)
        let container = Self.hostContainer()
        let loader = PluginLoader(container: container)
        #expect(loader.install(in: fixture.directory).failures.isEmpty)
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: path))

        #expect(container.load(.pluginMenu) == ["Report a problem"])
        let failures = loader.firstLoadFailures
        #expect(failures.count == 1)
        guard case .notALoadableLibrary(let failedPath, _)? = failures.first else {
            Issue.record("expected notALoadableLibrary, got \(failures)")
            return
        }
        #expect(failedPath.hasSuffix("libToastTestPlugin.\(SharedLibrary.fileExtension)"))
        #expect(container.load(.pluginMenu) == ["Report a problem"])
        #expect(failures.count == 1)
    }

    @Test("A never-loaded contributing plugin deactivates and reactivates; so does one whose library loaded")
    func deactivation() throws {
        let fixture = try InstalledPluginFixture()
        defer { fixture.remove() }
        let container = Self.hostContainer()
        let loader = try fixture.installContributing(into: container)

        let report = try loader.deactivate(pluginNamed: "ToastTestPlugin")
        #expect(report.removedIDs == ["PluginToastID"])
        #expect(report.removedContributions == ["PluginMenuPoint[notify]"])
        #expect(report.restored.isEmpty && report.leftInPlace.isEmpty)
        #expect(container.load(.pluginMenu) == ["Report a problem"])
        #expect(fixture.opens.withLock { $0 } == 0)

        let activation = try loader.activate(pluginNamed: "ToastTestPlugin")
        #expect(activation.plugin.contributions == ["PluginMenuPoint[notify]"])
        #expect(container.contributions(to: .pluginMenu) == ["notify", "report"])
        #expect(fixture.opens.withLock { $0 } == 0)
        #expect(container.load(.pluginMenu) == ["Notify when live", "Report a problem"])
        #expect(fixture.opens.withLock { $0 } == 1)

        let loaded = try loader.deactivate(pluginNamed: "ToastTestPlugin")
        #expect(loaded.removedIDs == ["PluginToastID"])
        #expect(loaded.removedContributions == ["PluginMenuPoint[notify]"])
        #expect(loaded.restored.isEmpty && loaded.leftInPlace.isEmpty)
        #expect(container.load(.pluginMenu) == ["Report a problem"])
        #expect(container.contributions(to: .pluginMenu) == ["report"])
        try loader.activate(pluginNamed: "ToastTestPlugin")
        #expect(container.load(.pluginMenu) == ["Notify when live", "Report a problem"])
        #expect(fixture.opens.withLock { $0 } == 1)
    }

    @Test("Observers see the placeholder contribution, then the loaded one")
    func observers() throws {
        let fixture = try InstalledPluginFixture()
        defer { fixture.remove() }
        let container = Container()
        let changes = LockedValue<[String]>([])
        let token = container.observe(.pluginMenu) { change in
            // The change ("added: notify") and the service types it names.
            let types: [RegistrationInfo]
            switch change {
            case .current(let infos): types = infos
            case .added(_, let info), .removed(_, let info), .reset(_, let info): types = [info]
            case .replaced(_, let previous, let replacement): types = [previous, replacement]
            }
            changes.withLock {
                $0.append("\(change) \(types.map(\.serviceType).joined(separator: " with "))")
            }
        }
        defer { token.cancel() }
        let loader = try fixture.installContributing(into: container)
        #expect(changes.withLock { $0 }.last == "added: notify PlaceholderContribution")
        #expect(container.load(.pluginMenu) == ["Notify when live"])
        #expect(changes.withLock { $0 }.last == "replaced: notify PlaceholderContribution with String")
        try loader.deactivate(pluginNamed: "ToastTestPlugin")
        #expect(changes.withLock { $0 }.last == "removed: notify PlaceholderContribution")
    }

    @Test("verify() sees the placeholder contributions without loading their libraries")
    func verification() throws {
        let fixture = try InstalledPluginFixture()
        defer { fixture.remove() }
        let container = Container()
        container.register(.hostMenu, dependencies: [.require(.pluginMenu)]) { resolver in
            resolver.load(.pluginMenu)
        }
        let loader = try fixture.installContributing(into: container)
        let report = container.verify()
        #expect(report.hasNoProblems, "\(report)")
        #expect(container.registrations.contains { $0.id == "PluginMenuPoint" })
        #expect(fixture.opens.withLock { $0 } == 0)
        #expect(container.load(.hostMenu) == ["Notify when live"])
        #expect(container.verify().hasNoProblems)
        #expect(loader.isLibraryLoaded(pluginNamed: "ToastTestPlugin"))
    }
}

@Suite("Installed plugins: threads racing on the first load of a point", .tags(.concurrency))
struct PluginLazyContributionRaceTests {
    /// The menus 8 threads started at once load from `container`, half through a host service.
    private func racingLoads(of container: Container) -> [[String]] {
        InstalledPluginFixture.racing { index in
            index % 2 == 0 ? container.load(.pluginMenu) : container.load(.hostMenu) ?? []
        }
    }

    /// The host's container, with its menu entry and a transient service that loads the menu.
    private func hostContainer() -> Container {
        let container = PluginLazyContributionTests.hostContainer()
        container.register(.hostMenu) { resolver in resolver.load(.pluginMenu) }
        return container
    }

    @Test(
        "Eight threads racing on the first load of a point load the library once and all see its contribution"
    )
    func eightThreads() throws {
        let fixture = try InstalledPluginFixture()
        defer { fixture.remove() }
        for _ in 0..<InstalledPluginFixture.raceRounds {
            let before = fixture.opens.withLock { $0 }
            let container = hostContainer()
            let loader = try fixture.installContributing(into: container, delay: 0.001)
            let menus = racingLoads(of: container)
            #expect(menus.count == 8)
            #expect(menus.allSatisfy { $0 == ["Notify when live", "Report a problem"] })
            #expect(fixture.opens.withLock { $0 } == before + 1)
            #expect(loader.firstLoadFailures.isEmpty)
        }
    }

    @Test("Threads racing on a first load of a point that fails all get the others, and it is tried once")
    func failingFirstLoad() throws {
        let fixture = try InstalledPluginFixture()
        defer { fixture.remove() }
        let path = try fixture.place(InstalledPluginFixture.contributingManifest)
        for _ in 0..<max(InstalledPluginFixture.raceRounds / 4, 10) {
            let container = hostContainer()
            let (loader, opens) = InstalledPluginFixture.failingLoader(into: container)
            #expect(loader.install(at: path).isInstalled)
            let menus = racingLoads(of: container)
            #expect(menus.count == 8)
            #expect(menus.allSatisfy { $0 == ["Report a problem"] })
            #expect(opens.withLock { $0 } == 1)
            #expect(loader.firstLoadFailures.count == 1)
            #expect(container.contributions(to: .pluginMenu) == ["report"])
        }
    }
}

extension InjectID where Service == [String] {
    /// A host service that loads the plugin menu.
    fileprivate static var hostMenu: Self { InjectID("HostMenuID") }
}

extension ExtensionPoint where Element == String {
    /// The test plugin's menu under the name the article gives it.
    fileprivate static var playerMenu: Self { .pluginMenu }
}
