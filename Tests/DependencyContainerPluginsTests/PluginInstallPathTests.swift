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
/// and a symbolic link among them resolved and checked whole.
@Suite("Installed plugins: files read from the checked directory")
struct PluginInstallPathTests {
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
