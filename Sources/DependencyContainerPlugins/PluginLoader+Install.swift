import DependencyContainer
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension PluginLoader {
    // MARK: Installing

    /// The path of the manifest file that describes the plugin library at `libraryPath`: the
    /// library's path with `.json` in place of its extension, `libToastPlugin.json` beside
    /// `libToastPlugin.so`.
    ///
    /// The file holds the manifest the library's entry returns, as JSON
    /// (``writeManifestFile(forLibraryAt:)`` writes it). ``install(in:loadingAtStart:)`` reads
    /// it instead of the library, and a library whose own manifest differs is refused at its
    /// first load.
    ///
    /// - Parameter libraryPath: The plugin library's path.
    /// - Returns: The manifest file's path.
    public static func manifestPath(forLibraryAt libraryPath: String) -> String {
        let suffix = "." + SharedLibrary.fileExtension
        let stem = libraryPath.hasSuffix(suffix) ? String(libraryPath.dropLast(suffix.count)) : libraryPath
        return stem + ".json"
    }

    /// The plugins installed from their manifest files whose libraries have not loaded yet,
    /// active, sorted by name: their IDs are in the container as placeholders.
    public var installedPlugins: [LoadedPlugin] {
        state.withLock { state in
            state.plugins.values.filter { $0.status != .inactive && $0.descriptor == nil }.map(\.plugin)
                .sorted { $0.manifest.name < $1.manifest.name }
        }
    }

    /// Whether the library of the plugin named `name` has been loaded into the process.
    ///
    /// - Parameter name: The plugin's name, as its manifest gives it.
    /// - Returns: `true` once its library loaded, whether the plugin is active or not.
    public func isLibraryLoaded(pluginNamed name: String) -> Bool {
        state.withLock { $0.plugins[name]?.descriptor != nil }
    }

    /// Why the first loads of installed plugins failed, oldest first.
    ///
    /// A plugin whose library is missing, broken or other than its manifest file says when one
    /// of its IDs is first loaded is reported here; that load and every later one of its IDs
    /// return `nil`, and its placeholders leave the container.
    public var firstLoadFailures: [PluginLoadError] {
        state.withLock { $0.firstLoadFailures }
    }

    /// Installs every plugin in `directory` whose library name ends in `Plugin`, such as
    /// `libToastPlugin.so`, from its manifest file, in name order: no plugin code runs.
    ///
    /// Each plugin's provided IDs and contributions are registered as placeholders, so that
    /// `Container.registrations`, observers, `verify()` (with the manifest's declared
    /// dependencies) and ``deactivate(pluginNamed:resettingDependents:)`` see it as they see a
    /// loaded plugin. The first load of one of its IDs, or of an extension point it contributes
    /// to, loads its library, once, through every check of ``load(at:)``; loads on other
    /// threads meanwhile wait for it. If that load fails, the placeholders go, a load of an ID
    /// returns `nil`, a load of a point returns the other contributions, and
    /// ``firstLoadFailures`` says why.
    ///
    /// ```swift
    /// let loader = PluginLoader(container: container)
    /// let report = loader.install(in: directory)  // manifests only; libraries load on first use
    /// ```
    ///
    /// The manifest files are read several at a time, on the cores the system has; the
    /// placeholders are registered one plugin after another, in name order. The plugins named
    /// in `loadingAtStart` are loaded now.
    ///
    /// - Parameters:
    ///   - directory: The directory to install from.
    ///   - loadingAtStart: The names of the plugins whose libraries load now.
    /// - Returns: The plugins installed (in ``PluginLoadReport/loaded``; ``isLibraryLoaded(pluginNamed:)``
    ///   tells which loaded), what failed and why (a manifest file that is missing or refused, a
    ///   conflict, or under a verification policy ``PluginLoadError/verificationFailed(path:plugin:problems:)``),
    ///   and notes: a plugin already installed or loaded, and a manifest file whose library is
    ///   missing, naming both.
    public func install(in directory: String, loadingAtStart: Set<String> = []) -> PluginLoadReport {
        var report = PluginLoadReport()
        let files: PluginDirectory
        switch pluginFiles(in: directory) {
        case .success(let found):
            files = found
        case .failure(let error):
            report.failures.append(error)
            return report
        }
        // A manifest left without its library installs nothing: said, not skipped silently.
        report.notes += files.manifestsWithoutLibrary.map { name in
            let library = directory + "/" + Self.libraryName(forManifest: name)
            return
                "\(directory)/\(name): a plugin manifest whose library \(library) is missing; not installed"
        }
        // Room for them all at once, rather than growing by doubling as they come.
        state.withLock { $0.plugins.reserveCapacity($0.plugins.count + files.entries.count) }
        report.loaded.reserveCapacity(files.entries.count)
        let paths = files.entries.map { directory + "/" + $0.name }
        // Each plugin's files are opened in the directory just checked (if it cannot be held
        // open, each path is resolved and checked whole), several plugins at once: reading
        // and decoding the manifests is most of an install, and each is read on its own.
        let read = LockedValue(
            [Result<InstallableLibrary, PluginLoadError>?](repeating: nil, count: paths.count))
        DispatchQueue.concurrentPerform(iterations: paths.count) { index in
            let checked = files.checked.map { (directory: $0, entry: files.entries[index]) }
            let library = installable(at: paths[index], checked: checked)
            read.withLock { $0[index] = library }
        }
        let libraries = read.withLock { $0 }
        // Then the placeholders, in name order. One staging container for all: each plugin's
        // placeholders are adopted from it, then cleared from it.
        let staging = Container()
        for (index, path) in paths.enumerated() {
            let result = (libraries[index] ?? .failure(.fileMissing(path: path))).map {
                install($0, at: path, loadingAtStart: loadingAtStart, staging: staging)
            }
            switch result {
            case .success(.loaded(let plugin)):
                report.loaded.append(plugin)
            case .success(.alreadyLoaded(let note)):
                report.notes.append(note)
            case .success(.failed(let error)), .failure(let error):
                report.failures.append(error)
            }
        }
        return report
    }

    /// Installs the plugin library at `path` from its manifest file (``manifestPath(forLibraryAt:)``);
    /// see ``install(in:loadingAtStart:)``.
    ///
    /// - Parameters:
    ///   - path: The library's path.
    ///   - loadingAtStart: The names of the plugins whose libraries load now.
    /// - Returns: `loaded` with the plugin as installed (its IDs are in the container), a note
    ///   if a plugin of its name is already installed or loaded, or why it failed; the
    ///   container is unchanged by a failure.
    public func install(at path: String, loadingAtStart: Set<String> = []) -> PluginLoadResult {
        switch installable(at: path, checked: nil) {
        case .failure(let error): return .failed(error)
        case .success(let library):
            return install(library, at: path, loadingAtStart: loadingAtStart, staging: Container())
        }
    }

    /// The library at `path` as its manifest file describes it, with the trust checks of a
    /// library, or why it cannot be installed; `checked`, for the entry `checked.entry` of
    /// `checked.directory`, whose trust ``install(in:loadingAtStart:)`` checked, with its
    /// ancestors', for all its plugins.
    ///
    /// Reads files only, so that an install reads several at once.
    private func installable(
        at path: String, checked: (directory: CheckedDirectory, entry: CheckedDirectory.Entry)?
    ) -> Result<InstallableLibrary, PluginLoadError> {
        let manifest: PluginManifest
        switch readManifestFile(forLibraryAt: path, checked: checked) {
        case .failure(let error): return .failure(error)
        case .success(let read): manifest = read
        }
        // The listing says whether the library is a link; where it does not, its `lstat` does.
        let isLink: Bool
        if let listed = checked?.entry.isSymbolicLink {
            isLink = listed
        } else if let checked {
            guard let status = checked.directory.linkStatus(of: checked.entry.name) else {
                return .failure(.fileMissing(path: path))
            }
            isLink = status.st_mode & S_IFMT == S_IFLNK
        } else {
            var link = stat()
            guard lstat(path, &link) == 0 else { return .failure(.fileMissing(path: path)) }
            isLink = link.st_mode & S_IFMT == S_IFLNK
        }
        // A link must lead to a file.
        guard !isLink || FileStatus(path: path) != nil else { return .failure(.fileMissing(path: path)) }
        guard let checked, !isLink else {
            return .success(
                InstallableLibrary(
                    manifest: manifest, path: URL(fileURLWithPath: path).resolvingSymlinksInPath().path,
                    directory: nil))
        }
        // No link to resolve but the directory's, which the directory check resolved.
        return .success(
            InstallableLibrary(
                manifest: manifest, path: checked.directory.entryPath(checked.entry.name),
                directory: checked.directory))
    }

    /// Registers the placeholders of `library`, found at `path`, staged in `staging`, which is
    /// empty again afterwards, and loads it if `loadingAtStart` names it.
    private func install(
        _ library: InstallableLibrary, at path: String, loadingAtStart: Set<String>, staging: Container
    ) -> PluginLoadResult {
        let manifest = library.manifest
        let libraryPath = library.path
        let name = manifest.name
        defer { staging.removeAll() }
        if case .failure(let error) = placeholders(for: manifest, path: libraryPath, into: staging) {
            return .failed(error)
        }
        let installed = state.withLock { state -> PluginLoadResult in
            if let previous = state.plugins[name] {
                let note =
                    "\(path): a plugin named \(name) is already installed or loaded from \(previous.plugin.path)"
                return .alreadyLoaded(note: note)
            }
            // Verified from its manifest, as a loaded plugin is from its registrations: one
            // refused here is not installed, so its library never loads.
            let problems: [VerificationProblem]
            switch verdict(on: staging, manifest: manifest, ownIDs: manifest.allIDs, path: libraryPath) {
            case .failure(let error):
                state.failures[name] = error
                return .failed(error)
            case .success(let found): problems = found
            }
            let outcome = container.adoptRegistrations(
                of: staging, replacingExisting: conflictPolicy == .replace, declaring: [:],
                owner: RegistrationOwner())
            guard outcome.adopted, let owned = outcome.record else {
                let error = PluginLoadError.duplicateIDs(path: libraryPath, ids: outcome.conflicts)
                state.failures[name] = error
                return .failed(error)
            }
            container.addLoadSites(manifest.loadSites)
            let plugin = LoadedPlugin(
                manifest: manifest, path: libraryPath, providedIDs: manifest.providedIDs.sorted(),
                replacedIDs: outcome.conflicts, contributions: manifest.contributionIDs,
                verificationProblems: problems, loaderSerial: serial)
            state.failures[name] = nil
            state.plugins[name] = PluginRecord(
                plugin: plugin, descriptor: nil, status: .active, owned: owned, placeholders: owned,
                directory: library.directory)
            return .loaded(plugin)
        }
        // Its placeholders stand until the library loads, now: the first load's checks,
        // against the manifest file, apply.
        guard case .loaded = installed, loadingAtStart.contains(name) else {
            return installed
        }
        do {
            try loadLibrary(ofInstalled: name)
        } catch {
            return .failed(error)
        }
        return state.withLock { $0.plugins[name].map { .loaded($0.plugin) } } ?? installed
    }

    /// Loads the library at `libraryPath` through every check of ``load(at:)``, reads the
    /// manifest its entry returns, without registering anything, and writes it to the
    /// manifest file beside the library, for ``install(in:loadingAtStart:)``.
    ///
    /// A packaging step: it runs the library's entry in this process.
    ///
    /// - Parameter libraryPath: The plugin library's path.
    /// - Returns: The manifest file's path, or why the library's manifest cannot be read or
    ///   written.
    public func writeManifestFile(forLibraryAt libraryPath: String) -> Result<String, PluginLoadError> {
        let file: PluginFile
        switch PluginFile.open(libraryPath) {
        case .failure(let error): return .failure(error)
        case .success(let opened): file = opened
        }
        defer { file.close() }
        if let error = trust.problem(checking: file) { return .failure(error) }
        let manifest: PluginManifest
        switch descriptor(of: file).flatMap({
            validatedManifest(of: DescriptorView($0), path: file.resolvedPath)
        }) {
        case .failure(let error): return .failure(error)
        case .success(let read): manifest = read
        }
        let destination = Self.manifestPath(forLibraryAt: libraryPath)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        do {
            try encoder.encode(manifest).write(to: URL(fileURLWithPath: destination), options: .atomic)
        } catch {
            return .failure(.invalidManifest(path: destination, detail: "cannot write it: \(error)"))
        }
        return .success(destination)
    }

    // MARK: First loads

    /// Loads the library of the installed plugin `name`, once: the first use of a placeholder.
    ///
    /// Threads that come while it loads wait for it. A deactivation or activation under way is
    /// waited for too.
    ///
    /// - Throws: Why the plugin is not there: its library failed to load, or it is inactive.
    func loadLibrary(ofInstalled name: String) throws(PluginLoadError) {
        let notChanging = { (state: inout LoaderState) -> Bool in state.plugins[name]?.status != .changing }
        let claim = state.withLock(waitingUntil: notChanging) {
            state -> Result<PluginRecord?, PluginLoadError> in
            guard var record = state.plugins[name] else {
                return .failure(
                    state.failures[name]
                        ?? .invalidManifest(path: name, detail: "the plugin \(name) is no longer installed"))
            }
            guard record.descriptor == nil else { return .success(nil) }
            guard record.status == .active else {
                return .failure(
                    .invalidManifest(path: record.plugin.path, detail: "the plugin \(name) is deactivated"))
            }
            let claimed = record
            record.status = .changing
            state.plugins[name] = record
            return .success(claimed)
        }
        guard let record = try claim.get() else { return }
        switch firstLoad(of: record) {
        case .success(let loaded):
            state.withLock { $0.plugins[name] = loaded }
            state.wakeWaiters()
        case .failure(let error):
            // The ID becomes absent: the placeholders go, and loads fall back from now on.
            if let placeholders = record.placeholders {
                container.withdrawRegistrations(placeholders, resettingDependents: false)
            }
            state.withLock { state in
                state.plugins[name] = nil
                state.failures[name] = error
                state.firstLoadFailures.append(error)
            }
            state.wakeWaiters()
            throw error
        }
    }

    /// Opens the installed plugin's library, checks that its manifest is the one installed,
    /// and adopts its registrations in place of the placeholders.
    private func firstLoad(of record: PluginRecord) -> Result<PluginRecord, PluginLoadError> {
        let path = record.plugin.path
        let descriptor: UnsafeRawPointer
        switch openLibrary(at: path, of: record.plugin.manifest.name, in: record.directory) {
        case .failure(let error): return .failure(error)
        case .success(let opened): descriptor = opened
        }
        let view = DescriptorView(descriptor)
        let installed = record.plugin.manifest
        return validatedManifest(of: view, path: path).flatMap {
            manifest -> Result<PluginManifest, PluginLoadError> in
            guard manifest == installed else {
                return .failure(
                    .invalidManifest(
                        path: path,
                        detail:
                            "the library's manifest is not the one in \(Self.manifestPath(forLibraryAt: path)); "
                            + "write that file again from this library (PluginLoader.writeManifestFile(forLibraryAt:))"
                    ))
            }
            return .success(manifest)
        }
        .flatMap { stage(manifest: $0, from: view, path: path) }
        // The placeholders are the only registrations of its IDs it replaces: the conflicts
        // with the host's were settled when it was installed.
        // Its load sites were added, and it was verified from its manifest, when it was
        // installed or activated: a first use, inside a host's load, keeps that verdict.
        .flatMap { adopt($0, replacingExisting: true, verifying: false) }
        .map { adoption in
            let plugin = LoadedPlugin(
                manifest: installed, path: path, providedIDs: adoption.plugin.providedIDs,
                replacedIDs: record.plugin.replacedIDs, contributions: adoption.plugin.contributions,
                verificationProblems: record.plugin.verificationProblems, loaderSerial: serial)
            return PluginRecord(
                plugin: plugin, descriptor: view, status: .active, owned: adoption.owned,
                placeholders: record.placeholders)
        }
    }

    /// The descriptor of the library at `path`, mapped through every check of ``load(at:)``,
    /// recorded as the file the installed plugin `name` loaded from.
    ///
    /// A library that is an entry of the checked `directory` install held open is opened in
    /// it, where libraries are mapped through their descriptors: the directory's own status is
    /// checked again, and its ancestors need no check, since they cannot change which
    /// directory the descriptor is. Elsewhere, the path is resolved and checked whole.
    private func openLibrary(at path: String, of name: String, in directory: CheckedDirectory?)
        -> Result<UnsafeRawPointer, PluginLoadError>
    {
        if let libraryOpener { return libraryOpener(path) }
        let held = LibraryMapper.opensDescriptors ? directory : nil
        let opened =
            held.flatMap { held in
                PathTrust.entryName(of: path, in: held.path).map {
                    PluginFile.open(named: $0, in: held, reportedAs: path)
                }
            } ?? PluginFile.open(path)
        let file: PluginFile
        switch opened {
        case .failure(let error): return .failure(error)
        case .success(let opened): file = opened
        }
        defer { file.close() }
        let problem = held.map { trust.problem(checking: file, inHeld: $0) } ?? trust.problem(checking: file)
        if let problem { return .failure(problem) }
        let identity = file.status.identity
        let result = descriptor(of: file)
        if case .success = result {
            state.withLock { state in
                if state.files[identity] == nil {
                    state.files[identity] = .loaded(name: name)
                }
            }
        }
        return result
    }

    // MARK: Placeholders

    /// A staging container with a placeholder for each ID `manifest` provides: a transient
    /// registration of `Any` whose factory loads the plugin's library, then the ID again;
    /// and one for each contribution it makes, of ``PlaceholderContribution``, whose factory
    /// loads the library, after which a load of the point reads its list again.
    ///
    /// A placeholder declares what the manifest declares for its ID, so `verify()` checks it,
    /// and is skipped by `verify(running:)`, which must not load libraries.
    ///
    /// - Parameters:
    ///   - manifest: The plugin's manifest.
    ///   - path: The plugin library's path, for messages.
    ///   - staging: An empty container to register them in; a new one unless given.
    /// - Returns: `staging` with the placeholders, or why one of the IDs is refused.
    func placeholders(for manifest: PluginManifest, path: String, into staging: Container = Container())
        -> Result<Container, PluginLoadError>
    {
        let name = manifest.name
        for id in manifest.providedIDs {
            let outcome = staging.register(
                InjectID<Any>(id), dependencies: manifest.dependencies[id], verify: .skip
            ) { [weak self] resolver throws -> Any in
                guard let self else { throw PlaceholderOrphaned(id: id, plugin: name) }
                try self.loadLibrary(ofInstalled: name)
                return try resolver.require(InjectID<Any>(id))
            }
            if case .rejected(let error) = outcome {
                return .failure(refused("provided ID", error))
            }
        }
        for (point, names) in manifest.contributions {
            for contribution in names {
                let id = "\(point)[\(contribution)]"
                let outcome = staging.contribute(
                    to: ExtensionPoint<PlaceholderContribution>(point), named: contribution, verify: .skip
                ) { [weak self] () throws -> PlaceholderContribution in
                    guard let self else { throw PlaceholderOrphaned(id: id, plugin: name) }
                    try self.loadLibrary(ofInstalled: name)
                    return PlaceholderContribution()
                }
                if case .rejected(let error) = outcome {
                    return .failure(refused("contribution", error))
                }
            }
        }
        return .success(staging)

        func refused(_ what: String, _ error: ContainerError) -> PluginLoadError {
            .invalidManifest(
                path: Self.manifestPath(forLibraryAt: path), detail: "its \(what) is refused: \(error)")
        }
    }

    /// Reads, checks and decodes the manifest file beside the library at `libraryPath`, with
    /// the trust checks of a library.
    ///
    /// With `checked`, the library is the entry `checked.entry` of the checked directory
    /// `checked.directory`, and so is the manifest file, unless it is a symbolic link: then it
    /// is resolved and checked as any file is.
    private func readManifestFile(
        forLibraryAt libraryPath: String,
        checked: (directory: CheckedDirectory, entry: CheckedDirectory.Entry)?
    ) -> Result<PluginManifest, PluginLoadError> {
        let path = Self.manifestPath(forLibraryAt: libraryPath)
        let opened =
            checked.map {
                PluginFile.open(
                    named: Self.manifestPath(forLibraryAt: $0.entry.name), in: $0.directory, reportedAs: path)
            } ?? PluginFile.open(path)
        let file: PluginFile
        switch opened {
        case .failure(let error): return .failure(error)
        case .success(let opened): file = opened
        }
        defer { file.close() }
        let problem =
            checked.map { trust.problem(checking: file, in: $0.directory.path) }
            ?? trust.problem(checking: file)
        if let problem { return .failure(problem) }
        guard !file.status.isDirectory else {
            return .failure(.invalidManifest(path: path, detail: "it is a directory"))
        }
        // A manifest lists IDs: a megabyte is far more than any needs.
        let limit = 1 << 20
        guard file.status.size <= limit else {
            return .failure(
                .invalidManifest(path: path, detail: "it is \(file.status.size) bytes, more than \(limit)"))
        }
        guard let bytes = file.bytes.read(at: 0, count: UInt64(file.status.size)) else {
            return .failure(.invalidManifest(path: path, detail: "it could not be read whole"))
        }
        let manifest: PluginManifest
        do {
            manifest = try bytes.withUnsafeBufferPointer { try PluginManifest.decoded(from: $0) }
        } catch {
            return .failure(
                .invalidManifest(
                    path: path, detail: "the manifest is not valid JSON for PluginManifest: \(error)"))
        }
        guard manifest.abiVersion == Int(PluginABI.currentVersion) else {
            return .failure(
                .abiMismatch(
                    path: path, expected: PluginABI.currentVersion,
                    found: UInt32(clamping: manifest.abiVersion)))
        }
        guard !manifest.name.isEmpty else {
            return .failure(.invalidManifest(path: path, detail: "the manifest names no plugin"))
        }
        if let problem = manifest.dependencyProblem {
            return .failure(.invalidManifest(path: path, detail: problem))
        }
        return .success(manifest)
    }
}

/// What a placeholder throws when its loader is gone.
struct PlaceholderOrphaned: Error, CustomStringConvertible {
    let id: String
    let plugin: String

    var description: String {
        "'\(id)' stands for the plugin \(plugin), whose loader was freed before its library loaded"
    }
}

/// A plugin library whose manifest file was read and checked, ready to install.
private struct InstallableLibrary: Sendable {
    let manifest: PluginManifest
    /// The library's path, with its symbolic links resolved.
    let path: String
    /// The checked directory it is an entry of, held open for its first load; `nil` for a
    /// library elsewhere.
    let directory: CheckedDirectory?
}
