import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A plugin library held open from its checks until it is loaded, so that the checks and the
/// load are about one file.
///
/// The loader checks the open descriptor's `fstat`, not the path: a path can be made to name
/// another file at any moment, a descriptor cannot. It reads the library's headers from the
/// descriptor too (``bytes``), and ``LibraryMapper`` maps the file through it where the
/// platform allows, or else checks with ``namesCheckedFile()`` that the path still names it.
/// Holding the descriptor open keeps the checked file's inode in use, so no other file can
/// be given its number in the meantime.
struct PluginFile {
    /// The path as the host gave it, for messages.
    let path: String

    /// The path with every symbolic link resolved: the file that is checked and loaded.
    let resolvedPath: String

    /// The checked file, open for reading.
    let descriptor: Int32

    /// The open file's status, which the checks judge.
    let status: FileStatus

    /// Opens the file at `path` without following a symbolic link in its last component.
    ///
    /// - Parameter path: The library's path as the host gave it.
    /// - Returns: The open file, or why it cannot be opened: a missing file, or one that
    ///   became a symbolic link after its links were resolved.
    static func open(_ path: String) -> Result<PluginFile, PluginLoadError> {
        guard !path.isEmpty else { return .failure(.fileMissing(path: path)) }
        let resolvedPath = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        let descriptor = resolvedPath.withCString { systemOpen($0, openFlags) }
        guard descriptor >= 0 else {
            let error = errno
            if error == ELOOP, FileStatus(path: path) != nil {
                return .failure(
                    .fileChanged(
                        path: path, detail: "\(resolvedPath) became a symbolic link while it was being opened"
                    ))
            }
            if error == ENOENT || error == ENOTDIR || error == ELOOP {
                return .failure(.fileMissing(path: path))
            }
            return .failure(
                .notALoadableLibrary(
                    path: path, detail: "cannot open it: \(String(cString: strerror(error)))"))
        }
        guard let status = FileStatus(descriptor: descriptor) else {
            let error = errno
            _ = systemClose(descriptor)
            return .failure(
                .notALoadableLibrary(
                    path: path, detail: "cannot read its status: \(String(cString: strerror(error)))"))
        }
        return .success(
            PluginFile(path: path, resolvedPath: resolvedPath, descriptor: descriptor, status: status))
    }

    /// Opens the entry `name` of `directory` without resolving its path again: ``open(_:)``
    /// for a file the host named as `path` in that directory.
    ///
    /// The entry is opened relative to the open directory, without following a symbolic
    /// link, so the open file is in that directory (its ``resolvedPath`` is the directory's
    /// path, `/` and `name`). An entry that is a symbolic link, or that this cannot open, goes
    /// to ``open(_:)``, which resolves it and says why it cannot be opened.
    ///
    /// - Parameters:
    ///   - name: The entry's name, without `/`.
    ///   - directory: The open directory.
    ///   - path: The file's path as the host gave it, for messages.
    /// - Returns: The open file, or why it cannot be opened.
    static func open(named name: String, in directory: CheckedDirectory, reportedAs path: String)
        -> Result<PluginFile, PluginLoadError>
    {
        guard CheckedDirectory.isEntryName(name) else { return open(path) }
        let descriptor = name.withCString { openat(directory.descriptor, $0, openFlags) }
        guard descriptor >= 0 else { return open(path) }
        guard let status = FileStatus(descriptor: descriptor) else {
            _ = systemClose(descriptor)
            return open(path)
        }
        return .success(
            PluginFile(
                path: path, resolvedPath: directory.entryPath(name), descriptor: descriptor, status: status))
    }

    // O_NONBLOCK: opening a FIFO must not wait for a writer; O_NOCTTY: nor may a terminal
    // become the process's controlling terminal. Neither changes how a regular file reads.
    private static let openFlags = O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK | O_NOCTTY

    /// `nil` if ``resolvedPath`` still names the checked file, or else what it names now.
    func namesCheckedFile() -> PluginLoadError? {
        guard let current = FileStatus(path: resolvedPath) else {
            return .fileChanged(path: path, detail: "\(resolvedPath) no longer exists")
        }
        guard current.identity == status.identity else {
            return .fileChanged(
                path: path,
                detail:
                    "\(resolvedPath) is now another file (\(current.identity), checked \(status.identity))")
        }
        return nil
    }

