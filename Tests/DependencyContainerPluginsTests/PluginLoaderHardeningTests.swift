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

/// The loader against files cut short, paths swapped while it loads, unsafe ancestor
/// directories and files replaced after they were loaded (issue 18).
@Suite("Plugin loader: truncated files, swaps during the load, ancestor directories, replaced files")
struct PluginLoaderHardeningTests {
    private func failure(_ result: PluginLoadResult) -> PluginLoadError? {
        if case .failed(let error) = result { return error }
        return nil
    }

    private func loadedName(_ result: PluginLoadResult) -> String? {
        if case .loaded(let plugin) = result { return plugin.manifest.name }
        return nil
    }

    private let suffix = SharedLibrary.fileExtension

    @Test("A plugin cut to any fraction of its size is refused as notALoadableLibrary, with the reason")
    func truncatedPlugins() throws {
        let builder = try NativeLibraryBuilder()
        defer { builder.remove() }
        let whole = try builder.buildLibrary(
            named: "WholePlugin", source: NativePluginSource.working(named: "Whole"))
        let bytes = try Data(contentsOf: URL(fileURLWithPath: whole))
        let container = Container()
        let loader = PluginLoader(container: container)
        for percent in [2, 5, 8, 10, 30, 50, 75, 90, 99] {
            let cut = bytes.prefix(bytes.count * percent / 100)
            let path = try builder.writeFile(named: "libCut\(percent)Plugin.\(suffix)", contents: cut)
            let result = loader.load(at: path)
            guard case .notALoadableLibrary(let reported, let detail) = failure(result) else {
                Issue.record("cut to \(percent)%: expected notALoadableLibrary, got \(result)")
                continue
            }
            #expect(reported == path)
            #expect(detail.contains("\(grouped(UInt64(cut.count)))-byte file"), "\(percent)%: \(detail)")
        }
        #expect(container.registrations.isEmpty)
        #expect(loadedName(loader.load(at: whole)) == "Whole")
    }

    @Test(
        "Swapped for a mode-666 library right after its checks and back right after dlopen: the checked file loads",
        .enabled(if: LibraryMapper.opensDescriptors, "dlopen maps the checked descriptor only through /proc"))
    func swappedAroundDlopen() throws {
        let builder = try NativeLibraryBuilder()
        defer { builder.remove() }
        let path = try builder.buildLibrary(
            named: "SwappedPlugin", source: NativePluginSource.working(named: "Trusted"))
        let untrusted = try builder.buildLibrary(
            named: "UntrustedPlugin", source: NativePluginSource.working(named: "Untrusted"))
        #expect(chmod(untrusted, 0o666) == 0)
        let spare = "\(builder.directory)/spare"
        let swaps = LockedValue(0)
        let loader = PluginLoader(container: Container()) { step, loading in
            guard loading == path else { return }
            // In: the untrusted library takes the path; out: the trusted one comes back.
            let moved =
                step == .checked
                ? rename(path, spare) == 0 && rename(untrusted, path) == 0
                : rename(path, untrusted) == 0 && rename(spare, path) == 0
            if moved { swaps.withLock { $0 += 1 } }
        }
        let result = loader.load(at: path)
        #expect(swaps.withLock { $0 } == 2)
        #expect(loadedName(result) == "Trusted", "\(result)")
        #expect(dlopen(untrusted, RTLD_LAZY | RTLD_NOLOAD) == nil, "the untrusted library was mapped")
    }

