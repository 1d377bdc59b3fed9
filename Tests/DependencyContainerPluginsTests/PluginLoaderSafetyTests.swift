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

@Suite("Plugin loader: concurrent loads, file owners, and files changed while loading")
struct PluginLoaderSafetyTests {
    /// Rounds of the concurrent tests; each round is one race with a fresh loader.
    private static let rounds = 50

    private func describe(_ result: PluginLoadResult) -> String {
        switch result {
        case .loaded(let plugin): "loaded \(plugin)"
        case .alreadyLoaded(let note): "note \(note)"
        case .failed(let error): "failed \(error)"
        }
    }

    private func loadedPlugin(_ result: PluginLoadResult) -> LoadedPlugin? {
        if case .loaded(let plugin) = result { return plugin }
        return nil
    }

    private func note(_ result: PluginLoadResult) -> String? {
        if case .alreadyLoaded(let note) = result { return note }
        return nil
    }

    private func failure(_ result: PluginLoadResult) -> PluginLoadError? {
        if case .failed(let error) = result { return error }
        return nil
    }

    @Test(
        "Two threads loading one file at once: one loads it, the other gets a sequential second load's note")
    func concurrentLoadsOfOneFile() throws {
        let builder = try NativeLibraryBuilder()
        defer { builder.remove() }
        let path = try builder.buildLibrary(
            named: "RacePlugin", source: NativePluginSource.working(named: "Race", registerDelay: 2_000))

        let sequential = PluginLoader(container: Container())
        let first = sequential.load(at: path)
        let second = sequential.load(at: path)
        #expect(loadedPlugin(first) != nil, "\(describe(first))")
        let expectedNote = try #require(note(second), "a sequential second load: \(describe(second))")

        for round in 1...Self.rounds {
            let loader = PluginLoader(container: Container())
            let results = runAtOnce(2) { _ in loader.load(at: path) }
            let loaded = results.compactMap(loadedPlugin)
            let notes = results.compactMap(note)
            guard loaded.count == 1, notes == [expectedNote] else {
                Issue.record("round \(round): \(results.map(describe))")
                break
            }
            #expect(loader.loadedPlugins.map(\.manifest.name) == ["Race"], "round \(round)")
        }
    }

    @Test(
        "Two copies of one plugin loading at once: one loads, the other is noted as a sequential load would be"
    )
    func concurrentLoadsOfTwoCopies() throws {
        let builder = try NativeLibraryBuilder()
        defer { builder.remove() }
        let original = try builder.buildLibrary(
            named: "TwinPlugin", source: NativePluginSource.working(named: "Twin", registerDelay: 2_000))
        let copy = try builder.copyFile(original, named: "libTwinCopyPlugin.\(SharedLibrary.fileExtension)")

        for round in 1...Self.rounds {
            let loader = PluginLoader(container: Container())
            let paths = [original, copy]
            let results = runAtOnce(2) { loader.load(at: paths[$0]) }
            let loaded = results.compactMap(loadedPlugin)
            guard loaded.count == 1, let winner = results.firstIndex(where: { loadedPlugin($0) != nil })
            else {
                Issue.record("round \(round): \(results.map(describe))")
                break
            }
            // What loading the winner, then the other copy, one after the other, notes.
            let sequential = PluginLoader(container: Container())
            _ = sequential.load(at: paths[winner])
            let expectedNote = try #require(note(sequential.load(at: paths[1 - winner])))
            #expect(note(results[1 - winner]) == expectedNote, "round \(round): \(results.map(describe))")
            #expect(loader.loadedPlugins.map(\.path) == [loaded[0].path], "round \(round)")
        }
    }

    @Test(
        "A library or directory owned by another user is refused, naming the owner, unless the host opts in",
        .enabled(if: geteuid() == 0, "only root can give a file to another user"))
    func foreignOwner() throws {
        let builder = try NativeLibraryBuilder()
        defer { builder.remove() }
        let path = try builder.buildLibrary(
            named: "OwnedPlugin", source: NativePluginSource.working(named: "Owned"))
        let stranger: UInt32 = 12_345
        let trusted = FileStatus.trustedOwnerIDs
        #expect(!trusted.contains(stranger))

        try FileManager.default.setAttributes([.ownerAccountID: stranger], ofItemAtPath: path)
        let refused = failure(PluginLoader(container: Container()).load(at: path))
        #expect(
            refused
                == .untrustedOwner(path: path, directory: nil, ownerID: stranger, trustedOwnerIDs: trusted))
        let message = refused?.description ?? ""
        #expect(message.hasPrefix("\(path): refused"))
        #expect(message.contains("owned by uid 12345"))
        #expect(message.contains(trusted.map { "uid \($0)" }.joined(separator: " or ")))

        let trusting = PluginLoader(container: Container(), allowsFilesOwnedByOthers: true)
        #expect(loadedPlugin(trusting.load(at: path))?.manifest.name == "Owned")

