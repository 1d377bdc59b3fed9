import DependencyContainer
import Foundation

/// Loads plugin libraries at run time and registers what they provide into a container.
///
/// A plugin that is missing or broken is simply absent: loads of its IDs return `nil` and
/// callers fall back, while the report says why it failed. The host keeps running whatever
/// fails.
///
/// ```swift
/// let loader = PluginLoader(container: container)
/// let report = loader.loadAll(in: directory)  // every lib…Plugin.so in it, by name
/// ```
///
/// Registration is all or nothing: a plugin registers into a scratch container, and its
/// registrations reach the host's container only if it succeeds, declares every ID it
/// registers, and (under the default policy) provides no ID the host already has. Loading
/// the same plugin twice is a no-op with a note.
///
/// Host and plugins must share one copy of `DependencyContainer`: both link the
/// `DependencyContainerDynamic` product. A plugin that links its own copy is refused, since
/// the host could not use anything it registered.
public final class PluginLoader: Sendable {
    /// What to do when a plugin provides an ID the host's container already has.
    public enum ConflictPolicy: Sendable {
        /// Refuse the plugin and report ``PluginLoadError/duplicateIDs(path:ids:)``.
        case reject

        /// Let the plugin's registrations replace the host's, reporting the replaced IDs.
        case replace
    }

    /// The container plugins register into.
    public let container: Container

    /// The policy for IDs the container already has.
    public let conflictPolicy: ConflictPolicy

    /// Whether libraries writable by other users are loaded anyway.
    public let allowsFilesWritableByOthers: Bool

    private let loaded = LockedValue<[String: LoadedPlugin]>([:])

    /// Creates a loader that registers into `container`.
    ///
    /// - Parameters:
    ///   - container: Where plugins register.
    ///   - conflictPolicy: What to do when a plugin provides an ID the container already
    ///     has; ``ConflictPolicy/reject`` unless stated.
    ///   - allowsFilesWritableByOthers: Load libraries, or libraries in directories, that
    ///     users other than their owner can write to. Off by default: such a file could be
    ///     swapped for other code.
    public init(
        container: Container,
        conflictPolicy: ConflictPolicy = .reject,
        allowsFilesWritableByOthers: Bool = false
    ) {
        self.container = container
        self.conflictPolicy = conflictPolicy
        self.allowsFilesWritableByOthers = allowsFilesWritableByOthers
    }

    /// The plugins loaded so far, sorted by name.
    public var loadedPlugins: [LoadedPlugin] {
        loaded.withLock { $0.values.sorted { $0.manifest.name < $1.manifest.name } }
    }

    /// Loads the plugin library at `path`.
    ///
    /// - Parameter path: The library's path. Only paths the host names are loaded; nothing
    ///   is searched.
    /// - Returns: Whether the plugin loaded, was already loaded, or failed and why.
    public func load(at path: String) -> PluginLoadResult {
        switch checkedFile(at: path) {
        case .failure(let error):
            return .failed(error)
        case .success(let resolvedPath):
            if let previous = loaded.withLock({ $0.values.first { $0.path == resolvedPath } }) {
                return .alreadyLoaded(
                    note: "\(path): \(previous.manifest.name) is already loaded from this file")
            }
            return load(resolvedPath: resolvedPath)
        }
    }