    /// The checked file's bytes, read from its descriptor: whatever its path names now.
    var bytes: ImageBytes {
        ImageBytes(count: status.size) { [descriptor] offset, count in
            var buffer = [UInt8](repeating: 0, count: count)
            var done = 0
            while done < count {
                let read = buffer.withUnsafeMutableBytes { raw in
                    pread(descriptor, raw.baseAddress! + done, count - done, off_t(offset + done))
                }
                if read < 0, errno == EINTR { continue }
                // A file that shrank since `fstat` reads short: the checks then refuse it.
                guard read > 0 else { return nil }
                done += read
            }
            return buffer
        }
    }

    /// The checked file's image, or why it cannot be mapped whole (``LibraryImageValidator``).
    ///
    /// On hosts the checks do not know, everything passes.
    func checkedImage() -> Result<LibraryImageValidator.Image, PluginLoadError> {
        guard let format = LibraryImageValidator.Format.host else { return .success(.init()) }
        return LibraryImageValidator.validate(bytes, as: format).mapError {
            .notALoadableLibrary(path: path, detail: $0.reason)
        }
    }

    /// Closes the descriptor; call once, after the load.
    func close() {
        _ = systemClose(descriptor)
    }
}

// `open` and `close` are also the names of this type's members, so the C functions are
// reached through these.
private func systemOpen(_ path: UnsafePointer<CChar>, _ flags: Int32) -> Int32 {
    open(path, flags)
}

private func systemClose(_ descriptor: Int32) -> Int32 {
    close(descriptor)
}

/// A directory that passed the trust checks, with its ancestors, held open, so that the
/// entries read from it are that directory's; closed when the last holder lets it go.
///
/// ``PluginLoader/install(in:loadingAtStart:)`` opens the directory it checked once, and
/// opens and looks at each plugin's files relative to it, without resolving their paths again;
/// an installed plugin holds it until its library's first load opens the library in it.
final class CheckedDirectory: Sendable {
    /// The directory's path, with its symbolic links resolved: the one that was checked.
    let path: String

    /// The open directory.
    let descriptor: Int32

    private init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = descriptor
    }

    deinit {
        _ = systemClose(descriptor)
    }

    /// Opens the checked directory at `path` (symbolic links resolved), or `nil` if it
    /// cannot be opened as a directory.
    static func open(_ path: String) -> CheckedDirectory? {
        let flags = O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC
        let descriptor = path.withCString { systemOpen($0, flags) }
        guard descriptor >= 0 else { return nil }
        return CheckedDirectory(path: path, descriptor: descriptor)
    }

    /// Whether `name` names an entry of a directory: not empty, `.` or `..`, and without `/`.
    static func isEntryName(_ name: String) -> Bool {
        !name.isEmpty && name != "." && name != ".." && !name.utf8.contains(UInt8(ascii: "/"))
    }

    /// The path of the entry `name`.
    func entryPath(_ name: String) -> String {
        path.hasSuffix("/") ? path + name : path + "/" + name
    }

    /// An entry as the directory's listing gives it.
    struct Entry {
        /// Its name, without `/`.
        let name: String
        /// Whether it is a symbolic link, as the listing says; `nil` when the file system's
        /// listing does not say, and ``linkStatus(of:)`` must.
        let isSymbolicLink: Bool?
    }

    /// The entries of the open directory, `.` and `..` aside, read through its descriptor
    /// (the directory that was checked, whatever its path names now), in no order; `nil` if
    /// it cannot be read.
    ///
    /// The listing says which entries are symbolic links, so a plugin's library needs no
    /// `lstat` of its own.
    func entries() -> [Entry]? {
        // A copy: the stream closes the descriptor it reads.
        let copy = dup(descriptor)
        guard copy >= 0 else { return nil }
        guard let stream = fdopendir(copy) else {
            _ = systemClose(copy)
            return nil
        }
        defer { closedir(stream) }
        rewinddir(stream)
        var found: [Entry] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard Self.isEntryName(name) else { continue }
            let type = entry.pointee.d_type
            found.append(
                Entry(name: name, isSymbolicLink: type == UInt8(DT_UNKNOWN) ? nil : type == UInt8(DT_LNK)))
        }
        return found
    }

    /// The `lstat` of the entry `name`: its own status if it is a symbolic link; `nil` if
    /// there is none.
    func linkStatus(of name: String) -> stat? {
        guard Self.isEntryName(name) else { return nil }
        var info = stat()
        guard name.withCString({ fstatat(descriptor, $0, &info, AT_SYMLINK_NOFOLLOW) }) == 0 else {
            return nil
        }
        return info
    }
}
