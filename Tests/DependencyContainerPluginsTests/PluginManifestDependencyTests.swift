import DependencyContainer
import DependencyContainerPlugins
import Foundation
import Testing

extension InjectID where Service == Int {
    fileprivate static var player: Self { InjectID("PlayerInjectID") }
}

@Suite("Plugin manifests: declared dependencies")
struct PluginManifestDependencyTests {
    private let toast = InjectID<Int>("ToastInjectID")

    @Test("A manifest's dependencies round-trip as JSON; one written before they existed has none")
    func roundTrip() throws {
        let declaring = PluginManifest(
            name: "ToastPlugin", version: "1.0.0", providedIDs: ["ToastInjectID"],
            dependencies: ["ToastInjectID": [.lazy(.player)]])
        let decoded = try JSONDecoder().decode(PluginManifest.self, from: JSONEncoder().encode(declaring))
        #expect(decoded == declaring)
        #expect(decoded.dependencies["ToastInjectID"]?.map(\.id) == ["PlayerInjectID"])
        let older =
            #"{"name":"ToastPlugin","version":"1.0.0","abiVersion":1,"providedIDs":["ToastInjectID"]}"#
        #expect(try JSONDecoder().decode(PluginManifest.self, from: Data(older.utf8)).dependencies.isEmpty)
    }

    @Test("Adopted registrations that declare nothing take the manifest's declarations; verify() checks them")
    func adoptedDeclarations() {
        let staging = Container()
        staging.register(toast) { 1 }
        let declared = InjectID<Int>("DeclaredInjectID")
        staging.register(declared, dependencies: []) { 2 }
        let host = Container()
        let outcome = host.adoptRegistrations(
            of: staging, replacingExisting: false,
            declaring: ["ToastInjectID": [.lazy(.player)], "DeclaredInjectID": [.require(.player)]])
        #expect(outcome.adopted)
        let report = host.verify()
        // The toast's manifest declaration is checked: nothing provides the player.
        #expect(report.problems.map(\.registrationID) == ["ToastInjectID"])
        #expect(report.problems.first?.dependencyID == "PlayerInjectID")
        // The registration's own declaration wins over the manifest's.
        #expect(host.registrations.first { $0.id == "DeclaredInjectID" }?.dependencies == [])
        host.register(.player) { 3 }
        #expect(host.verify().hasNoProblems)
    }

    @Test("A manifest that declares dependencies for an ID the plugin does not provide is refused")
    func strayDeclaration() throws {
        let builder = try NativeLibraryBuilder()
        defer { builder.remove() }
        let manifest =
            #"{"name":"StrayPlugin","version":"1.0","abiVersion":1,"providedIDs":[],"#
            + #""dependencies":{"GhostInjectID":[{"id":"PlayerInjectID","serviceType":"Int","kind":"eager","isOptional":false}]}}"#
        let path = try builder.buildLibrary(
            named: "StrayPlugin",
            source: NativePluginSource.descriptor(
                abiVersion: 1, manifest: manifest, coreIdentity: NativePluginSource.hostCoreIdentity))
        let container = Container()
        guard
            case .failed(.invalidManifest(let reported, let detail)) = PluginLoader(container: container)
                .load(at: path)
        else {
            Issue.record("expected invalidManifest")
            return
        }
        #expect(reported == path)
        #expect(detail.contains("'GhostInjectID'"))
        #expect(container.registrations.isEmpty)
    }
}