    @Test(
        "A path renamed back and forth between a trusted and a mode-666 library never loads the untrusted one",
        .enabled(if: LibraryMapper.opensDescriptors, "dlopen maps the checked descriptor only through /proc"))
    func renameSwapRace() throws {
        let builder = try NativeLibraryBuilder()
        defer { builder.remove() }
        let path = try builder.buildLibrary(
            named: "RacedPlugin", source: NativePluginSource.working(named: "Trusted"))
        let other = try builder.buildLibrary(
            named: "RacerPlugin", source: NativePluginSource.working(named: "Untrusted"))
        #expect(chmod(other, 0o666) == 0)
        let spare = "\(builder.directory)/spare"
        let stop = LockedValue(false)
        let swaps = LockedValue(0)
        let swapper = Thread {
            while !stop.withLock({ $0 }) {
                _ = rename(path, spare)
                _ = rename(other, path)
                _ = rename(spare, other)
                swaps.withLock { $0 += 1 }
            }
        }
        swapper.start()
        var outcomes: [String: Int] = [:]
        for _ in 0..<400 {
            let container = Container()
            let result = PluginLoader(container: container).load(at: path)
            let outcome: String
            switch result {
            case .loaded(let plugin): outcome = "loaded \(plugin.manifest.name)"
            case .alreadyLoaded: outcome = "already loaded"
            case .failed(let error): outcome = "\(error)".components(separatedBy: ":").dropFirst().first ?? ""
            }
            outcomes[outcome, default: 0] += 1
            if loadedName(result) == "Untrusted" { break }
        }
        stop.withLock { $0 = true }
        while !swapper.isFinished { sched_yield() }
        #expect(outcomes["loaded Untrusted"] == nil, "\(outcomes)")
        #expect(swaps.withLock { $0 } > 0)
        let untrustedNow = FileStatus(path: path)?.isWritableByOthers == true ? path : other
        #expect(dlopen(untrustedNow, RTLD_LAZY | RTLD_NOLOAD) == nil, "the untrusted library was mapped")
        // The loads are refused for the right reason, not all of them for another: on a busy
        // machine the swapper may hold the trusted state too briefly for any load to see it,
        // so the trusted library is put back in place and loads once the race is over.
        if untrustedNow == path {
            #expect(rename(path, spare) == 0 && rename(other, path) == 0 && rename(spare, other) == 0)
        }
        let settled = PluginLoader(container: Container()).load(at: path)
        #expect(loadedName(settled) == "Trusted", "\(settled), racing: \(outcomes)")
    }

