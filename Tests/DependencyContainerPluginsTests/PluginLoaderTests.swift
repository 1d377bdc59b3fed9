import DependencyContainer
import Foundation
import Testing

@testable import DependencyContainerPlugins

@Suite("Plugin loader: libraries that are not plugins or are broken")
struct PluginLoaderTests {
    private func failure(_ result: PluginLoadResult) -> PluginLoadError? {
        if case .failed(let error) = result { return error }
        return nil
    }

    private func loader(_ container: Container = Container()) -> PluginLoader {
        PluginLoader(container: container)
    }

    @Test("A missing file is reported with its path")
    func missingFile() {
        let path = "/nonexistent/libGhostPlugin.so"
        #expect(failure(loader().load(at: path)) == .fileMissing(path: path))
        #expect(failure(loader().load(at: "")) == .fileMissing(path: ""))
    }

    @Test("A text file is not a loadable library")
    func textFile() throws {
        let builder = try NativeLibraryBuilder()
        defer { builder.remove() }
        let path = try builder.writeFile(
            named: "libNotesPlugin.\(SharedLibrary.fileExtension)", contents: Data("just text\n".utf8))
        guard case .notALoadableLibrary(let reported, let detail) = failure(loader().load(at: path)) else {
            Issue.record("expected notALoadableLibrary")
            return
        }
        #expect(reported == path)
        #expect(!detail.isEmpty)
    }