        try FileManager.default.setAttributes([.ownerAccountID: geteuid()], ofItemAtPath: path)
        try FileManager.default.setAttributes([.ownerAccountID: stranger], ofItemAtPath: builder.directory)
        let directory = URL(fileURLWithPath: builder.directory).resolvingSymlinksInPath().path
        let inForeignDirectory = failure(PluginLoader(container: Container()).load(at: path))
        #expect(
            inForeignDirectory
                == .untrustedOwner(
                    path: path, directory: directory, ownerID: stranger, trustedOwnerIDs: trusted))
        #expect(
            inForeignDirectory?.description.contains("its directory \(directory) is owned by uid 12345")
                == true)
        #expect(
            PluginLoader(container: Container()).loadAll(in: builder.directory).failures == [
                .untrustedOwner(
                    path: builder.directory, directory: nil, ownerID: stranger, trustedOwnerIDs: trusted)
            ])
        let report = PluginLoader(container: Container(), allowsFilesOwnedByOthers: true).loadAll(
            in: builder.directory)
        #expect(report.loaded.map(\.manifest.name) == ["Owned"], "\(report)")
    }

    @Test("A file swapped for another library after its checks: the other is never opened")
    func swappedAfterChecks() throws {
        let builder = try NativeLibraryBuilder()
        defer { builder.remove() }
        let path = try builder.buildLibrary(
            named: "CheckedPlugin", source: NativePluginSource.working(named: "Checked"))
        let impostor = try builder.buildLibrary(
            named: "ImpostorPlugin", source: NativePluginSource.working(named: "Impostor"))
        let swaps = LockedValue(0)
        let container = Container()
        let loader = PluginLoader(container: container) { step, loading in
            guard step == .checked, loading == path, rename(impostor, path) == 0 else { return }
            swaps.withLock { $0 += 1 }
        }

        let result = loader.load(at: path)
        #expect(swaps.withLock { $0 } == 1)
        if LibraryMapper.opensDescriptors {
            // dlopen maps the checked descriptor: the checked file loads, the impostor never
            // runs, and a later load of the path is refused, since it names another file now.
            #expect(loadedPlugin(result)?.manifest.name == "Checked", "\(describe(result))")
            #expect(dlopen(path, RTLD_LAZY | RTLD_NOLOAD) == nil)
            guard case .fileReplaced(let reported, _, _) = failure(loader.load(at: path)) else {
                Issue.record("expected fileReplaced")
                return
            }
            #expect(reported == path)
            return
        }
        guard case .fileChanged(let reported, let detail) = failure(result) else {
            Issue.record("expected fileChanged, got \(describe(result))")
            return
        }
        #expect(reported == path)
        #expect(detail.contains("is now another file"))
        #expect(loader.loadedPlugins.isEmpty)
        #expect(container.registrations.isEmpty)
        // Refused before dlopen, so the impostor's code never ran: the process has not loaded it.
        #expect(dlopen(path, RTLD_LAZY | RTLD_NOLOAD) == nil)

        // The refusal reserved nothing: what the path names now loads, as itself.
        #expect(loadedPlugin(loader.load(at: path))?.manifest.name == "Impostor")
    }

    @Test("A file swapped while dlopen reads it is refused (or, through /proc, the checked file loads)")
    func swappedDuringLoad() throws {
        let builder = try NativeLibraryBuilder()
        defer { builder.remove() }
        let path = try builder.buildLibrary(
            named: "OpenedPlugin", source: NativePluginSource.working(named: "Opened"))
        let impostor = try builder.buildLibrary(
            named: "LateImpostorPlugin", source: NativePluginSource.working(named: "LateImpostor"))
        let swaps = LockedValue(0)
        let container = Container()
        let loader = PluginLoader(container: container) { step, loading in
            guard step == .opened, loading == path, rename(impostor, path) == 0 else { return }
            swaps.withLock { $0 += 1 }
        }

        let result = loader.load(at: path)
        #expect(swaps.withLock { $0 } == 1)
        if LibraryMapper.opensDescriptors {
            // dlopen mapped the checked descriptor, so what loaded is the checked file.
            #expect(loadedPlugin(result)?.manifest.name == "Opened", "\(describe(result))")
            return
        }
        guard case .fileChanged(let reported, _) = failure(result) else {
            Issue.record("expected fileChanged, got \(describe(result))")
            return
        }
        #expect(reported == path)
        #expect(loader.loadedPlugins.isEmpty)
        #expect(container.registrations.isEmpty)
    }

    @Test("A path that comes to name the checked file through a link still loads it")
    func movedBehindLink() throws {
        let builder = try NativeLibraryBuilder()
        defer { builder.remove() }
        let path = try builder.buildLibrary(
            named: "SteadyPlugin", source: NativePluginSource.working(named: "Steady"))
        let moved = "\(builder.directory)/steady-moved"
        let relinks = LockedValue(0)
        let loader = PluginLoader(container: Container()) { step, loading in
            // The directory entry changes, the file does not: the same file is loaded.
            guard step == .checked, loading == path, rename(path, moved) == 0, symlink(moved, path) == 0
            else {
                return
            }
            relinks.withLock { $0 += 1 }
        }
        let result = loader.load(at: path)
        #expect(relinks.withLock { $0 } == 1)
        #expect(loadedPlugin(result)?.manifest.name == "Steady", "\(describe(result))")
    }
}

/// Runs `body(0)`, `body(1)`, … on `count` threads of their own, released together, and
/// returns their results in that order.
private func runAtOnce<Result: Sendable>(_ count: Int, _ body: @escaping @Sendable (Int) -> Result)
    -> [Result]
{
    let arrived = LockedValue(0)
    let results = LockedValue<[Int: Result]>([:])
    let finished = DispatchGroup()
    for index in 0..<count {
        finished.enter()
        Thread {
            arrived.withLock { $0 += 1 }
            while arrived.withLock({ $0 }) < count { sched_yield() }
            let result = body(index)
            results.withLock { $0[index] = result }
            finished.leave()
        }.start()
    }
    finished.wait()
    return results.withLock { results in (0..<count).compactMap { results[$0] } }
}