    @Test(
        "A plugin whose ancestor directory others can write to is refused, naming it; a sticky one is accepted"
    )
    func writableAncestor() throws {
        let builder = try NativeLibraryBuilder()
        defer { builder.remove() }
        let ancestor = "\(builder.directory)/shared"
        let directory = "\(ancestor)/plugins"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        #expect(chmod(directory, 0o700) == 0)
        let built = try builder.buildLibrary(
            named: "NestedPlugin", source: NativePluginSource.working(named: "Nested"))
        let path = "\(directory)/libNestedPlugin.\(suffix)"
        try FileManager.default.moveItem(atPath: built, toPath: path)
        let resolvedAncestor = URL(fileURLWithPath: ancestor).resolvingSymlinksInPath().path

        #expect(chmod(ancestor, 0o777) == 0)
        let refused = failure(PluginLoader(container: Container()).load(at: path))
        guard case .unsafePermissions(let reported, let detail) = refused else {
            Issue.record("expected unsafePermissions, got \(String(describing: refused))")
            return
        }
        #expect(reported == path)
        #expect(
            detail == "its ancestor directory \(resolvedAncestor) is writable by other users (mode 777) "
                + "and not sticky, so they can rename what it holds")
        let report = PluginLoader(container: Container()).loadAll(in: directory)
        #expect(report.loaded.isEmpty)
        #expect(
            report.failures.first?.description.contains("its ancestor directory \(resolvedAncestor)") == true)
        #expect(chmod(ancestor, 0o775) == 0)
        #expect(
            failure(PluginLoader(container: Container()).load(at: path))?.description.contains("mode 775")
                == true)

        // Sticky, as /tmp is: only an entry's owner can rename it.
        #expect(chmod(ancestor, 0o1777) == 0)
        #expect(loadedName(PluginLoader(container: Container()).load(at: path)) == "Nested")
        #expect(chmod(ancestor, 0o755) == 0)
    }

    @Test(
        "A plugin under an ancestor directory owned by another user is refused, naming the directory",
        .enabled(if: geteuid() == 0, "only root can give a directory to another user"))
    func foreignAncestor() throws {
        let builder = try NativeLibraryBuilder()
        defer { builder.remove() }
        let ancestor = "\(builder.directory)/theirs"
        let directory = "\(ancestor)/plugins"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let built = try builder.buildLibrary(
            named: "GuestPlugin", source: NativePluginSource.working(named: "Guest"))
        let path = "\(directory)/libGuestPlugin.\(suffix)"
        try FileManager.default.moveItem(atPath: built, toPath: path)
        #expect(chown(ancestor, 12_345, 0) == 0)
        let resolvedAncestor = URL(fileURLWithPath: ancestor).resolvingSymlinksInPath().path
        #expect(
            failure(PluginLoader(container: Container()).load(at: path))
                == .untrustedOwner(
                    path: path, directory: resolvedAncestor, ownerID: 12_345,
                    trustedOwnerIDs: FileStatus.trustedOwnerIDs))
    }

    @Test(
        "A plugin file replaced at the same path after it was loaded is refused by a new loader, naming both files"
    )
    func replacedAfterLoad() throws {
        let builder = try NativeLibraryBuilder()
        defer { builder.remove() }
        let path = try builder.buildLibrary(
            named: "VersionedPlugin", source: NativePluginSource.working(named: "Versioned"))
        let first = try #require(FileStatus(path: path)).identity
        #expect(loadedName(PluginLoader(container: Container()).load(at: path)) == "Versioned")

        let next = try builder.buildLibrary(
            named: "NextVersionPlugin", source: NativePluginSource.working(named: "Versioned"))
        #expect(rename(next, path) == 0)
        let second = try #require(FileStatus(path: path)).identity
        #expect(first != second)
        #expect(
            failure(PluginLoader(container: Container()).load(at: path))
                == .fileReplaced(path: path, mapped: first.description, found: second.description))
        // Another path to the file already mapped is the same image, not a replacement.
        let link = "\(builder.directory)/libAliasPlugin.\(suffix)"
        #expect(symlink(path, link) == 0)
        #expect(
            failure(PluginLoader(container: Container()).load(at: link))
                == .fileReplaced(path: link, mapped: first.description, found: second.description))
    }

    @Test(
        "A library beside the plugin that it needs through $ORIGIN is found, and checked like the plugin",
        .enabled(if: LibraryMapper.opensDescriptors, "only loads through /proc resolve $ORIGIN themselves"))
    func originDependency() throws {
        let builder = try NativeLibraryBuilder()
        defer { builder.remove() }
        let helper = try builder.buildLibrary(
            named: "OriginHelper", source: NativePluginSource.dependency,
            arguments: ["-Wl,-soname,libOriginHelper.\(suffix)"])
        let source = NativePluginSource.working(named: "Origin") + NativePluginSource.needsDependency
        let path = try builder.buildLibrary(
            named: "OriginPlugin", source: source, linking: ["OriginHelper"],
            arguments: ["-Wl,-rpath,$ORIGIN"])
        let copy = try builder.buildLibrary(
            named: "OriginCopyPlugin",
            source: NativePluginSource.working(named: "OriginCopy") + NativePluginSource.needsDependency,
            linking: ["OriginHelper"], arguments: ["-Wl,-rpath,$ORIGIN"])

        #expect(chmod(helper, 0o666) == 0)
        guard
            case .missingDependency(let reported, let library, let detail) = failure(
                PluginLoader(container: Container()).load(at: copy))
        else {
            Issue.record("expected a refused dependency")
            return
        }
        #expect(reported == copy)
        #expect(library.hasSuffix("libOriginHelper.\(suffix)"))
        #expect(detail.contains("writable by other users"))

        #expect(chmod(helper, 0o644) == 0)
        let result = PluginLoader(container: Container()).load(at: path)
        #expect(loadedName(result) == "Origin", "\(result)")
    }

    @Test("A plugin needing a library beside it that has no SONAME, as SwiftPM builds them, loads by path")
    func originDependencyWithoutSoname() throws {
        let builder = try NativeLibraryBuilder()
        defer { builder.remove() }
        try builder.buildLibrary(named: "Unnamed", source: NativePluginSource.dependency)
        let path = try builder.buildLibrary(
            named: "UnnamedUserPlugin",
            source: NativePluginSource.working(named: "UnnamedUser") + NativePluginSource.needsDependency,
            linking: ["Unnamed"], arguments: ["-Wl,-rpath,$ORIGIN"])
        let result = PluginLoader(container: Container()).load(at: path)
        #expect(loadedName(result) == "UnnamedUser", "\(result)")
    }
}
