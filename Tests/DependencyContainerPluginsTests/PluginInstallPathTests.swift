import DependencyContainer
import Foundation
import Testing

@testable import DependencyContainerPlugins

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// How `install(in:)` reads a checked directory: each plugin's files opened relative to it,
/// a symbolic link among them resolved and checked whole, and manifests read by
/// ``ManifestScanner`` exactly as `JSONDecoder` reads them.
@Suite("Installed plugins: files read from the checked directory, manifests read as JSONDecoder reads them")
struct PluginInstallPathTests {
    // MARK: Manifests

    /// The manifest `json` holds by ``PluginManifest/decoded(from:)``, and by `JSONDecoder`.
    private func decodedBothWays(_ json: String) -> (fast: PluginManifest?, decoder: PluginManifest?) {
        let bytes = Array(json.utf8)
        let fast = try? bytes.withUnsafeBufferPointer { try PluginManifest.decoded(from: $0) }
        let decoder = try? JSONDecoder().decode(PluginManifest.self, from: Data(bytes))
        return (fast, decoder)
    }

    private func scanned(_ json: String) -> PluginManifest? {
        Array(json.utf8).withUnsafeBufferPointer { ManifestScanner.manifest(in: $0) }
    }

    @Test("The scanner reads encoded manifests as JSONDecoder does")
    func scannerReadsEncodedManifests() throws {
        let manifests = [
            PluginManifest(name: "ToastPlugin", version: "1.0.0", providedIDs: ["ToastInjectID"]),
            PluginManifest(name: "EmptyPlugin", version: "0", providedIDs: []),
            PluginManifest(
                name: "MenuPlugin", version: "2.1", providedIDs: ["a", "b.c", "d e"],
                contributions: ["PlayerMenuExtensionPoint": ["notify-when-live", "x"], "Other": []]),
        ]
        for manifest in manifests {
            for formatting in [JSONEncoder.OutputFormatting(), [.sortedKeys, .prettyPrinted]] {
                let encoder = JSONEncoder()
                encoder.outputFormatting = formatting
                let json = String(decoding: try encoder.encode(manifest), as: UTF8.self)
                #expect(scanned(json) == manifest, "\(json)")
                #expect(decodedBothWays(json).fast == manifest)
            }
        }
        // JSONEncoder escapes `/` as `\/`: such a manifest goes to JSONDecoder, to the same end.
        let slashed = PluginManifest(name: "SlashPlugin", version: "1", providedIDs: ["a/b"])
        let escaped = String(decoding: try JSONEncoder().encode(slashed), as: UTF8.self)
        #expect(scanned(escaped) == nil)
        #expect(decodedBothWays(escaped).fast == slashed)
        let written = #"{ "abiVersion" : 1, "name":"P","version":"1","providedIDs":["x"] }"#
        #expect(scanned(written) == PluginManifest(name: "P", version: "1", providedIDs: ["x"]))
    }

    @Test(
        "What the scanner does not read goes to JSONDecoder, which decides",
        arguments: [
            // Outside the subset, valid: JSONDecoder reads them.
            #"{"name":"T\u00e9","version":"1","abiVersion":1,"providedIDs":["a\"b"]}"#,
            #"{"name":"Té","version":"1","abiVersion":1,"providedIDs":[]}"#,
            #"{"name":"T","version":"1","abiVersion":1,"providedIDs":["a"],"extra":[1,2]}"#,
            #"{"name":"T","version":"1","abiVersion":1,"providedIDs":["a"],"contributions":null}"#,
            #"{"name":"T","version":"1","abiVersion":1,"providedIDs":["a"],"dependencies":{"a":[]}}"#,
            #"{"name":"T","version":"1","abiVersion":1.0,"providedIDs":[]}"#,
            #"{"name":"T","version":"1","abiVersion":-1,"providedIDs":[]}"#,
            // Outside the subset, invalid: JSONDecoder refuses them.
            #"{"name":"T","version":"1","abiVersion":01,"providedIDs":[]}"#,
            #"{"name":"T","version":"1","abiVersion":1,"providedIDs":[]} x"#,
            #"{"name":"T","version":"1","abiVersion":1}"#,
            #"{"name":null,"version":"1","abiVersion":1,"providedIDs":[]}"#,
            #"{"name":"T","version":"1","abiVersion":1,"providedIDs":["a",]}"#,
            #"{"name":"T","version":"1","abiVersion":1,"providedIDs":["a"]"#,
            #"{"name":"T\u0001","version":"1","abiVersion":1,"providedIDs":[]}"#,
            "{\"name\":\"T\tab\",\"version\":\"1\",\"abiVersion\":1,\"providedIDs\":[]}",
            #"{"name":"T","version":"1","abiVersion":1,"providedIDs":["a"],"name":"U"}"#,
            #"{"name":"T","version":"1","abiVersion":1,"contributions":{"P":["a"],"P":["b"]},"providedIDs":[]}"#,
            #"{"name":"T","version":"1","abiVersion":99999999999999999999,"providedIDs":[]}"#,
            "",
            "[]",
        ])
    func fallsBackToJSONDecoder(json: String) {
        #expect(scanned(json) == nil)
        let (fast, decoder) = decodedBothWays(json)
        #expect(fast == decoder)
    }