    @Test("A truncated library is not loadable, and nothing is registered")
    func truncatedLibrary() throws {
        let builder = try NativeLibraryBuilder()
        defer { builder.remove() }
        let complete = try builder.buildLibrary(named: "Complete", source: NativePluginSource.noEntry)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: complete))
        let path = try builder.writeFile(
            named: "libTruncatedPlugin.\(SharedLibrary.fileExtension)", contents: bytes.prefix(200))
        let container = Container()
        let result = failure(loader(container).load(at: path))
        guard case .notALoadableLibrary(let reported, _) = result else {
            Issue.record("expected notALoadableLibrary, got \(String(describing: result))")
            return
        }
        #expect(reported == path)
        #expect(container.registrations.isEmpty)
    }

    @Test("A library without the entry symbol is not a plugin")
    func missingEntry() throws {
        let builder = try NativeLibraryBuilder()
        defer { builder.remove() }
        let path = try builder.buildLibrary(named: "UnrelatedPlugin", source: NativePluginSource.noEntry)
        #expect(
            failure(loader().load(at: path))
                == .entrySymbolMissing(path: path, symbol: "dependency_container_plugin_entry"))
    }

    @Test("A plugin built for another ABI is refused before anything else is read")
    func abiMismatch() throws {
        let builder = try NativeLibraryBuilder()
        defer { builder.remove() }
        // The manifest is deliberately garbage: the ABI check must come first.
        let path = try builder.buildLibrary(
            named: "FuturePlugin",
            source: NativePluginSource.descriptor(abiVersion: 999, manifest: "{not json"))
        #expect(failure(loader().load(at: path)) == .abiMismatch(path: path, expected: 1, found: 999))
    }

    @Test("A malformed manifest is reported with the decoding problem")
    func invalidManifest() throws {
        let builder = try NativeLibraryBuilder()
        defer { builder.remove() }
        let path = try builder.buildLibrary(
            named: "GarbledPlugin",
            source: NativePluginSource.descriptor(abiVersion: 1, manifest: "{\"name\": 3}"))
        guard case .invalidManifest(let reported, let detail) = failure(loader().load(at: path)) else {
            Issue.record("expected invalidManifest")
            return
        }
        #expect(reported == path)
        #expect(detail.contains("not valid JSON for PluginManifest"))
    }

    @Test("A plugin with its own copy of the core is refused")
    func separateCoreCopy() throws {
        let builder = try NativeLibraryBuilder()
        defer { builder.remove() }
        let manifest = #"{"name":"Foreign","version":"1.0","abiVersion":1,"providedIDs":["ToastInjectID"]}"#
        let path = try builder.buildLibrary(
            named: "ForeignPlugin",
            source: NativePluginSource.descriptor(abiVersion: 1, manifest: manifest, coreIdentity: "0x1234"))
        let container = Container()
        #expect(failure(loader(container).load(at: path)) == .separateCoreCopy(path: path))
        #expect(container.registrations.isEmpty)
    }

    @Test("A library whose dependency is missing names that dependency")
    func missingDependency() throws {
        let builder = try NativeLibraryBuilder()
        defer { builder.remove() }
        let dependency = try builder.buildLibrary(named: "Dependency", source: NativePluginSource.dependency)
        let path = try builder.buildLibrary(
            named: "DependentPlugin", source: NativePluginSource.needsDependency, linking: ["Dependency"])
        try FileManager.default.removeItem(atPath: dependency)
        guard case .missingDependency(let reported, let library, _) = failure(loader().load(at: path)) else {
            Issue.record("expected missingDependency")
            return
        }
        #expect(reported == path)
        #expect(library.hasSuffix("libDependency.\(SharedLibrary.fileExtension)"))
    }

    @Test("Files and directories writable by other users are refused unless the host opts out")
    func permissions() throws {
        let builder = try NativeLibraryBuilder()
        defer { builder.remove() }
        let path = try builder.buildLibrary(named: "OpenPlugin", source: NativePluginSource.noEntry)
        try FileManager.default.setAttributes([.posixPermissions: 0o666], ofItemAtPath: path)
        guard case .unsafePermissions(let reported, let detail) = failure(loader().load(at: path)) else {
            Issue.record("expected unsafePermissions for the file")
            return
        }
        #expect(reported == path)
        #expect(detail.contains("mode 666"))

        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: builder.directory)
        #expect(
            failure(loader().load(at: path)).map { if case .unsafePermissions = $0 { true } else { false } }
                == true)
        let directoryReport = loader().loadAll(in: builder.directory)
        #expect(directoryReport.failures.count == 1)
        #expect(
            directoryReport.failures.first.map { if case .unsafePermissions = $0 { true } else { false } }
                == true)

        // Opting out skips the check, so loading proceeds to the next problem.
        let trusting = PluginLoader(container: Container(), allowsFilesWritableByOthers: true)
        #expect(
            failure(trusting.load(at: path))
                == .entrySymbolMissing(path: path, symbol: "dependency_container_plugin_entry"))
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: builder.directory)
    }

    @Test("loadAll reports every plugin-named library and passes over the rest")
    func loadAllReport() throws {
        let builder = try NativeLibraryBuilder()
        defer { builder.remove() }
        try builder.buildLibrary(named: "Helper", source: NativePluginSource.noEntry)
        let broken = try builder.buildLibrary(named: "BrokenPlugin", source: NativePluginSource.noEntry)
        let report = loader().loadAll(in: builder.directory)
        #expect(report.loaded.isEmpty)
        #expect(
            report.failures == [
                .entrySymbolMissing(path: broken, symbol: "dependency_container_plugin_entry")
            ])
        #expect(
            report.description
                == "failed: \(broken): not a plugin, it does not export 'dependency_container_plugin_entry'")
    }

    @Test("The README's directory load compiles and reports")
    func readmeExample() throws {
        let builder = try NativeLibraryBuilder()
        defer { builder.remove() }
        let container = Container()
        let directory = builder.directory
        let loader = PluginLoader(container: container)
        let report = loader.loadAll(in: directory)  // every lib…Plugin.so in it, by name
        #expect(report.description == "no plugins")
    }

    @Test("A missing directory is a failure, not a crash")
    func missingDirectory() {
        let report = loader().loadAll(in: "/nonexistent/plugins")
        #expect(report.failures == [.fileMissing(path: "/nonexistent/plugins")])
    }

    @Test("Every error names its path")
    func errorsNamePaths() {
        let errors: [PluginLoadError] = [
            .fileMissing(path: "/p"), .unsafePermissions(path: "/p", detail: "d"),
            .untrustedOwner(path: "/p", directory: nil, ownerID: 7, trustedOwnerIDs: [0]),
            .untrustedOwner(path: "/p", directory: "/", ownerID: 7, trustedOwnerIDs: [0]),
            .fileChanged(path: "/p", detail: "d"), .fileReplaced(path: "/p", mapped: "m", found: "f"),
            .notALoadableLibrary(path: "/p", detail: "d"),
            .missingDependency(path: "/p", library: "l", detail: "d"),
            .entrySymbolMissing(path: "/p", symbol: "s"), .abiMismatch(path: "/p", expected: 1, found: 2),
            .invalidManifest(path: "/p", detail: "d"), .separateCoreCopy(path: "/p"),
            .registrationFailed(path: "/p", message: "m"),
            .manifestMismatch(path: "/p", undeclared: ["a"], unregistered: []),
            .duplicateIDs(path: "/p", ids: ["a"]),
        ]
        #expect(errors.allSatisfy { $0.path == "/p" && $0.description.hasPrefix("/p: ") })
    }
}

