#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Facts about a file from `stat` or `fstat`, for the loader's checks.
struct FileStatus {
    /// Which file this is, whatever its name: two paths name the same file exactly when their
    /// identities are equal.
    struct Identity: Hashable, Sendable, CustomStringConvertible {
        let device: UInt64
        let inode: UInt64

        /// The device and inode numbers, as `stat` users read them.
        var description: String { "device \(device), inode \(inode)" }
    }

    let mode: mode_t
    let ownerID: uid_t
    /// The size in bytes.
    let size: Int
    let identity: Identity

    /// The status of `path`, following symbolic links, or `nil` if nothing is there.
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        self.init(info)
    }

    /// The status of the open file `descriptor`, or `nil` if it is no open descriptor.
    init?(descriptor: Int32) {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        self.init(info)
    }

    private init(_ info: stat) {
        mode = info.st_mode
        ownerID = info.st_uid
        size = Int(truncatingIfNeeded: info.st_size)
        identity = Identity(
            device: UInt64(truncatingIfNeeded: info.st_dev), inode: UInt64(truncatingIfNeeded: info.st_ino))
    }

    var isRegularFile: Bool { mode & S_IFMT == S_IFREG }
    var isDirectory: Bool { mode & S_IFMT == S_IFDIR }

    /// Whether only an entry's owner (or the directory's) may rename or remove it: the
    /// sticky bit, as on `/tmp`.
    var isSticky: Bool { mode & S_ISVTX != 0 }

    /// Whether users other than the owner may write to the file.
    var isWritableByOthers: Bool { mode & (S_IWGRP | S_IWOTH) != 0 }

    /// The permission bits in octal, as `ls` users read them.
    var octalPermissions: String { String(mode & 0o7777, radix: 8) }

    /// The owners whose files the loader trusts: root and the user this process runs as.
    ///
    /// A file's owner can always change it, so loading a file trusts its owner; these two
    /// can change the process anyway.
    static var trustedOwnerIDs: [UInt32] {
        Array(Set([0, UInt32(geteuid())])).sorted()
    }

    /// Whether `ownerID` is one of ``trustedOwnerIDs``, without building them.
    static func isTrustedOwner(_ ownerID: uid_t) -> Bool {
        ownerID == 0 || ownerID == geteuid()
    }
}
