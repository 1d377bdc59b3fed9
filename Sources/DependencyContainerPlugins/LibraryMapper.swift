import DependencyContainer

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Maps checked plugin files into the process, and remembers which file each path mapped.
///
/// **Linux: the checked file itself.** The library is opened as `/proc/self/fd/N`, where `N`
/// is a duplicate of the descriptor the checks judged, so `dlopen` maps the inode that was
/// checked whatever its path names by then. Two consequences of that name are handled here:
/// - The dynamic loader knows the library by that name and would return it for any later
///   `dlopen` of the same name. The duplicate descriptor therefore stays open for the life of
///   the process, as the library does, so its number, and the name, is never reused.
/// - `$ORIGIN` in the library's run path means `/proc/self/fd`, where nothing is found. Before
///   the library, each library it needs that is not loaded yet and lies in one of its
///   `$ORIGIN` run-path directories is loaded the same way, after the same checks, so the
///   dynamic loader finds it by its `DT_SONAME`. One without a `DT_SONAME` of the name it is
///   needed by (SwiftPM sets none) could not be found so: then the library is opened by
///   path, as below, and the dynamic loader resolves `$ORIGIN` itself.
///
/// **Elsewhere** (Apple platforms; Linux without `/proc`, or with such a dependency)
/// `dlopen` takes the path, and the path is checked to name the checked file just before and
/// just after. What remains is a file swapped in and back while `dlopen` runs, which takes
/// write access to a directory on the path; ``PathTrust`` requires every one to be writable
/// only by root or the process's user, who could change the process anyway.
///
/// **The same path, a new file.** The dynamic loader caches libraries by name and by file,
/// and libraries are never unloaded: a path that a loader mapped and that now names another
/// file would run the old code. Such a load is refused, naming both files.
enum LibraryMapper {
    /// The files mapped so far, by resolved path, and the `dlopen` names of the mapped files.
    private struct State: Sendable {
        var fileByPath: [String: FileStatus.Identity] = [:]
        var nameByFile: [FileStatus.Identity: String] = [:]
    }

    private static let state = LockedValue(State())

    /// How deep dependencies beside a plugin may nest: a cycle or a hostile chain stops here.
    private static let maximumDependencyDepth = 8

    /// Whether libraries can be opened through their descriptors.
    static let opensDescriptors: Bool = {
        #if os(Linux)
            return FileStatus(path: "/proc/self/fd") != nil
        #else
            return false
        #endif
    }()

    /// Maps the checked library `file`, which ``PathTrust`` accepted; calls `opened` right
    /// after `dlopen` returns.
    static func open(_ file: PluginFile, trust: PathTrust, opened: () -> Void) -> Result<
        SharedLibrary, PluginLoadError
    > {
        let image: LibraryImageValidator.Image
        switch file.checkedImage() {
        case .failure(let error): return .failure(error)
        case .success(let checked): image = checked
        }
        if let replaced = replacedFile(file) {
            return .failure(replaced)
        }
        guard opensDescriptors else {
            return openByPath(file, opened: opened)
        }
        switch loadOriginDependencies(of: image, file: file, trust: trust, depth: 0) {
        case .refused(let problem):
            return .failure(problem)
        case .needsPath:
            return openByPath(file, opened: opened)
        case .loaded:
            let result = openByDescriptor(file)
            opened()
            return result
        }
    }

    /// What loading a library's `$ORIGIN` dependencies came to.
    private enum DependencyOutcome {
        /// Every one is loaded, or left to the dynamic loader.
        case loaded

        /// One has no `DT_SONAME` equal to the name it is needed by: the dynamic loader would
        /// not know it as that library once loaded through its descriptor, so the library
        /// that needs it must be opened by path, for the dynamic loader to resolve `$ORIGIN`.
        case needsPath

        /// One was refused.
        case refused(PluginLoadError)
    }

    /// The refusal of `file` if its path mapped another file before.
    private static func replacedFile(_ file: PluginFile) -> PluginLoadError? {
        guard let mapped = state.withLock({ $0.fileByPath[file.resolvedPath] }),
            mapped != file.status.identity
        else { return nil }
        return .fileReplaced(
            path: file.path, mapped: mapped.description, found: file.status.identity.description)
    }

    private static func openByPath(_ file: PluginFile, opened: () -> Void) -> Result<
        SharedLibrary, PluginLoadError
    > {
        // Checked before dlopen too, so that a file swapped in since the checks is not even
        // opened: opening runs its initializers.
        if let changed = file.namesCheckedFile() {
            return .failure(changed)
        }
        let result = SharedLibrary.open(file.resolvedPath)
        opened()
        guard case .success = result else { return result }
        // Recorded whatever comes next: the dynamic loader now has an image by this name, so
        // the path naming another file later is a replacement.
        record(file, name: file.resolvedPath)
        // The file might have been swapped and back during dlopen; if the path names another
        // file now, there is no telling which one dlopen read, so nothing in it is used.
        if let changed = file.namesCheckedFile() {
            return .failure(changed)
        }
        return result
    }