    // MARK: Files

    @Test("A manifest file that is a symbolic link is resolved and checked where it leads")
    func linkedManifestFile() throws {
        let fixture = try InstalledPluginFixture()
        defer { fixture.remove() }
        let path = try fixture.place()
        let manifestPath = PluginLoader.manifestPath(forLibraryAt: path)
        for (mode, installs) in [(0o700, true), (0o777, false)] {
            let elsewhere = "\(fixture.directory)/elsewhere-\(String(mode, radix: 8))"
            try FileManager.default.createDirectory(
                atPath: elsewhere, withIntermediateDirectories: false, attributes: [.posixPermissions: mode])
            // Created with the umask: set it as asked.
            try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: elsewhere)
            let target = "\(elsewhere)/manifest.json"
            try? FileManager.default.removeItem(atPath: target)
            try FileManager.default.copyItem(atPath: manifestPath, toPath: target)
            try FileManager.default.removeItem(atPath: manifestPath)
            #expect(symlink(target, manifestPath) == 0)
            let container = Container()
            let report = fixture.loader(into: container).install(in: fixture.directory)
            if installs {
                #expect(report.failures.isEmpty)
                #expect(report.loaded.map(\.manifest.name) == ["ToastTestPlugin"])
            } else {
                guard case .unsafePermissions(let refused, let detail)? = report.failures.first else {
                    Issue.record("expected the linked manifest file to be refused, got \(report)")
                    return
                }
                #expect(refused == manifestPath)
                #expect(detail.contains("its directory"))
                #expect(container.registrations.isEmpty)
            }
            try FileManager.default.removeItem(atPath: manifestPath)
            try FileManager.default.copyItem(atPath: target, toPath: manifestPath)
        }
    }

    @Test("A library that is a symbolic link installs with the path it leads to; a dangling one is missing")
    func linkedLibrary() throws {
        let fixture = try InstalledPluginFixture()
        defer { fixture.remove() }
        let path = try fixture.place()
        let target = "\(fixture.directory)/toast-library"
        #expect(rename(path, target) == 0)
        #expect(symlink(target, path) == 0)
        let report = fixture.loader(into: Container()).install(in: fixture.directory)
        #expect(report.failures.isEmpty)
        #expect(
            report.loaded.map(\.path) == [URL(fileURLWithPath: target).resolvingSymlinksInPath().path])

        try FileManager.default.removeItem(atPath: target)
        let dangling = fixture.loader(into: Container()).install(in: fixture.directory)
        #expect(dangling.failures == [.fileMissing(path: path)])
    }

    @Test("A plugin library's path is the checked directory's, with links in the directory's path resolved")
    func libraryPathInCheckedDirectory() throws {
        let fixture = try InstalledPluginFixture()
        defer { fixture.remove() }
        let path = try fixture.place()
        let link = "\(fixture.directory)-link"
        #expect(symlink(fixture.directory, link) == 0)
        defer { unlink(link) }
        let report = fixture.loader(into: Container()).install(in: link)
        #expect(report.failures.isEmpty)
        #expect(
            report.loaded.map(\.path) == [URL(fileURLWithPath: path).resolvingSymlinksInPath().path])
    }
}
