import DependencyContainer
import Foundation
import Testing

@testable import DependencyContainerPlugins

/// The host's copy of an interface module.
enum HostInterfaces {
    protocol Greeter: AnyObject, Sendable {}

    /// An export menu's entry: the element type of the host's point.
    struct ExportFormat: Sendable, Equatable {
        let title: String
    }

    /// What a stream's argument registration takes.
    struct StreamRequest: Sendable {
        let url: String
    }
}

/// Another copy of the same module, as a plugin that links its own would have it: the same
/// names, other types.
enum PluginCopyInterfaces {
    protocol Greeter: AnyObject, Sendable {}

    struct ExportFormat: Sendable, Equatable {
        let title: String
    }

    struct StreamRequest: Sendable {
        let url: String
    }
}

extension ExtensionPoint where Element == HostInterfaces.ExportFormat {
    /// The host's export menu.
    static var exportMenu: Self { ExtensionPoint("ExportMenuPoint") }
}

extension ExtensionPoint where Element == PluginCopyInterfaces.ExportFormat {
    /// The export menu as a plugin with its own copy of the interfaces spells it.
    static var copiedExportMenu: Self { ExtensionPoint("ExportMenuPoint") }
}

final class HostGreeter: HostInterfaces.Greeter {}
final class CopiedGreeter: PluginCopyInterfaces.Greeter {}

@Suite("Plugin loader: a plugin with its own copy of the interface module is refused by name")
struct PluginInterfaceCopyTests {
    private static let manifest = PluginManifest(
        name: "GreeterPlugin", version: "1.0.0", providedIDs: ["GreeterID"])
    private static let path = "/plugins/libGreeterPlugin.so"

    @Test(
        "A plugin registering an interface type of another copy is refused, naming the ID, the type and the fix"
    )
    func otherCopy() throws {
        let container = Container()
        let loader = PluginLoader(
            container: container, sharedInterfaces: [(any HostInterfaces.Greeter).self], stepHook: nil)
        let descriptor = try #require(
            PluginExport.descriptor(manifest: Self.manifest) { container in
                container.register(InjectID<any PluginCopyInterfaces.Greeter>("GreeterID")) {
                    CopiedGreeter()
                }
            })
        guard case .failed(let error) = loader.load(descriptor: descriptor, path: Self.path) else {
            Issue.record("expected the plugin to be refused")
            return
        }
        let name = String(describing: (any HostInterfaces.Greeter).self)
        #expect(error == .separateInterfaceCopy(path: Self.path, registrations: ["'GreeterID' (\(name))"]))
        #expect(
            error.description.contains("build the plugin against the dynamic library host and plugins share"))
        #expect(container.registrations.isEmpty)
        // Without the check, the host's load could not cast what the plugin made.
        let unchecked = Container()
        _ = PluginLoader(container: unchecked).load(descriptor: descriptor, path: Self.path)
        #expect(unchecked.load(InjectID<any HostInterfaces.Greeter>("GreeterID")) == nil)
    }

    @Test("A plugin registering the host's own interface type loads")
    func sameCopy() throws {
        let container = Container()
        let loader = PluginLoader(
            container: container, sharedInterfaces: [(any HostInterfaces.Greeter).self], stepHook: nil)
        let descriptor = try #require(
            PluginExport.descriptor(manifest: Self.manifest) { container in
                container.register(InjectID<any HostInterfaces.Greeter>("GreeterID")) { HostGreeter() }
            })
        guard case .loaded = loader.load(descriptor: descriptor, path: Self.path) else {
            Issue.record("expected the plugin to load")
            return
        }
        #expect(container.load(InjectID<any HostInterfaces.Greeter>("GreeterID")) != nil)
    }
}

@Suite("Plugin loader: contributions and arguments of another interface copy are refused by name, first")
struct PluginInterfaceCopyContributionTests {
    private static let shared: [Any.Type] = [
        HostInterfaces.ExportFormat.self, HostInterfaces.StreamRequest.self,
    ]
    private static let roguePath = "/plugins/libRogueExportPlugin.so"
    private static let goodPath = "/plugins/libGoodExportPlugin.so"

