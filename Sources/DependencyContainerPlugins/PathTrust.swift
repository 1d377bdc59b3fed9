import Foundation

/// The loader's trust checks: who could change the code at a path before it runs.
///
/// A library is as safe as the least safe directory on its path: whoever can write to any
/// directory above it can rename that directory away and put another tree, with another
/// library, in its place. So, like OpenSSH's `StrictModes`, every directory from the
/// library's up to `/` must belong to root or the process's user and be writable by no one
/// else; a sticky directory (such as `/tmp`) is accepted above the library's own, since in
/// one only an entry's owner can rename or remove it. The library's own directory must not
/// be writable by others at all: in a sticky directory anyone could still add libraries.
struct PathTrust {
    /// Whether files and directories writable by users other than their owner are trusted.
    let allowsWritableByOthers: Bool

    /// Whether files and directories owned by users other than root and the process's user
    /// are trusted.
    let allowsOwnedByOthers: Bool

    /// Why the open `file` must not be loaded, if it must not: not a regular file, or an
    /// untrusted file, directory or ancestor directory.
    func problem(checking file: PluginFile) -> PluginLoadError? {
        guard file.status.isRegularFile else {
            return .notALoadableLibrary(path: file.path, detail: "not a regular file")
        }
        if let problem = problem(with: file.status, of: file.resolvedPath, reportedAs: file.path, role: .item)
        {
            return problem
        }
        let directory = URL(fileURLWithPath: file.resolvedPath).deletingLastPathComponent().path
        return problem(checkingDirectory: directory, reportedAs: file.path, isNamedByHost: false)
    }

    /// ``problem(checking:)`` for a file whose directory, with its ancestors, the caller has
    /// checked as `checkedDirectory` (symbolic links resolved): the directories are checked
    /// again only if the file lies elsewhere.
    func problem(checking file: PluginFile, in checkedDirectory: String) -> PluginLoadError? {
        guard let directory = Self.directory(of: file.resolvedPath), directory == checkedDirectory,
            file.status.isRegularFile
        else {
            return problem(checking: file)
        }
        return problem(with: file.status, of: file.resolvedPath, reportedAs: file.path, role: .item)
    }

    /// ``problem(checking:in:)`` for a file opened in a directory held open since its check.
    ///
    /// The check of `directory` and its ancestors may be long past: the directory's own status
    /// is checked again, through its descriptor, as its owner may have opened it to others
    /// since. Its ancestors need no check: whatever becomes of them, the descriptor is that
    /// directory.
    func problem(checking file: PluginFile, inHeld directory: CheckedDirectory) -> PluginLoadError? {
        guard let status = FileStatus(descriptor: directory.descriptor) else {
            return problem(checking: file)
        }
        if let problem = problem(with: status, of: directory.path, reportedAs: file.path, role: .directory) {
            return problem
        }
        return problem(checking: file, in: directory.path)
    }

    /// The name of the entry that the absolute `path` names in `directory`, or `nil` when it
    /// names none: `path` is `directory`, `/` and a name without `/`.
    static func entryName(of path: String, in directory: String) -> String? {
        guard let parent = Self.directory(of: path), parent == directory else { return nil }
        let name = String(
            decoding: path.utf8.dropFirst(parent.utf8.count + (parent == "/" ? 0 : 1)), as: UTF8.self)
        return CheckedDirectory.isEntryName(name) ? name : nil
    }

    /// The directory part of the absolute `path`: all before its last `/`, or `/` for an
    /// entry of the root; `nil` for a path with no `/`.
    ///
    /// Plain string work, for a path without `.`, `..` or doubled separators (a resolved
    /// one): a path it reads otherwise only makes ``problem(checking:in:)`` check all again.
    static func directory(of path: String) -> Substring? {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return nil }
        return slash == path.startIndex ? path[...slash] : path[..<slash]
    }

    /// Why the directory at `directory` (symbolic links resolved), or one of its ancestors,
    /// must not be trusted, if it must not; the error names `path`.
    ///
    /// A directory that is gone is left to the steps that need it.
    ///
    /// - Parameters:
    ///   - directory: The directory, with symbolic links resolved.
    ///   - path: What the error names.
    ///   - isNamedByHost: Whether the host named the directory (to load all in it), rather
    ///     than a library in it.
    /// - Returns: The first problem from the directory up, or `nil`.
    func problem(checkingDirectory directory: String, reportedAs path: String, isNamedByHost: Bool)
        -> PluginLoadError?
    {
        var current = URL(fileURLWithPath: directory).standardizedFileURL.path
        var role: Role = isNamedByHost ? .item : .directory
        while true {
            guard let status = FileStatus(path: current) else { return nil }
            if let problem = problem(with: status, of: current, reportedAs: path, role: role) {
                return problem
            }
            let parent = URL(fileURLWithPath: current).deletingLastPathComponent().standardizedFileURL.path
            // The root is its own parent.
            guard parent != current, current != "/", !current.isEmpty else { return nil }
            current = parent
            role = .ancestor
        }
    }

    /// What a checked item is to the library being loaded.
    private enum Role {
        /// The library, or the directory the host named.
        case item
        /// The library's directory.
        case directory
        /// A directory above the library's, or above the directory the host named.
        case ancestor
    }

    /// Why the item at `itemPath`, whose status is `status`, must not be trusted, if it must
    /// not; the error names `path`.
    private func problem(with status: FileStatus, of itemPath: String, reportedAs path: String, role: Role)
        -> PluginLoadError?
    {
        let stickyAllowed = role == .ancestor && status.isDirectory && status.isSticky
        if !allowsWritableByOthers, status.isWritableByOthers, !stickyAllowed {
            let item: String
            switch role {
            case .item: item = status.isDirectory ? "the directory is" : "the file is"
            case .directory: item = "its directory \(itemPath) is"
            case .ancestor: item = "its ancestor directory \(itemPath) is"
            }
            let sticky = role == .ancestor ? " and not sticky, so they can rename what it holds" : ""
            return .unsafePermissions(
                path: path,
                detail: "\(item) writable by other users (mode \(status.octalPermissions))\(sticky)")
        }
        if !allowsOwnedByOthers, !FileStatus.isTrustedOwner(status.ownerID) {
            let trusted = FileStatus.trustedOwnerIDs
            return .untrustedOwner(
                path: path, directory: role == .item ? nil : itemPath, ownerID: UInt32(status.ownerID),
                trustedOwnerIDs: trusted)
        }
        return nil
    }
}
