import DependencyContainer
import Foundation
import Testing

@testable import DependencyContainerPlugins

@Suite("Installed plugins: verified from their manifest at install and on reactivation")
struct PluginInstallVerificationTests {
    /// The toast plugin whose toast requires the host's player, as its manifest declares.
    private static let declaringPlayer = PluginManifest(
        name: "ToastTestPlugin", version: "1.0.0", providedIDs: ["PluginToastID"],
        dependencies: ["PluginToastID": [.require(.hostPlayer)]])

    /// The toast plugin whose code requires the host's player outside its factories.
    private static let loadingPlayer = PluginManifest(
        name: "ToastTestPlugin", version: "1.0.0", providedIDs: ["PluginToastID"],
        loadSites: [
            LoadSite(
                .require(.hostPlayer), file: "ToastTestPlugin/Toast.swift", line: 9,
                expression: "try r.require(.hostPlayer)")
        ])

    private static let libraryName = "libToastTestPlugin.\(SharedLibrary.fileExtension)"

    @Test(
        "Under .refuse, a manifest whose dependency or load site the host lacks is refused at install; its library never loads",
        arguments: [declaringPlayer, loadingPlayer])
    func refusedAtInstall(manifest: PluginManifest) throws {
        let fixture = try InstalledPluginFixture()
        defer { fixture.remove() }
        let path = try fixture.place(manifest)
        let container = Container()
        let loader = fixture.loader(
            into: container, descriptor: InstalledPluginFixture.toastDescriptor(manifest: manifest),
            verificationPolicy: .refuse)
        let report = loader.install(in: fixture.directory, loadingAtStart: ["ToastTestPlugin"])
        #expect(report.loaded.isEmpty)
        guard report.failures.count == 1,
            case .verificationFailed(let failedPath, let plugin, let problems) = report.failures[0]
        else {
            Issue.record("expected one verificationFailed, got \(report)")
            return
        }
        #expect(failedPath.hasSuffix("/" + Self.libraryName))
        #expect(plugin == "ToastTestPlugin")
        #expect(problems.map(\.dependencyID) == ["HostPlayerID"])
        #expect(report.failures[0].description.contains("HostPlayerID"))
        // Nothing of it is in the container, and its first use never comes.
        #expect(container.registrations.isEmpty)
        #expect(container.verify().checkedSiteCount == 0)
        #expect(container.load(.pluginToast) == nil)
        #expect(fixture.opens.withLock { $0 } == 0)
        #expect(!loader.isLibraryLoaded(pluginNamed: "ToastTestPlugin"))
        #expect(loader.installedPlugins.isEmpty)
        #expect(
            throws: PluginActivationError.failedToLoad(name: "ToastTestPlugin", error: report.failures[0])
        ) {
            try loader.activate(pluginNamed: "ToastTestPlugin")
        }
        // Installed by path, it is refused the same way.
        guard case .failed(.verificationFailed) = loader.install(at: path) else {
            Issue.record("expected install(at:) to refuse it too")
            return
        }
        #expect(container.registrations.isEmpty)
    }

    @Test("Under .refuse, a manifest the host satisfies installs, and its library loads on first use")
    func acceptedAtInstall() throws {
        let fixture = try InstalledPluginFixture()
        defer { fixture.remove() }
        try fixture.place(Self.loadingPlayer)
        let container = Container()
        container.register(.hostPlayer, dependencies: []) { HostPlayer(toast: nil) }
        let loader = fixture.loader(
            into: container, descriptor: InstalledPluginFixture.toastDescriptor(manifest: Self.loadingPlayer),
            verificationPolicy: .refuse)
        let report = loader.install(in: fixture.directory)
        #expect(report.failures.isEmpty)
        #expect(report.loaded.map(\.verificationProblems) == [[]])
        #expect(container.load(.pluginToast) != nil)
        #expect(fixture.opens.withLock { $0 } == 1)
    }

    @Test("Under .report, an installed plugin lists its problems, before and after its first use")
    func reportedAtInstall() throws {
        let fixture = try InstalledPluginFixture()
        defer { fixture.remove() }
        try fixture.place(Self.declaringPlayer)
        let container = Container()
        let loader = fixture.loader(
            into: container,
            descriptor: InstalledPluginFixture.toastDescriptor(manifest: Self.declaringPlayer),
            verificationPolicy: .report)
        let report = loader.install(in: fixture.directory)
        #expect(report.failures.isEmpty)
        #expect(report.loaded.flatMap(\.verificationProblems).map(\.kind) == [.missingDependency])
        #expect(loader.installedPlugins.flatMap(\.verificationProblems).map(\.kind) == [.missingDependency])
        #expect(container.load(.pluginToast) != nil)
        #expect(loader.loadedPlugins.flatMap(\.verificationProblems).map(\.kind) == [.missingDependency])
    }

    @Test(
        "Under .refuse, an installed plugin whose dependency left while it was off is refused on reactivation"
    )
    func refusedOnReactivation() throws {
        let fixture = try InstalledPluginFixture()
        defer { fixture.remove() }
        try fixture.place(Self.declaringPlayer)
        let container = Container()
        container.register(.hostPlayer, dependencies: []) { HostPlayer(toast: nil) }
        let loader = fixture.loader(
            into: container,
            descriptor: InstalledPluginFixture.toastDescriptor(manifest: Self.declaringPlayer),
            verificationPolicy: .refuse)
        #expect(loader.install(in: fixture.directory).failures.isEmpty)
        _ = try loader.deactivate(pluginNamed: "ToastTestPlugin")
        container.unregister(.hostPlayer)
        do {
            _ = try loader.activate(pluginNamed: "ToastTestPlugin")
            Issue.record("expected the activation to be refused")
        } catch {
            guard case .activationFailed("ToastTestPlugin", .verificationFailed(_, _, let problems)) = error
            else {
                Issue.record("expected activationFailed(verificationFailed), got \(error)")
                return
            }
            #expect(problems.map(\.dependencyID) == ["HostPlayerID"])
        }
        #expect(loader.inactivePlugins.map(\.manifest.name) == ["ToastTestPlugin"])
        #expect(container.load(.pluginToast) == nil)
        #expect(fixture.opens.withLock { $0 } == 0)
        // With the player back, it comes back, and loads on first use.
        container.register(.hostPlayer, dependencies: []) { HostPlayer(toast: nil) }
        _ = try loader.activate(pluginNamed: "ToastTestPlugin")
        #expect(container.load(.pluginToast) != nil)
        #expect(fixture.opens.withLock { $0 } == 1)
    }
}