    /// A plugin that only contributes `csv` to the export menu, as its own copy's type.
    private static func rogue() throws -> UnsafeRawPointer {
        try #require(
            PluginExport.descriptor(
                manifest: PluginManifest(
                    name: "RogueExportPlugin", version: "1.0.0", providedIDs: [],
                    contributions: ["ExportMenuPoint": ["csv"]])
            ) { container in
                container.contribute(to: .copiedExportMenu, named: "csv") {
                    PluginCopyInterfaces.ExportFormat(title: "CSV")
                }
            })
    }

    /// A plugin that only contributes `pdf` to the export menu, as the host's type.
    private static func good() throws -> UnsafeRawPointer {
        try #require(
            PluginExport.descriptor(
                manifest: PluginManifest(
                    name: "GoodExportPlugin", version: "1.0.0", providedIDs: [],
                    contributions: ["ExportMenuPoint": ["pdf"]])
            ) { container in
                container.contribute(to: .exportMenu, named: "pdf") {
                    HostInterfaces.ExportFormat(title: "PDF")
                }
            })
    }

    @Test(
        "A contribution-only plugin with its own element type is refused by name under each conflict and verification policy; the host's point and the next plugin are untouched",
        arguments: Self.policies, [false, true])
    func contributionCopy(
        policies: (conflict: PluginLoader.ConflictPolicy, verification: PluginLoader.VerificationPolicy),
        hostContributes: Bool
    ) throws {
        let policy = policies.conflict
        let container = Container()
        if hostContributes {
            container.contribute(to: .exportMenu, named: "plain") {
                HostInterfaces.ExportFormat(title: "Plain")
            }
        }
        let before = container.registrations
        let loader = PluginLoader(
            container: container, conflictPolicy: policy, sharedInterfaces: Self.shared, stepHook: nil,
            verificationPolicy: policies.verification)
        let result = loader.load(descriptor: try Self.rogue(), path: Self.roguePath)
        guard case .failed(let error) = result else {
            Issue.record("expected the rogue plugin to be refused, got \(result)")
            return
        }
        #expect(
            error
                == .separateInterfaceCopy(
                    path: Self.roguePath,
                    registrations: ["'ExportMenuPoint[csv]' (element type ExportFormat)"]))
        #expect(container.registrations == before)
        let hostEntries = hostContributes ? [HostInterfaces.ExportFormat(title: "Plain")] : []
        #expect(container.load(.exportMenu) == hostEntries)
        // The next plugin, of the host's type, is not blamed.
        guard case .loaded = loader.load(descriptor: try Self.good(), path: Self.goodPath) else {
            Issue.record("expected the good plugin to load")
            return
        }
        #expect(container.load(.exportMenu) == [HostInterfaces.ExportFormat(title: "PDF")] + hostEntries)
    }

    static let policies:
        [(conflict: PluginLoader.ConflictPolicy, verification: PluginLoader.VerificationPolicy)] =
            [PluginLoader.ConflictPolicy.reject, .replace].flatMap { conflict in
                [PluginLoader.VerificationPolicy.off, .report, .refuse].map { (conflict, $0) }
            }

    @Test("An installed contribution-only plugin with its own element type fails its first load by name")
    func installedContributionCopy() throws {
        let fixture = try InstalledPluginFixture()
        defer { fixture.remove() }
        try fixture.place(
            PluginManifest(
                name: "RogueExportPlugin", version: "1.0.0", providedIDs: [],
                contributions: ["ExportMenuPoint": ["csv"]]))
        let container = Container()
        container.contribute(to: .exportMenu, named: "plain") { HostInterfaces.ExportFormat(title: "Plain") }
        let address = UInt(bitPattern: try Self.rogue())
        let loader = PluginLoader(
            container: container, sharedInterfaces: Self.shared, stepHook: nil,
            libraryOpener: { _ in .success(UnsafeRawPointer(bitPattern: address)!) })
        #expect(loader.install(in: fixture.directory).failures.isEmpty)
        #expect(container.load(.exportMenu) == [HostInterfaces.ExportFormat(title: "Plain")])
        let failures = loader.firstLoadFailures
        #expect(failures.count == 1)
        guard case .separateInterfaceCopy(_, let registrations)? = failures.first else {
            Issue.record("expected separateInterfaceCopy, got \(failures)")
            return
        }
        #expect(registrations == ["'ExportMenuPoint[csv]' (element type ExportFormat)"])
        #expect(container.contributions(to: .exportMenu) == ["plain"])
    }

    @Test("An argument registration taking its own copy of the argument type is refused by name")
    func argumentCopy() throws {
        let container = Container()
        let loader = PluginLoader(container: container, sharedInterfaces: Self.shared, stepHook: nil)
        let descriptor = try #require(
            PluginExport.descriptor(
                manifest: PluginManifest(
                    name: "RogueStreamPlugin", version: "1.0.0", providedIDs: ["StreamID"])
            ) { container in
                container.register(ArgumentInjectID<PluginCopyInterfaces.StreamRequest, String>("StreamID")) {
                    _, request in request.url
                }
            })
        let result = loader.load(descriptor: descriptor, path: Self.roguePath)
        guard case .failed(let error) = result else {
            Issue.record("expected the plugin to be refused, got \(result)")
            return
        }
        #expect(
            error
                == .separateInterfaceCopy(
                    path: Self.roguePath, registrations: ["'StreamID' (argument type StreamRequest)"]))
        #expect(error.description.contains("'StreamID' (argument type StreamRequest)"))
        #expect(container.registrations.isEmpty)
        // Of the host's argument type, it loads, and the host's loads pass their argument.
        let good = try #require(
            PluginExport.descriptor(
                manifest: PluginManifest(name: "StreamPlugin", version: "1.0.0", providedIDs: ["StreamID"])
            ) { container in
                container.register(ArgumentInjectID<HostInterfaces.StreamRequest, String>("StreamID")) {
                    _, request in request.url
                }
            })
        guard case .loaded = loader.load(descriptor: good, path: Self.goodPath) else {
            Issue.record("expected the plugin of the host's argument type to load")
            return
        }
        let id = ArgumentInjectID<HostInterfaces.StreamRequest, String>("StreamID")
        #expect(container.load(id, argument: HostInterfaces.StreamRequest(url: "a://b")) == "a://b")
    }
}
