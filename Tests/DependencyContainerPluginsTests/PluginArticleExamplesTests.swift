import DependencyContainer
import Foundation
import Testing

@testable import DependencyContainerPlugins

/// The interface types of the article's host, as its interface module declares them.
protocol GreeterInject: AnyObject, Sendable {}

/// An entry of the host's share menu: the element type of its extension point.
struct ShareOption: Sendable {
    let title: String
}

/// The argument of the host's stream registrations.
struct StreamRequest: Sendable {
    let url: String
}

/// The examples of the article *Loading plugins at runtime*, compiled and run.
@Suite("Loading plugins at runtime: the article's examples")
struct PluginArticleExamplesTests {
    /// A manifest file as `writeManifestFile(forLibraryAt:)` writes it, as the article shows it.
    static let manifestJSON = """
        {
          "abiVersion" : 1,
          "contributions" : {
            "PlayerMenuExtensionPoint" : [
              "notify-when-live"
            ]
          },
          "name" : "ToastPlugin",
          "providedIDs" : [
            "ToastInjectID"
          ],
          "version" : "1.0.0"
        }
        """

    @Test("The manifest file the article shows is what writeManifestFile writes, and decodes")
    func manifestFile() throws {
        let manifest = PluginManifest(
            name: "ToastPlugin", version: "1.0.0", providedIDs: ["ToastInjectID"],
            contributions: ["PlayerMenuExtensionPoint": ["notify-when-live"]])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        #expect(String(decoding: try encoder.encode(manifest), as: UTF8.self) == Self.manifestJSON)
        #expect(try JSONDecoder().decode(PluginManifest.self, from: Data(Self.manifestJSON.utf8)) == manifest)
    }

    @Test("A host names the types it shares; a copy is refused by name, as separateInterfaceCopy")
    func sharedInterfaces() throws {
        let container = Container()
        let loader = PluginLoader(
            container: container,
            sharedInterfaces: [(any GreeterInject).self, ShareOption.self, StreamRequest.self])
        let copy = try #require(
            PluginExport.descriptor(
                manifest: PluginManifest(
                    name: "SharePlugin", version: "1.0.0", providedIDs: [],
                    contributions: ["ShareMenuExtensionPoint": ["email"]])
            ) { container in
                container.contribute(
                    to: ExtensionPoint<CopiedInterfaces.ShareOption>("ShareMenuExtensionPoint"),
                    named: "email"
                ) { CopiedInterfaces.ShareOption() }
            })
        var report = PluginLoadReport()
        if case .failed(let error) = loader.load(descriptor: copy, path: "/plugins/libSharePlugin.so") {
            report.failures.append(error)
        }
        for failure in report.failures {
            if case .separateInterfaceCopy(let path, let registrations) = failure {
                print("\(path) hands the host its own copy of \(registrations.joined(separator: ", "))")
            }
        }
        #expect(
            report.failures == [
                .separateInterfaceCopy(
                    path: "/plugins/libSharePlugin.so",
                    registrations: ["'ShareMenuExtensionPoint[email]' (element type ShareOption)"])
            ])
        #expect(container.registrations.isEmpty)
    }

    @Test("install(in:) and install(at:) report what they installed, and isLibraryLoaded says which loaded")
    func installing() throws {
        let fixture = try InstalledPluginFixture()
        defer { fixture.remove() }
        let libraryPath = try fixture.place()
        let directory = fixture.directory
        let container = Container()
        let loader = fixture.loader(into: container)

        let report = loader.install(in: directory)
        for plugin in report.loaded {  // installed: its IDs are in the container, as placeholders
            let name = plugin.manifest.name
            print(name, loader.isLibraryLoaded(pluginNamed: name))  // false until the first use
        }
        print(report.notes)  // such as a manifest file whose library is missing
        #expect(report.loaded.map { loader.isLibraryLoaded(pluginNamed: $0.manifest.name) } == [false])

        switch loader.install(at: libraryPath) {
        case .loaded(let plugin): print("installed \(plugin.manifest.name)")
        case .alreadyLoaded(let note): print(note)  // installed or loaded before
        case .failed(let error): print(error)
        }
        #expect(loader.installedPlugins.count == 1)
    }

    @Test("Under .refuse, an installed plugin that fails verification is not installed")
    func verifyingInstalled() throws {
        let fixture = try InstalledPluginFixture()
        defer { fixture.remove() }
        try fixture.place(
            PluginManifest(
                name: "ToastTestPlugin", version: "1.0.0", providedIDs: ["PluginToastID"],
                dependencies: ["PluginToastID": [.require(.hostPlayer)]]))
        let directory = fixture.directory
        let container = Container()

        let verifying = PluginLoader(container: container, verificationPolicy: .refuse)
        let installed = verifying.install(in: directory)
        for case .verificationFailed(_, let plugin, let problems) in installed.failures {
            print("\(plugin) is not installed: \(problems.map(\.message))")
        }
        #expect(installed.loaded.isEmpty)
        #expect(container.load(.pluginToast) == nil)
    }
}

/// The plugin's own copy of the interface module: the share menu's element type of the same name.
private enum CopiedInterfaces {
    struct ShareOption: Sendable {}
}