@Suite("Plugin loader: naming and classification")
struct PluginLoaderClassificationTests {
    @Test(
        "Only lib…Plugin libraries are loaded from a directory",
        arguments: [
            ("libToastPlugin.so", true), ("libPlugin.so", false), ("libToastPlugin.so.1", false),
            ("ToastPlugin.so", false), ("libPluginDemoRuntime.so", false), ("libFailingFixture.so", false),
        ])
    func pluginFileNames(name: String, isPlugin: Bool) {
        let platformName = name.replacingOccurrences(of: ".so", with: ".\(SharedLibrary.fileExtension)")
        #expect(PluginLoader.isPluginFileName(platformName) == isPlugin)
    }

    @Test("A loader message about another library is a missing dependency; about the file itself, not")
    func classification() {
        let path = "/plugins/libToastPlugin.so"
        let dependency = SharedLibrary.classifyOpenFailure(
            path: path, detail: "libVanished.so: cannot open shared object file: No such file or directory")
        #expect(
            dependency
                == .missingDependency(
                    path: path, library: "libVanished.so",
                    detail: "libVanished.so: cannot open shared object file: No such file or directory"))
        let itself = SharedLibrary.classifyOpenFailure(
            path: path, detail: "/plugins/libToastPlugin.so: invalid ELF header")
        #expect(
            itself
                == .notALoadableLibrary(path: path, detail: "/plugins/libToastPlugin.so: invalid ELF header"))
    }

    @Test("A manifest round-trips through JSON with the current ABI")
    func manifest() throws {
        let manifest = PluginManifest(name: "ToastPlugin", version: "1.0.0", providedIDs: ["ToastInjectID"])
        #expect(manifest.abiVersion == Int(PluginABI.currentVersion))
        let decoded = try JSONDecoder().decode(PluginManifest.self, from: JSONEncoder().encode(manifest))
        #expect(decoded == manifest)
    }

    @Test("A manifest lists contributions; one written before contributions existed has none")
    func manifestContributions() throws {
        let contributing = PluginManifest(
            name: "ToastPlugin", version: "1.0.0", providedIDs: ["ToastInjectID"],
            contributions: ["PlayerMenuExtensionPoint": ["notify-when-live"]])
        let decoded = try JSONDecoder().decode(PluginManifest.self, from: JSONEncoder().encode(contributing))
        #expect(decoded.contributions == ["PlayerMenuExtensionPoint": ["notify-when-live"]])
        let older =
            #"{"name":"ToastPlugin","version":"1.0.0","abiVersion":1,"#
            + #""providedIDs":["ToastInjectID"]}"#
        let old = try JSONDecoder().decode(PluginManifest.self, from: Data(older.utf8))
        #expect(old.contributions.isEmpty)
        #expect(old.providedIDs == ["ToastInjectID"])
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(PluginManifest.self, from: Data(#"{"name":"ToastPlugin"}"#.utf8))
        }
    }

    @Test("A manifest's JSON leaves out empty contributions and dependencies, and decodes the same")
    func manifestLeavesOutEmptyFields() throws {
        let plain = PluginManifest(name: "ToastPlugin", version: "1.0.0", providedIDs: ["ToastInjectID"])
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(plain), as: UTF8.self)
        #expect(
            json
                == #"{"abiVersion":1,"name":"ToastPlugin","providedIDs":["ToastInjectID"],"version":"1.0.0"}"#
        )
        #expect(try JSONDecoder().decode(PluginManifest.self, from: Data(json.utf8)) == plain)
        let full = PluginManifest(
            name: "ToastPlugin", version: "1.0.0", providedIDs: ["ToastInjectID"],
            contributions: ["PlayerMenuExtensionPoint": ["notify-when-live"]],
            dependencies: ["ToastInjectID": [.lazy(InjectID<Int>("PlayerInjectID"))]])
        let fullJSON = try encoder.encode(full)
        #expect(String(decoding: fullJSON, as: UTF8.self).contains(#""dependencies":{"ToastInjectID""#))
        #expect(try JSONDecoder().decode(PluginManifest.self, from: fullJSON) == full)
    }
}