    /// Loads every plugin library in `directory` whose name ends in `Plugin`, such as
    /// `libToastPlugin.so`, in name order.
    ///
    /// Other libraries in the directory, like the `DependencyContainerDynamic` library
    /// itself, are not plugins and are left alone.
    ///
    /// - Parameter directory: The directory to load from.
    /// - Returns: What loaded, what failed and why, and what was passed over.
    public func loadAll(in directory: String) -> PluginLoadReport {
        var report = PluginLoadReport()
        guard let status = FileStatus(path: directory), status.isDirectory else {
            report.failures.append(.fileMissing(path: directory))
            return report
        }
        if !allowsFilesWritableByOthers, status.isWritableByOthers {
            report.failures.append(
                .unsafePermissions(
                    path: directory,
                    detail: "the directory is writable by other users (mode \(status.octalPermissions))"))
            return report
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        for name in names.sorted() where Self.isPluginFileName(name) {
            switch load(at: directory + "/" + name) {
            case .loaded(let plugin):
                report.loaded.append(plugin)
            case .alreadyLoaded(let note):
                report.notes.append(note)
            case .failed(let error):
                report.failures.append(error)
            }
        }
        return report
    }

    /// Whether `fileName` follows the plugin naming convention, `lib…Plugin.so`.
    static func isPluginFileName(_ fileName: String) -> Bool {
        let suffix = "Plugin." + SharedLibrary.fileExtension
        return fileName.hasPrefix("lib") && fileName.hasSuffix(suffix) && fileName.count > 3 + suffix.count
    }

    // MARK: Steps

    /// Checks that `path` is a regular file that only its owner can change, and resolves it.
    private func checkedFile(at path: String) -> Result<String, PluginLoadError> {
        guard !path.isEmpty, let status = FileStatus(path: path) else {
            return .failure(.fileMissing(path: path))
        }
        guard status.isRegularFile else {
            return .failure(.notALoadableLibrary(path: path, detail: "not a regular file"))
        }
        let resolvedPath = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        if !allowsFilesWritableByOthers {
            if status.isWritableByOthers {
                return .failure(
                    .unsafePermissions(
                        path: path,
                        detail: "the file is writable by other users (mode \(status.octalPermissions))"))
            }
            let directory = URL(fileURLWithPath: resolvedPath).deletingLastPathComponent().path
            if let directoryStatus = FileStatus(path: directory), directoryStatus.isWritableByOthers {
                return .failure(
                    .unsafePermissions(
                        path: path,
                        detail: "its directory \(directory) is writable by other users "
                            + "(mode \(directoryStatus.octalPermissions))"))
            }
        }
        return .success(resolvedPath)
    }

    private func load(resolvedPath path: String) -> PluginLoadResult {
        let library: SharedLibrary
        switch SharedLibrary.open(path) {
        case .failure(let error): return .failed(error)
        case .success(let opened): library = opened
        }
        guard let entryAddress = library.symbol(named: PluginABI.entrySymbol) else {
            return .failed(.entrySymbolMissing(path: path, symbol: PluginABI.entrySymbol))
        }
        let entry = unsafeBitCast(entryAddress, to: PluginABI.EntryFunction.self)
        guard let descriptor = entry() else {
            return .failed(.invalidManifest(path: path, detail: "the entry returned no descriptor"))
        }
        // The version comes first and is checked before anything else in the descriptor is read.
        let abiVersion = descriptor.load(fromByteOffset: 0, as: UInt32.self)
        guard abiVersion == PluginABI.currentVersion else {
            return .failed(.abiMismatch(path: path, expected: PluginABI.currentVersion, found: abiVersion))
        }
        let view = DescriptorView(descriptor)
        let manifest: PluginManifest
        switch view.manifest() {
        case .failure(let problem): return .failed(.invalidManifest(path: path, detail: problem.detail))
        case .success(let decoded): manifest = decoded
        }
        guard manifest.abiVersion == Int(abiVersion) else {
            return .failed(
                .invalidManifest(
                    path: path,
                    detail: "the manifest says ABI \(manifest.abiVersion), the descriptor ABI \(abiVersion)"))
        }
        guard view.coreIdentity == PluginABI.coreIdentity else {
            return .failed(.separateCoreCopy(path: path))
        }
        if let previous = loaded.withLock({ $0[manifest.name] }) {
            return .alreadyLoaded(
                note: "\(path): a plugin named \(manifest.name) is already loaded from \(previous.path)")
        }
        return register(manifest: manifest, from: view, path: path)
    }

    private func register(manifest: PluginManifest, from view: DescriptorView, path: String)
        -> PluginLoadResult
    {
        let staging = Container()
        if let message = view.register(into: staging) {
            return .failed(.registrationFailed(path: path, message: message))
        }
        let registered = staging.ownIDs
        let declared = Set(manifest.providedIDs)
        let undeclared = registered.filter { !declared.contains($0) }
        let unregistered = declared.subtracting(registered).sorted()
        guard undeclared.isEmpty, unregistered.isEmpty else {
            return .failed(.manifestMismatch(path: path, undeclared: undeclared, unregistered: unregistered))
        }
        let outcome = container.adoptRegistrations(of: staging, replacingExisting: conflictPolicy == .replace)
        guard outcome.adopted else {
            return .failed(.duplicateIDs(path: path, ids: outcome.conflicts))
        }
        let plugin = LoadedPlugin(
            manifest: manifest, path: path, providedIDs: registered, replacedIDs: outcome.conflicts)
        loaded.withLock { $0[manifest.name] = plugin }
        return .loaded(plugin)
    }
}

/// Why a descriptor could not be read.
private struct DescriptorProblem: Error {
    let detail: String

    init(_ detail: String) {
        self.detail = detail
    }
}

/// Reads the fields of a version-1 descriptor; see ``PluginABI``.
private struct DescriptorView {
    let base: UnsafeRawPointer

    init(_ base: UnsafeRawPointer) {
        self.base = base
    }

    var size: Int { Int(base.load(fromByteOffset: 4, as: UInt32.self)) }

    func manifest() -> Result<PluginManifest, DescriptorProblem> {
        guard size >= PluginABI.descriptorSize else {
            return .failure(
                DescriptorProblem(
                    "the descriptor is \(size) bytes, version 1 needs \(PluginABI.descriptorSize)"))
        }
        guard let text = base.load(fromByteOffset: 8, as: UnsafePointer<CChar>?.self) else {
            return .failure(DescriptorProblem("the descriptor has no manifest"))
        }
        do {
            return .success(
                try JSONDecoder().decode(PluginManifest.self, from: Data(String(cString: text).utf8)))
        } catch {
            return .failure(DescriptorProblem("the manifest is not valid JSON for PluginManifest: \(error)"))
        }
    }

    var coreIdentity: UnsafeRawPointer? {
        base.load(fromByteOffset: 16, as: UnsafeRawPointer?.self)
    }

    /// Calls the plugin's register function; returns its error message if it failed.
    func register(into container: Container) -> String? {
        guard let function = base.load(fromByteOffset: 24, as: PluginABI.RegisterFunction?.self) else {
            return "the descriptor has no register function"
        }
        let context = base.load(fromByteOffset: 32, as: UnsafeMutableRawPointer?.self)
        var message: UnsafeMutablePointer<CChar>?
        let status = withExtendedLifetime(container) {
            function(context, Unmanaged.passUnretained(container).toOpaque(), &message)
        }
        defer { free(message) }
        guard status != 0 else { return nil }
        return message.map { String(cString: $0) } ?? "status \(status), no message"
    }
}
