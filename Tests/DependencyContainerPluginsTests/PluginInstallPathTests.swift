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

    @Test("A first load opens the library in the directory install checked, whose status it checks again")
    func firstLoadInCheckedDirectory() throws {
        let fixture = try InstalledPluginFixture()
        defer { fixture.remove() }
        let path = try fixture.place()
        let container = Container()
        let loader = PluginLoader(container: container)
        #expect(loader.install(in: fixture.directory).failures.isEmpty)
        // Opened to others since the install: the first load refuses the library.
        #expect(chmod(fixture.directory, 0o777) == 0)
        #expect(container.load(.pluginToast) == nil)
        guard case .unsafePermissions(let refused, let detail)? = loader.firstLoadFailures.first else {
            Issue.record("expected the opened directory to be refused, got \(loader.firstLoadFailures)")
            return
        }
        #expect(refused == URL(fileURLWithPath: path).resolvingSymlinksInPath().path)
        #expect(detail.contains("its directory"))
        #expect(detail.contains("writable by other users"))

        // Renamed since the install, and another directory put in its place: the first load
        // opens the library in the directory that was checked.
        #expect(chmod(fixture.directory, 0o700) == 0)
        let moved = "\(fixture.directory)-moved"
        let other = Container()
        let otherLoader = PluginLoader(container: other)
        #expect(otherLoader.install(in: fixture.directory).failures.isEmpty)
        #expect(rename(fixture.directory, moved) == 0)
        defer { try? FileManager.default.removeItem(atPath: moved) }
        try FileManager.default.createDirectory(
            atPath: fixture.directory, withIntermediateDirectories: false,
            attributes: [.posixPermissions: 0o700])
        #expect(other.load(.pluginToast) == nil)
        let failures = otherLoader.firstLoadFailures
        #expect(failures.count == 1)
        // Where libraries map through their descriptors, the stand-in library is opened there,
        // and is no library; elsewhere the path is resolved again, and names nothing.
        switch failures.first {
        case .notALoadableLibrary? where LibraryMapper.opensDescriptors: break
        case .fileMissing? where !LibraryMapper.opensDescriptors: break
        default: Issue.record("expected the library in the checked directory, got \(failures)")
        }
    }
}