    private static func openByDescriptor(_ file: PluginFile) -> Result<SharedLibrary, PluginLoadError> {
        if let name = state.withLock({ $0.nameByFile[file.status.identity] }) {
            // Mapped before: its name returns the mapped library, whose descriptor is open.
            return SharedLibrary.open(name, reportedAs: file.path)
        }
        let duplicate = fcntl(file.descriptor, F_DUPFD_CLOEXEC, 0)
        guard duplicate >= 0 else {
            let reason = String(cString: strerror(errno))
            return .failure(
                .notALoadableLibrary(path: file.path, detail: "cannot duplicate its descriptor: \(reason)"))
        }
        let name = "/proc/self/fd/\(duplicate)"
        let result = SharedLibrary.open(name, reportedAs: file.path)
        guard case .success = result else {
            // Never mapped, so the dynamic loader has not kept the name.
            _ = close(duplicate)
            return result
        }
        record(file, name: name)
        return result
    }

    private static func record(_ file: PluginFile, name: String) {
        state.withLock { state in
            state.fileByPath[file.resolvedPath] = state.fileByPath[file.resolvedPath] ?? file.status.identity
            state.nameByFile[file.status.identity] = state.nameByFile[file.status.identity] ?? name
        }
    }

    /// Loads the libraries `image` needs from its `$ORIGIN` run-path directories, where the
    /// dynamic loader cannot find them for a library opened through `/proc/self/fd`.
    private static func loadOriginDependencies(
        of image: LibraryImageValidator.Image, file: PluginFile, trust: PathTrust, depth: Int
    ) -> DependencyOutcome {
        let origin = String(
            file.resolvedPath[..<(file.resolvedPath.lastIndex(of: "/") ?? file.resolvedPath.startIndex)])
        let directories = image.runPaths.filter { $0.contains("$ORIGIN") || $0.contains("${ORIGIN}") }.map {
            $0.replacingOccurrences(of: "${ORIGIN}", with: origin).replacingOccurrences(
                of: "$ORIGIN", with: origin)
        }
        guard !directories.isEmpty else { return .loaded }
        for needed in image.neededLibraries where !needed.contains("/") && !isLoaded(needed) {
            guard let directory = directories.first(where: { FileStatus(path: "\($0)/\(needed)") != nil })
            else {
                continue  // Not beside the plugin: the dynamic loader looks in the usual places.
            }
            guard depth < maximumDependencyDepth else {
                return .refused(
                    .missingDependency(
                        path: file.path, library: needed,
                        detail: "dependencies nest deeper than \(maximumDependencyDepth)"))
            }
            let outcome = loadDependency(
                named: needed, at: "\(directory)/\(needed)", of: file, trust: trust, depth: depth)
            guard case .loaded = outcome else { return outcome }
        }
        return .loaded
    }

    /// Checks and loads the dependency `name`, at `path`, of `plugin`; errors name the plugin.
    private static func loadDependency(
        named name: String, at path: String, of plugin: PluginFile, trust: PathTrust, depth: Int
    ) -> DependencyOutcome {
        let dependency: PluginFile
        switch PluginFile.open(path) {
        case .failure(let error): return .refused(error.naming(plugin.path, dependency: path))
        case .success(let opened): dependency = opened
        }
        defer { dependency.close() }
        if let problem = trust.problem(checking: dependency) ?? replacedFile(dependency) {
            return .refused(problem.naming(plugin.path, dependency: path))
        }
        let image: LibraryImageValidator.Image
        switch dependency.checkedImage() {
        case .failure(let error): return .refused(error.naming(plugin.path, dependency: path))
        case .success(let checked): image = checked
        }
        guard image.sharedObjectName == name else { return .needsPath }
        switch loadOriginDependencies(of: image, file: dependency, trust: trust, depth: depth + 1) {
        case .refused(let problem): return .refused(problem.naming(plugin.path, dependency: path))
        case .needsPath: return .needsPath
        case .loaded: break
        }
        if case .failure(let error) = openByDescriptor(dependency) {
            return .refused(error.naming(plugin.path, dependency: path))
        }
        return .loaded
    }

    /// Whether a library the dynamic loader knows as `name` is loaded.
    private static func isLoaded(_ name: String) -> Bool {
        guard let handle = dlopen(name, RTLD_LAZY | RTLD_NOLOAD) else { return false }
        // RTLD_NOLOAD still counts a reference.
        dlclose(handle)
        return true
    }
}

extension PluginLoadError {
    /// This error about the dependency at `dependency`, as a plugin's error: it names
    /// `plugin`, and the dependency as a missing one.
    fileprivate func naming(_ plugin: String, dependency: String) -> PluginLoadError {
        if path == plugin { return self }
        return .missingDependency(path: plugin, library: dependency, detail: "refused: \(description)")
    }
}
