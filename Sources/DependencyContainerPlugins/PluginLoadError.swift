import DependencyContainer

/// Why a plugin library was not loaded.
///
/// Every case names the library's path.
public enum PluginLoadError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Nothing exists at the path.
    case fileMissing(path: String)

    /// The file or its directory can be written by other users, so anybody could swap the
    /// code the host is about to run.
    case unsafePermissions(path: String, detail: String)

    /// The file, or its directory, belongs to a user the loader does not trust: neither root
    /// nor the user the process runs as. That user could change the code the host is about to
    /// run.
    ///
    /// `directory` is `nil` when the item at `path` itself has the owner, and names the
    /// directory otherwise.
    case untrustedOwner(path: String, directory: String?, ownerID: UInt32, trustedOwnerIDs: [UInt32])

    /// The path named another file when the library was loaded than when it was checked, so
    /// the loader refused to use what it loaded.
    case fileChanged(path: String, detail: String)

    /// The process already runs the library it mapped earlier from this path, and the path
    /// now names another file: libraries cannot be unloaded, and the dynamic loader would
    /// hand back the old code, so the new file loads only in a new process.
    ///
    /// `mapped` and `found` name the two files by device and inode.
    case fileReplaced(path: String, mapped: String, found: String)

    /// The file is not a shared library the dynamic loader can open (a text file, a
    /// truncated library, one for another platform).
    case notALoadableLibrary(path: String, detail: String)

    /// The library needs another library that cannot be found.
    case missingDependency(path: String, library: String, detail: String)

    /// The library does not export ``PluginABI/entrySymbol``: it is not a plugin.
    case entrySymbolMissing(path: String, symbol: String)

    /// The plugin was built for another plugin ABI.
    case abiMismatch(path: String, expected: UInt32, found: UInt32)

    /// The descriptor or manifest cannot be read.
    case invalidManifest(path: String, detail: String)

    /// The plugin links its own copy of `DependencyContainer` instead of sharing the host's,
    /// so the host could not use anything it registered.
    case separateCoreCopy(path: String)

    /// The plugin hands the host interface types of its own copy of their module, which the
    /// host, with its copy, could not cast to: each entry is `'ID' (Type)` for a service,
    /// `'Point[name]' (element type Type)` for a contribution and `'ID' (argument type Type)`
    /// for an argument registration's argument.
    ///
    /// The loader judges the types its host names as shared
    /// (`PluginLoader(container:sharedInterfaces:)`), before the plugin changes anything.
    case separateInterfaceCopy(path: String, registrations: [String])

    /// The plugin's registration failed and nothing it registered was kept.
    case registrationFailed(path: String, message: String)

    /// The plugin registered IDs it did not declare, or declared IDs it did not register.
    ///
    /// An ID its register function wrote into another container than the staging one, such
    /// as `Container.shared`, is listed among `undeclared` with " (outside its staging
    /// container)" after it; that write has happened, and stays.
    case manifestMismatch(path: String, undeclared: [String], unregistered: [String])

    /// The plugin provides IDs the host's container already has, and the policy rejects it.
    case duplicateIDs(path: String, ids: [String])

    /// The loader verifies plugins before it activates them and refuses those with errors
    /// (``PluginLoader/VerificationPolicy/refuse``): `problems` are what `Container.verify()`
    /// found in the plugin's registrations and load sites, in the host's lookup order, such as
    /// a load site whose ID the host does not provide.
    case verificationFailed(path: String, plugin: String, problems: [VerificationProblem])

    /// What follows an undeclared ID written outside the plugin's staging container.
    static let outsideStagingMarker = " (outside its staging container)"

    /// The path of the library that failed.
    public var path: String {
        switch self {
        case .fileMissing(let path), .unsafePermissions(let path, _), .untrustedOwner(let path, _, _, _),
            .fileChanged(let path, _), .fileReplaced(let path, _, _), .notALoadableLibrary(let path, _),
            .missingDependency(let path, _, _), .entrySymbolMissing(let path, _),
            .abiMismatch(let path, _, _),
            .invalidManifest(let path, _), .separateCoreCopy(let path), .separateInterfaceCopy(let path, _),
            .registrationFailed(let path, _),
            .manifestMismatch(let path, _, _), .duplicateIDs(let path, _),
            .verificationFailed(let path, _, _):
            return path
        }
    }

    /// A sentence naming the path and the problem.
    public var description: String {
        switch self {
        case .fileMissing(let path):
            return "\(path): no such file"
        case .unsafePermissions(let path, let detail):
            return "\(path): refused, \(detail)"
        case .untrustedOwner(let path, let directory, let ownerID, let trustedOwnerIDs):
            let owned = directory.map { "its directory \($0) is" } ?? "it is"
            let trusted = trustedOwnerIDs.map { "uid \($0)" }.joined(separator: " or ")
            return "\(path): refused, \(owned) owned by uid \(ownerID); only files owned by \(trusted) "
                + "(root or the user running this process) are loaded"
        case .fileChanged(let path, let detail):
            return "\(path): refused, the file changed between its checks and its load (\(detail)); "
                + "nothing in it was used"
        case .fileReplaced(let path, let mapped, let found):
            return "\(path): refused, the process already runs the library loaded from this path earlier "
                + "(\(mapped)) and the path now names another file (\(found)); libraries cannot be "
                + "unloaded, so the new file loads in a new process"
        case .notALoadableLibrary(let path, let detail):
            return "\(path): not a loadable shared library (\(detail))"
        case .missingDependency(let path, let library, let detail):
            return "\(path): needs \(library), which cannot be found (\(detail))"
        case .entrySymbolMissing(let path, let symbol):
            return "\(path): not a plugin, it does not export '\(symbol)'"
        case .abiMismatch(let path, let expected, let found):
            return "\(path): built for plugin ABI \(found), but this host speaks ABI \(expected)"
        case .invalidManifest(let path, let detail):
            return "\(path): invalid manifest (\(detail))"
        case .separateCoreCopy(let path):
            return "\(path): links its own copy of DependencyContainer; host and plugins must share the "
                + "process's one copy: link only the shared library that carries it (DependencyContainerDynamic, "
                + "or the app's own dynamic runtime product), and no DependencyContainer product beside it"
        case .separateInterfaceCopy(let path, let registrations):
            return "\(path): registers \(registrations.joined(separator: ", ")) as types of its own copy of "
                + "their interface module, which the host's loads cannot cast to; build the plugin against "
                + "the dynamic library host and plugins share (the app's runtime product) instead of "
                + "linking the interface module into it"
        case .registrationFailed(let path, let message):
            return "\(path): the plugin reported failure: \(message); nothing it registered was kept"
        case .manifestMismatch(let path, let undeclared, let unregistered):
            var problems: [String] = []
            if !undeclared.isEmpty { problems.append("registered undeclared IDs \(undeclared)") }
            if !unregistered.isEmpty { problems.append("declared but did not register \(unregistered)") }
            // IDs written into the host's containers, not the staging one, stay there: say so.
            let elsewhere = undeclared.contains { $0.hasSuffix(Self.outsideStagingMarker) }
            let kept =
                elsewhere
                ? "nothing it staged was kept, but what it wrote outside its staging container stays"
                : "nothing it registered was kept"
            return "\(path): \(problems.joined(separator: " and ")); \(kept)"
        case .duplicateIDs(let path, let ids):
            return
                "\(path): provides \(ids.map { "'\($0)'" }.joined(separator: ", ")), already registered by "
                + "the host; rejected, nothing it registered was kept"
        case .verificationFailed(let path, let plugin, let problems):
            let found = problems.filter { $0.severity != .note }.map { "\n  \($0)" }.joined()
            return
                "\(path): \(plugin) failed verification in the host's container; refused, nothing it registered was kept:\(found)"
        }
    }
}
