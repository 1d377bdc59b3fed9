import DependencyContainer
import Foundation
import Testing

@testable import DependencyContainerPlugins

@Suite("Installed plugins: manifests at start-up, libraries on first use")
struct PluginInstallTests {
    @Test("Installing reads manifest files only; the first load of an ID loads the library once")
    func firstUse() throws {
        let fixture = try InstalledPluginFixture()
        defer { fixture.remove() }
        let path = try fixture.place()
        let container = Container()
        let loader = fixture.loader(into: container)
        let report = loader.install(in: fixture.directory)
        #expect(report.failures.isEmpty)
        #expect(report.loaded.map(\.manifest.name) == ["ToastTestPlugin"])
        #expect(fixture.opens.withLock { $0 } == 0)
        #expect(container.registrations.map(\.id) == ["PluginToastID"])
        #expect(container.registrations.first?.serviceType == "Any")
        #expect(loader.installedPlugins.map(\.manifest.name) == ["ToastTestPlugin"])
        #expect(loader.loadedPlugins.isEmpty)
        #expect(!loader.isLibraryLoaded(pluginNamed: "ToastTestPlugin"))

        let toast = try #require(container.load(.pluginToast))
        #expect(toast.generation == 1)
        #expect(fixture.opens.withLock { $0 } == 1)
        #expect(container.load(.pluginToast) === toast)
        #expect(fixture.opens.withLock { $0 } == 1)
        #expect(loader.isLibraryLoaded(pluginNamed: "ToastTestPlugin"))
        #expect(
            loader.loadedPlugins.map(\.path) == [URL(fileURLWithPath: path).resolvingSymlinksInPath().path])
        #expect(loader.installedPlugins.isEmpty)
        #expect(container.registrations.first?.serviceType == "PluginToast")
        // Installing again is a note, whether the library loaded or not.
        guard case .alreadyLoaded(let note) = loader.install(at: path) else {
            Issue.record("expected a note for the second install")
            return
        }
        #expect(note.contains("ToastTestPlugin is already installed or loaded"))
    }

    @Test(
        "A host service loads through the placeholder; a plugin marked to load at start-up loads at install")
    func throughHostAndAtStart() throws {
        let fixture = try InstalledPluginFixture()
        defer { fixture.remove() }
        try fixture.place()
        let container = Container()
        container.register(.hostPlayer, scope: .singleton) { resolver in
            HostPlayer(toast: resolver.load(.pluginToast))
        }
        let loader = fixture.loader(into: container)
        let report = loader.install(in: fixture.directory, loadingAtStart: ["ToastTestPlugin"])
        #expect(report.loaded.map(\.manifest.name) == ["ToastTestPlugin"])
        #expect(fixture.opens.withLock { $0 } == 1)
        #expect(loader.isLibraryLoaded(pluginNamed: "ToastTestPlugin"))
        #expect(container.registrations.first { $0.id == "PluginToastID" }?.serviceType == "PluginToast")

        let lazyContainer = Container()
        lazyContainer.register(.hostPlayer, scope: .singleton) { resolver in
            HostPlayer(toast: resolver.load(.pluginToast))
        }
        let lazyLoader = fixture.loader(into: lazyContainer)
        _ = lazyLoader.install(in: fixture.directory)
        #expect(fixture.opens.withLock { $0 } == 1)
        #expect(lazyContainer.load(.hostPlayer)?.toast?.generation == 1)
        #expect(fixture.opens.withLock { $0 } == 2)
    }

    @Test("A manifest file whose library is missing is a note naming both; the other plugins install")
    func manifestWithoutLibrary() throws {
        let fixture = try InstalledPluginFixture()
        defer { fixture.remove() }
        let orphan = try fixture.place(
            PluginManifest(name: "OrphanPlugin", version: "1.0.0", providedIDs: ["OrphanID"]))
        try FileManager.default.removeItem(atPath: orphan)
        try fixture.place()
        // Not a plugin's manifest: no note.
        try Data("{}".utf8).write(to: URL(fileURLWithPath: fixture.directory + "/settings.json"))
        let container = Container()
        let report = fixture.loader(into: container).install(in: fixture.directory)
        #expect(report.failures.isEmpty)
        #expect(report.loaded.map(\.manifest.name) == ["ToastTestPlugin"])
        #expect(
            report.notes == [
                "\(fixture.directory)/libOrphanPlugin.json: a plugin manifest whose library \(orphan) is missing; "
                    + "not installed"
            ])
        #expect(container.registrations.map(\.id) == ["PluginToastID"])
    }

    @Test("A library missing at first load gives nil and a report; the placeholder goes")
    func missingAtFirstLoad() throws {
        let fixture = try InstalledPluginFixture()
        defer { fixture.remove() }
        let path = try fixture.place()
        let container = Container()
        container.register(.hostPlayer) { HostPlayer(toast: nil) }
        let loader = PluginLoader(container: container)
        #expect(loader.install(in: fixture.directory).failures.isEmpty)
        try FileManager.default.removeItem(atPath: path)

        #expect(container.load(.pluginToast) == nil)
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        #expect(loader.firstLoadFailures == [.fileMissing(path: resolved)])
        #expect(container.registrations.map(\.id) == ["HostPlayerID"])
        #expect(container.load(.pluginToast) == nil)
        #expect(loader.firstLoadFailures.count == 1)
        #expect(loader.installedPlugins.isEmpty && loader.loadedPlugins.isEmpty)
        #expect(throws: PluginActivationError.self) { try loader.deactivate(pluginNamed: "ToastTestPlugin") }
    }

    @Test("A library truncated at first load gives nil and a report naming it")
    func truncatedAtFirstLoad() throws {
        let fixture = try InstalledPluginFixture()
        defer { fixture.remove() }
        let built = try fixture.builder.buildLibrary(
            named: "ToastTestPlugin", source: "int toast_test_plugin = 1;\n")
        let whole = try Data(contentsOf: URL(fileURLWithPath: built))
        let path = try fixture.place(library: whole)
        let container = Container()
        let loader = PluginLoader(container: container)
        #expect(loader.install(in: fixture.directory).failures.isEmpty)
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: path))

        #expect(container.load(.pluginToast) == nil)
        let failures = loader.firstLoadFailures
        #expect(failures.count == 1)
        guard case .notALoadableLibrary(let failedPath, _)? = failures.first else {
            Issue.record("expected notALoadableLibrary, got \(failures)")
            return
        }
        #expect(failedPath.hasSuffix("libToastTestPlugin.\(SharedLibrary.fileExtension)"))
        #expect(container.registrations.isEmpty)
    }

    @Test("A never-loaded plugin deactivates and reactivates; so does one whose library loaded")
    func deactivation() throws {
        let fixture = try InstalledPluginFixture()
        defer { fixture.remove() }
        try fixture.place()
        let container = Container()
        let loader = fixture.loader(into: container)
        _ = loader.install(in: fixture.directory)

        let report = try loader.deactivate(pluginNamed: "ToastTestPlugin")
        #expect(report.removedIDs == ["PluginToastID"])
        #expect(report.restored.isEmpty && report.leftInPlace.isEmpty)
        #expect(container.registrations.isEmpty)
        #expect(container.load(.pluginToast) == nil)
        #expect(loader.inactivePlugins.map(\.manifest.name) == ["ToastTestPlugin"])
        #expect(fixture.opens.withLock { $0 } == 0)

        try loader.activate(pluginNamed: "ToastTestPlugin")
        #expect(fixture.opens.withLock { $0 } == 0)
        #expect(container.load(.pluginToast)?.generation == 1)
        #expect(fixture.opens.withLock { $0 } == 1)

        let loaded = try loader.deactivate(pluginNamed: "ToastTestPlugin")
        #expect(loaded.removedIDs == ["PluginToastID"])
        #expect(loaded.restored.isEmpty && loaded.leftInPlace.isEmpty)
        #expect(container.registrations.isEmpty)
        #expect(container.load(.pluginToast) == nil)
        try loader.activate(pluginNamed: "ToastTestPlugin")
        #expect(container.load(.pluginToast)?.generation == 2)
        #expect(fixture.opens.withLock { $0 } == 1)
    }

    @Test("Observers see the placeholder, then the loaded registration")
    func observers() throws {
        let fixture = try InstalledPluginFixture()
        defer { fixture.remove() }
        try fixture.place()
        let container = Container()
        let changes = LockedValue<[String]>([])
        let token = container.observe(.pluginToast) { change in
            let label: String
            switch change {
            case .current(let info): label = "current \(info?.serviceType ?? "none")"
            case .added(let info): label = "added \(info.serviceType)"
            case .replaced(let previous, let replacement):
                label = "replaced \(previous.serviceType) with \(replacement.serviceType)"
            case .removed(let info): label = "removed \(info.serviceType)"
            case .reset(let info): label = "reset \(info.serviceType)"
            }
            changes.withLock { $0.append(label) }
        }
        defer { token.cancel() }
        let loader = fixture.loader(into: container)
        _ = loader.install(in: fixture.directory)
        #expect(changes.withLock { $0 }.last == "added Any")
        _ = container.load(.pluginToast)
        #expect(changes.withLock { $0 }.last == "replaced Any with PluginToast")
        try loader.deactivate(pluginNamed: "ToastTestPlugin")
        #expect(changes.withLock { $0 }.last == "removed Any")
    }

    @Test("verify() checks installed plugins' declared dependencies without loading them")
    func verification() throws {
        let fixture = try InstalledPluginFixture()
        defer { fixture.remove() }
        let declaring = PluginManifest(
            name: "ToastTestPlugin", version: "1.0.0", providedIDs: ["PluginToastID"],
            dependencies: ["PluginToastID": [.require(.hostPlayer)]])
        try fixture.place(declaring)
        let container = Container()
        // The host's own declaration of the plugin's ID, by its real type.
        let menu = InjectID<[String]>("HostMenuID")
        container.register(menu, dependencies: [.load(.pluginToast)]) { _ in [] }
        let loader = fixture.loader(
            into: container, descriptor: InstalledPluginFixture.toastDescriptor(manifest: declaring))
        #expect(loader.install(in: fixture.directory).failures.isEmpty)
        let report = container.verify()
        #expect(report.problems.map(\.registrationID) == ["PluginToastID"])
        #expect(report.problems.first?.dependencyID == "HostPlayerID")
        container.register(.hostPlayer) { HostPlayer(toast: nil) }
        #expect(container.verify().hasNoProblems)
        #expect(fixture.opens.withLock { $0 } == 0)
    }

    @Test(
        "Manifest files that are missing, malformed, for another ABI or unlike their library are refused by name"
    )
    func badManifestFiles() throws {
        let fixture = try InstalledPluginFixture()
        defer { fixture.remove() }
        let container = Container()
        container.register(.hostPlayer) { HostPlayer(toast: nil) }
        let loader = fixture.loader(into: container)
        let path = try fixture.place()
        let manifestPath = PluginLoader.manifestPath(forLibraryAt: path)
        #expect(manifestPath.hasSuffix("/libToastTestPlugin.json"))

        try FileManager.default.removeItem(atPath: manifestPath)
        guard case .failed(.fileMissing(let missing)) = loader.install(at: path) else {
            Issue.record("expected the missing manifest file to be named")
            return
        }
        #expect(missing == manifestPath)

        try Data("{\"name\": 3".utf8).write(to: URL(fileURLWithPath: manifestPath))
        guard case .failed(.invalidManifest(let malformed, _)) = loader.install(at: path) else {
            Issue.record("expected the malformed manifest file to be named")
            return
        }
        #expect(malformed == manifestPath)

        var otherABI = InstalledPluginFixture.manifest
        otherABI.abiVersion = 99
        try fixture.place(otherABI)
        guard case .failed(.abiMismatch(_, _, let found)) = loader.install(at: path) else {
            Issue.record("expected the other ABI to be refused")
            return
        }
        #expect(found == 99)
        #expect(container.registrations.map(\.id) == ["HostPlayerID"])

        // The file says 2.0.0; the library says 1.0.0: refused at its first load.
        var other = InstalledPluginFixture.manifest
        other.version = "2.0.0"
        try fixture.place(other)
        #expect(loader.install(in: fixture.directory).failures.isEmpty)
        #expect(container.load(.pluginToast) == nil)
        guard case .invalidManifest(_, let detail)? = loader.firstLoadFailures.first else {
            Issue.record("expected the differing manifest to be reported, got \(loader.firstLoadFailures)")
            return
        }
        #expect(detail.contains("libToastTestPlugin.json"))
        #expect(container.registrations.map(\.id) == ["HostPlayerID"])
    }

    @Test("The article's install compiles, runs no plugin code, and reports the installed plugin")
    func articleExample() throws {
        let fixture = try InstalledPluginFixture()
        defer { fixture.remove() }
        let library = try fixture.place()
        let container = Container()
        let directory = fixture.directory
        let loader = PluginLoader(container: container)
        let report = loader.install(in: directory)  // manifests only; libraries load on first use
        #expect(report.failures.isEmpty)
        #expect(report.loaded.map(\.manifest.name) == ["ToastTestPlugin"])
        #expect(!loader.isLibraryLoaded(pluginNamed: "ToastTestPlugin"))
        // The stand-in library is no library: only its first load finds out.
        #expect(container.load(.pluginToast) == nil)
        guard case .notALoadableLibrary(let path, _)? = loader.firstLoadFailures.first else {
            Issue.record("expected the stand-in library to be refused, got \(loader.firstLoadFailures)")
            return
        }
        #expect(path == URL(fileURLWithPath: library).resolvingSymlinksInPath().path)
    }

    @Test("A manifest file others can write to is refused, naming it, unless the host opts out")
    func writableManifestFile() throws {
        let fixture = try InstalledPluginFixture()
        defer { fixture.remove() }
        let path = try fixture.place()
        let manifestPath = PluginLoader.manifestPath(forLibraryAt: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o666], ofItemAtPath: manifestPath)
        let container = Container()
        let report = fixture.loader(into: container).install(in: fixture.directory)
        guard case .unsafePermissions(let refused, let detail)? = report.failures.first else {
            Issue.record("expected the writable manifest file to be refused, got \(report)")
            return
        }
        #expect(refused == manifestPath)
        #expect(detail.contains("the file is writable by other users"))
        #expect(container.registrations.isEmpty)
        let trusting = PluginLoader(container: container, allowsFilesWritableByOthers: true)
        #expect(trusting.install(in: fixture.directory).loaded.map(\.manifest.name) == ["ToastTestPlugin"])
    }

    @Test("Installing a plugin that provides an ID the host has is refused, and the host's stays")
    func duplicateAtInstall() throws {
        let fixture = try InstalledPluginFixture()
        defer { fixture.remove() }
        try fixture.place()
        let container = Container()
        container.register(.pluginToast) { PluginToast(generation: 0) }
        let loader = fixture.loader(into: container)
        let report = loader.install(in: fixture.directory)
        #expect(report.loaded.isEmpty)
        guard case .duplicateIDs(_, let ids)? = report.failures.first else {
            Issue.record("expected duplicateIDs, got \(report.failures)")
            return
        }
        #expect(ids == ["PluginToastID"])
        #expect(container.load(.pluginToast)?.generation == 0)
        #expect(fixture.opens.withLock { $0 } == 0)
    }
}
