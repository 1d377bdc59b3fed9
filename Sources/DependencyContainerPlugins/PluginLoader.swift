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
/// the same plugin twice is a no-op with a note, also from two threads at once.
///
/// Plugins are trusted code: the loader makes sure the code is what the host's user put
/// there, whole. It refuses a library that, or whose directory or any directory above it,
/// others could change: one writable by users other than its owner, or owned by a user
/// other than root and the process's user (`PathTrust`). It judges the opened file, not
/// the path, checks from it that the file is a whole library (`LibraryImageValidator`),
/// and maps that very file (`LibraryMapper`). A plugin's registrations are adopted as they
/// stood when its register function returned, and a plugin that registers into any other
/// container meanwhile is refused.
///
/// Host and plugins must share the process's one copy of `DependencyContainer` and of each
/// interface module: both link the one shared library that carries them, the
/// `DependencyContainerDynamic` product or the app's own dynamic runtime product, and nothing
/// else that links the core. A plugin that links its own copy of the core is refused, since the
/// host could not use anything it registered, and so is one that hands the host a type of its
/// own copy of a shared interface (`sharedInterfaces`).
///
/// A loaded plugin can be switched off and on again while the host runs:
/// ``deactivate(_:resettingDependents:)`` takes everything it registered out of the
/// container as one change, after asking the listeners (``addListener(_:)``), and
/// ``activate(_:resettingDependents:)`` registers it again from its library, which
/// stays mapped. From the main actor, ``deactivateWithoutBlocking(_:resettingDependents:)``
/// and ``activateWithoutBlocking(_:resettingDependents:)`` run the same steps on a thread of
/// their own.
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

    /// Whether the loader verifies a plugin before it activates it.
    public let verificationPolicy: VerificationPolicy

    /// The policy for IDs the container already has.
    public let conflictPolicy: ConflictPolicy

    /// The interface types host and plugins share, by name: a plugin that hands the host a type
    /// of that name but another identity, as a service, a point's element or an argument, is
    /// refused (``PluginLoadError/separateInterfaceCopy(path:registrations:)``).
    let sharedInterfaces: [String: ObjectIdentifier]

    /// Whether libraries writable by other users are loaded anyway.
    public let allowsFilesWritableByOthers: Bool

    /// Whether libraries owned by users other than root and the process's user are loaded
    /// anyway.
    public let allowsFilesOwnedByOthers: Bool

    /// Where a load is, for ``stepHook``.
    enum LoadStep: Sendable {
        /// The file passed its trust checks and is reserved; its image checks and `dlopen`
        /// come next.
        case checked

        /// `dlopen` returned; where it took a path, the check that the path still names the
        /// checked file comes next.
        case opened
    }

    /// Called with each step and the path being loaded: a seam for tests that change the
    /// file at the worst moment.
    private let stepHook: (@Sendable (LoadStep, String) -> Void)?

    /// Opens an installed plugin's library at its first use and returns its descriptor, in
    /// place of mapping the file: a seam for tests that count and fail first loads.
    let libraryOpener: (@Sendable (String) -> Result<UnsafeRawPointer, PluginLoadError>)?

    /// How long each step of a deactivation with code of others in it (the listeners' veto,
    /// the dispose hooks and observers, the listeners' notification) may take before it is
    /// reported as overrunning and no longer waited for, in seconds.
    public let deactivationTimeLimit: TimeInterval

    /// Tells the plugins of this loader from another's.
    let serial = PluginLoader.lastSerial.add(1)
    private static let lastSerial = AtomicCounter(0)

    let state = LockedValue(LoaderState())

    /// The listeners, held weakly.
    let listeners = LockedValue<[WeakPluginListener]>([])

    /// Creates a loader that registers into `container`.
    ///
    /// - Parameters:
    ///   - container: Where plugins register.
    ///   - conflictPolicy: What to do when a plugin provides an ID the container already
    ///     has; ``ConflictPolicy/reject`` unless stated.
    ///   - allowsFilesWritableByOthers: Load libraries, or libraries in directories, that
    ///     users other than their owner can write to. Off by default: such a file could be
    ///     swapped for other code.
    ///   - allowsFilesOwnedByOthers: Load libraries, or libraries in directories, owned by
    ///     users other than root and the user the process runs as. Off by default: the owner
    ///     can change such a file.
    ///   - deactivationTimeLimit: How long each step of ``deactivate(_:resettingDependents:)``
    ///     that runs others' code may take, in seconds; 5 unless stated.
    ///   - sharedInterfaces: The interface types of the module host and plugins share: the
    ///     protocols and value types plugins register services as, the element types of the
    ///     extension points they contribute to and the argument types of their argument
    ///     registrations, such as `(any ToastInject).self` and `MenuEntry.self`. A plugin that
    ///     hands the host a type of the same name from another copy of that module is refused
    ///     before it changes anything, naming the registrations: the host could not cast what it
    ///     made. The core's article *Loading plugins at runtime* says which types to list.
    ///   - verificationPolicy: Whether a plugin is verified in the host's container before it
    ///     is activated, and refused when it fails; ``VerificationPolicy/off`` unless stated.
    public convenience init(
        container: Container,
        conflictPolicy: ConflictPolicy = .reject,
        allowsFilesWritableByOthers: Bool = false,
        allowsFilesOwnedByOthers: Bool = false,
        deactivationTimeLimit: TimeInterval = 5,
        sharedInterfaces: [Any.Type] = [],
        verificationPolicy: VerificationPolicy = .off
    ) {
        self.init(
            container: container, conflictPolicy: conflictPolicy,
            allowsFilesWritableByOthers: allowsFilesWritableByOthers,
            allowsFilesOwnedByOthers: allowsFilesOwnedByOthers, deactivationTimeLimit: deactivationTimeLimit,
            sharedInterfaces: sharedInterfaces, stepHook: nil, verificationPolicy: verificationPolicy)
    }

    /// Creates a loader that calls `stepHook` at each ``LoadStep``.
    init(
        container: Container,
        conflictPolicy: ConflictPolicy = .reject,
        allowsFilesWritableByOthers: Bool = false,
        allowsFilesOwnedByOthers: Bool = false,
        deactivationTimeLimit: TimeInterval = 5,
        sharedInterfaces: [Any.Type] = [],
        stepHook: (@Sendable (LoadStep, String) -> Void)?,
        libraryOpener: (@Sendable (String) -> Result<UnsafeRawPointer, PluginLoadError>)? = nil,
        verificationPolicy: VerificationPolicy = .off
    ) {
        self.verificationPolicy = verificationPolicy
        // Not finite or not positive would mean waiting forever or not at all.
        self.deactivationTimeLimit =
            deactivationTimeLimit.isFinite && deactivationTimeLimit > 0 ? deactivationTimeLimit : 5
        self.container = container
        // A reader of the creation trace from now on: a plugin that comes later names the
        // services made while it was away.
        container.startTracingCreations()
        self.conflictPolicy = conflictPolicy
        self.allowsFilesWritableByOthers = allowsFilesWritableByOthers
        self.allowsFilesOwnedByOthers = allowsFilesOwnedByOthers
        self.stepHook = stepHook
        self.libraryOpener = libraryOpener
        self.sharedInterfaces = Dictionary(
            sharedInterfaces.map { (Self.interfaceName($0), ObjectIdentifier($0)) },
            uniquingKeysWith: { first, _ in first })
    }

    /// Writes plugins made to their staging containers after their register functions
    /// returned, one sentence each, oldest first.
    ///
    /// Such writes are refused: a plugin's registrations are checked and adopted as they
    /// stood when its register function returned.
    public var lateWrites: [String] {
        state.withLock { $0.lateWrites }
    }

    /// The plugins loaded and active now, sorted by name; installed plugins whose library is
    /// not loaded yet are ``installedPlugins``.
    public var loadedPlugins: [LoadedPlugin] {
        state.withLock { state in
            state.plugins.values.filter { $0.status != .inactive && $0.descriptor != nil }.map(\.plugin)
                .sorted { $0.manifest.name < $1.manifest.name }
        }
    }

    /// The plugins loaded and then deactivated, sorted by name:
    /// ``activate(_:resettingDependents:)`` brings each back.
    public var inactivePlugins: [LoadedPlugin] {
        state.withLock { state in
            state.plugins.values.filter { $0.status == .inactive }.map(\.plugin)
                .sorted { $0.manifest.name < $1.manifest.name }
        }
    }

    /// Loads the plugin library at `path`.
    ///
    /// Loads may run on several threads at once. A load of a file that another thread is
    /// loading waits for it, then answers as a load after it would: already loaded if it
    /// loaded, or tries again if it failed.
    ///
    /// - Parameter path: The library's path. Only paths the host names are loaded; nothing
    ///   is searched.
    /// - Returns: Whether the plugin loaded, was already loaded, or failed and why.
    public func load(at path: String) -> PluginLoadResult {
        let file: PluginFile
        switch PluginFile.open(path) {
        case .failure(let error): return .failed(error)
        case .success(let opened): file = opened
        }
        defer { file.close() }
        if let error = trust.problem(checking: file) {
            return .failed(error)
        }
        let identity = file.status.identity
        if case .loaded(let name) = reserve(identity) {
            let isInactive = state.withLock { $0.plugins[name]?.status == .inactive }
            let hint = isInactive ? "; it is deactivated, and activate(_:) brings it back" : ""
            return .alreadyLoaded(note: "\(path): \(name) is already loaded from this file\(hint)")
        }
        var loadedName: String?
        defer {
            state.withLock { $0.files[identity] = loadedName.map { .loaded(name: $0) } }
            state.wakeWaiters()
        }
        let result = load(file)
        if case .loaded(let plugin) = result { loadedName = plugin.manifest.name }
        return result
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
        let files: PluginDirectory
        switch pluginFiles(in: directory) {
        case .success(let found):
            files = found
        case .failure(let error):
            report.failures.append(error)
            return report
        }
        for path in files.entries.map({ directory + "/" + $0.name }) {
            switch load(at: path) {
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

    /// The plugin libraries of `directory`, in name order, once the directory passed the
    /// trust checks; or why not.
    ///
    /// The directory is held open as checked, and listed through its descriptor; if it cannot
    /// be opened, it is listed by path, and each file is checked whole.
    func pluginFiles(in directory: String) -> Result<PluginDirectory, PluginLoadError> {
        guard let status = FileStatus(path: directory), status.isDirectory else {
            return .failure(.fileMissing(path: directory))
        }
        let resolved = URL(fileURLWithPath: directory).resolvingSymlinksInPath().path
        if let error = trust.problem(checkingDirectory: resolved, reportedAs: directory, isNamedByHost: true)
        {
            return .failure(error)
        }
        let checked = CheckedDirectory.open(resolved)
        let listed =
            checked?.entries()
            ?? ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).map {
                CheckedDirectory.Entry(name: $0, isSymbolicLink: nil)
            }
        // Filtered first: a directory of plugins holds as many manifest files.
        let entries = listed.filter { Self.isPluginFileName($0.name) }.sorted { $0.name < $1.name }
        let libraries = Set(entries.map(\.name))
        let orphans = listed.map(\.name).filter { name in
            guard name.hasSuffix(".json") else { return false }
            let library = Self.libraryName(forManifest: name)
            return Self.isPluginFileName(library) && !libraries.contains(library)
        }
        return .success(
            PluginDirectory(checked: checked, entries: entries, manifestsWithoutLibrary: orphans.sorted()))
    }

    /// The library a manifest file named `manifestName`, which ends in `.json`, describes:
    /// `libToastPlugin.so` for `libToastPlugin.json`.
    static func libraryName(forManifest manifestName: String) -> String {
        String(manifestName.dropLast(".json".count)) + "." + SharedLibrary.fileExtension
    }

    /// A type's name without its module, as two copies of a module name it alike.
    static func interfaceName(_ type: Any.Type) -> String {
        String(describing: type)
    }

    /// Whether `fileName` follows the plugin naming convention, `lib…Plugin.so`.
    static func isPluginFileName(_ fileName: String) -> Bool {
        let suffix = "Plugin." + SharedLibrary.fileExtension
        return fileName.hasPrefix("lib") && fileName.hasSuffix(suffix) && fileName.count > 3 + suffix.count
    }

    /// The trust checks this loader's options ask for.
    var trust: PathTrust {
        PathTrust(
            allowsWritableByOthers: allowsFilesWritableByOthers, allowsOwnedByOthers: allowsFilesOwnedByOthers
        )
    }

    // MARK: Steps

    /// Claims the file with `identity` for this load, or, if another thread is loading it,
    /// waits for that load to finish and looks again.
    private func reserve(_ identity: FileStatus.Identity) -> Reservation {
        let noLoadInProgress = { (state: inout LoaderState) -> Bool in
            if case .loading? = state.files[identity] { return false }
            return true
        }
        return state.withLock(waitingUntil: noLoadInProgress) { state in
            if case .loaded(let name)? = state.files[identity] {
                return .loaded(name: name)
            }
            state.files[identity] = .loading
            return .reserved
        }
    }

    private func load(_ file: PluginFile) -> PluginLoadResult {
        switch descriptor(of: file) {
        case .failure(let error): return .failed(error)
        case .success(let descriptor): return load(descriptor: descriptor, path: file.resolvedPath)
        }
    }

    /// Maps the checked `file` and calls its entry: the plugin's descriptor, or why there is none.
    func descriptor(of file: PluginFile) -> Result<UnsafeRawPointer, PluginLoadError> {
        let path = file.resolvedPath
        stepHook?(.checked, file.path)
        let library: SharedLibrary
        switch LibraryMapper.open(file, trust: trust, opened: { stepHook?(.opened, file.path) }) {
        case .failure(let error): return .failure(error)
        case .success(let opened): library = opened
        }
        guard let entryAddress = library.symbol(named: PluginABI.entrySymbol) else {
            return .failure(.entrySymbolMissing(path: path, symbol: PluginABI.entrySymbol))
        }
        let entry = unsafeBitCast(entryAddress, to: PluginABI.EntryFunction.self)
        guard let descriptor = entry() else {
            return .failure(.invalidManifest(path: path, detail: "the entry returned no descriptor"))
        }
        return .success(descriptor)
    }

    /// Loads the plugin whose descriptor is at `descriptor`, from the library at `path`.
    ///
    /// Every check and step of a load after the library is mapped. Internal, so that tests
    /// can load descriptors that `PluginExport` made in their own process.
    func load(descriptor: UnsafeRawPointer, path: String) -> PluginLoadResult {
        let view = DescriptorView(descriptor)
        let manifest: PluginManifest
        switch validatedManifest(of: view, path: path) {
        case .failure(let error): return .failed(error)
        case .success(let checked): manifest = checked
        }
        // Looked up early so an already loaded plugin's register function is not run again;
        // the adoption looks again, atomically with recording it.
        if let previous = state.withLock({ $0.plugins[manifest.name] }) {
            return .alreadyLoaded(
                note: alreadyLoadedNote(path: path, name: manifest.name, previous: previous))
        }
        let staged: StagedPlugin
        switch stage(manifest: manifest, from: view, path: path) {
        case .failure(let error):
            state.withLock { $0.failures[manifest.name] = error }
            return .failed(error)
        case .success(let checked): staged = checked
        }
        // Name check, adoption and record under one lock: two files of one plugin loading at
        // once must not both register.
        return state.withLock { state in
            if let previous = state.plugins[manifest.name] {
                return .alreadyLoaded(
                    note: alreadyLoadedNote(path: path, name: manifest.name, previous: previous))
            }
            switch adopt(staged) {
            case .failure(let error):
                state.failures[manifest.name] = error
                return .failed(error)
            case .success(let adoption):
                state.failures[manifest.name] = nil
                state.plugins[manifest.name] = PluginRecord(
                    plugin: adoption.plugin, descriptor: view, status: .active, owned: adoption.owned)
                return .loaded(adoption.plugin)
            }
        }
    }

    /// Checks the descriptor and reads its manifest: the ABI first, before anything else in
    /// it is read, then the manifest, its dependencies and the core it links.
    func validatedManifest(of view: DescriptorView, path: String) -> Result<PluginManifest, PluginLoadError> {
        let abiVersion = view.abiVersion
        guard abiVersion == PluginABI.currentVersion else {
            return .failure(.abiMismatch(path: path, expected: PluginABI.currentVersion, found: abiVersion))
        }
        let manifest: PluginManifest
        switch view.manifest() {
        case .failure(let problem): return .failure(.invalidManifest(path: path, detail: problem.detail))
        case .success(let decoded): manifest = decoded
        }
        guard manifest.abiVersion == Int(abiVersion) else {
            return .failure(
                .invalidManifest(
                    path: path,
                    detail: "the manifest says ABI \(manifest.abiVersion), the descriptor ABI \(abiVersion)"))
        }
        if let problem = manifest.dependencyProblem {
            return .failure(.invalidManifest(path: path, detail: problem))
        }
        guard view.coreIdentity == PluginABI.coreIdentity else {
            return .failure(.separateCoreCopy(path: path))
        }
        return .success(manifest)
    }

    /// Runs the plugin's register function into a sealed staging container and checks what
    /// it registered against its manifest.
    func stage(manifest: PluginManifest, from view: DescriptorView, path: String)
        -> Result<StagedPlugin, PluginLoadError>
    {
        let staging = Container()
        let (message, writtenElsewhere) = staging.recordingWritesElsewhere { view.register(into: staging) }
        // From here on the staging container is the one snapshot that is checked and adopted:
        // a write the plugin makes later, from a thread it started, is refused and reported.
        staging.seal { [state] ids in
            let note =
                "\(path): \(manifest.name) wrote \(ids) to its staging container after its register "
                + "function returned; refused, nothing of it was adopted"
            state.withLock { $0.lateWrites.append(note) }
        }
        if let message {
            return .failure(.registrationFailed(path: path, message: message))
        }
        // Written into the host's containers, past the manifest check: those writes cannot be
        // taken back safely (they may have replaced the host's own), but the plugin is refused.
        guard writtenElsewhere.isEmpty else {
            return .failure(
                .manifestMismatch(
                    path: path,
                    undeclared: writtenElsewhere.map { $0 + PluginLoadError.outsideStagingMarker },
                    unregistered: []))
        }
        // Contributions are checked one by one, as `Point[name]`: a plugin may add to a point
        // that the host or another plugin also contributes to.
        let contributions = staging.ownContributions
        let contributionIDs = { (contributions: [String: [String]]) in
            contributions.flatMap { point, names in names.map { "\(point)[\($0)]" } }
        }
        let services = staging.ownIDs.filter { contributions[$0] == nil }
        let contributed = contributionIDs(contributions).sorted()
        let registered = (services + contributed).sorted()
        let declared = Set(manifest.providedIDs + contributionIDs(manifest.contributions))
        let undeclared = registered.filter { !declared.contains($0) }
        let unregistered = declared.subtracting(registered).sorted()
        guard undeclared.isEmpty, unregistered.isEmpty else {
            return .failure(.manifestMismatch(path: path, undeclared: undeclared, unregistered: unregistered))
        }
        let foreign = foreignInterfaces(in: staging, contributions: contributions)
        guard foreign.isEmpty else {
            return .failure(.separateInterfaceCopy(path: path, registrations: foreign))
        }
        return .success(
            StagedPlugin(
                manifest: manifest, path: path, staging: staging, providedIDs: services,
                contributions: contributed))
    }

    /// What `staging` hands the host as a type named like a shared interface but of another
    /// identity, sorted: `'ID' (Type)` for a service, `'Point[name]' (element type Type)` for
    /// each contribution to a point, `'ID' (argument type Type)` for an argument registration.
    ///
    /// A point or argument registration is judged by the types its loads get, not by the
    /// marker or factory type it is registered as: a contribution of another copy's element
    /// type would retype the host's point, and an argument of another copy's type would never
    /// match the host's loads.
    private func foreignInterfaces(in staging: Container, contributions: [String: [String]]) -> [String] {
        guard !sharedInterfaces.isEmpty else { return [] }
        var foreign: [String] = []
        for (id, handed) in staging.ownHandedTypes {
            for handed in handed {
                let name = Self.interfaceName(handed.type)
                guard let shared = sharedInterfaces[name], shared != ObjectIdentifier(handed.type) else {
                    continue
                }
                switch handed.role {
                case .service: foreign.append("'\(id)' (\(name))")
                case .argument: foreign.append("'\(id)' (argument type \(name))")
                case .element:
                    foreign += (contributions[id] ?? []).map { "'\(id)[\($0)]' (element type \(name))" }
                }
            }
        }
        return foreign.sorted()
    }

    /// Moves a staged plugin's registrations into the host's container, owned by a new
    /// activation, unless they conflict and the policy rejects them.
    ///
    /// Unless `verifying` is `false` or the policy is ``VerificationPolicy/off``, the plugin is
    /// verified first (``verdict(on:manifest:ownIDs:path:)``); under ``VerificationPolicy/refuse`` one
    /// with an error or a warning is refused. Once adopted, its manifest's load sites are the
    /// container's, for `verify()`.
    func adopt(
        _ staged: StagedPlugin, dependents: AdoptionDependents = .ignored, replacingExisting: Bool? = nil,
        verifying: Bool = true
    ) -> Result<Adoption, PluginLoadError> {
        var problems: [VerificationProblem] = []
        if verifying {
            switch verdict(
                on: staged.staging, manifest: staged.manifest,
                ownIDs: staged.providedIDs + staged.contributions,
                path: staged.path)
            {
            case .failure(let error): return .failure(error)
            case .success(let found): problems = found
            }
        }
        let outcome = container.adoptRegistrations(
            of: staged.staging, replacingExisting: replacingExisting ?? (conflictPolicy == .replace),
            declaring: staged.manifest.dependencies, owner: RegistrationOwner(),
            dependents: dependents)
        guard outcome.adopted else {
            return .failure(.duplicateIDs(path: staged.path, ids: outcome.conflicts))
        }
        container.addLoadSites(staged.manifest.loadSites)
        let plugin = LoadedPlugin(
            manifest: staged.manifest, path: staged.path, providedIDs: staged.providedIDs,
            replacedIDs: outcome.conflicts, contributions: staged.contributions,
            verificationProblems: problems,
            loaderSerial: serial)
        return .success(Adoption(plugin: plugin, owned: outcome.record, dependents: outcome.dependents))
    }

    /// What the verification policy makes of a plugin about to be activated from `staging`
    /// (its registrations, or an installed plugin's placeholders): the problems found, none
    /// under ``VerificationPolicy/off``, or under ``VerificationPolicy/refuse`` the refusal of
    /// a plugin with an error or a warning.
    func verdict(on staging: Container, manifest: PluginManifest, ownIDs: [String], path: String)
        -> Result<[VerificationProblem], PluginLoadError>
    {
        guard verificationPolicy != .off else { return .success([]) }
        let problems = verificationProblems(of: staging, manifest: manifest, ownIDs: ownIDs)
        if verificationPolicy == .refuse, problems.contains(where: { $0.severity != .note }) {
            return .failure(.verificationFailed(path: path, plugin: manifest.name, problems: problems))
        }
        return .success(problems)
    }

    /// What `Container.verify()` finds in a plugin's registrations in `staging` and its
    /// manifest's load sites, as if the host's container had adopted them.
    ///
    /// They are copied into a child of the container, which is verified and dropped. Only the
    /// problems of `ownIDs` and of the manifest's sites are kept, not the host's own; a site of
    /// the plugin whose ID neither provides is one.
    ///
    /// - Complexity: One `verify()` of the host's container with the plugin's registrations.
    func verificationProblems(of staging: Container, manifest: PluginManifest, ownIDs: [String])
        -> [VerificationProblem]
    {
        let probe = Container(parent: container)
        _ = probe.adoptRegistrations(of: staging, replacingExisting: true, declaring: manifest.dependencies)
        probe.addLoadSites(manifest.loadSites)
        let report = probe.verify()
        let own = Set(ownIDs)
        let sites = Set(manifest.loadSites)
        return report.registrations.filter { own.contains($0.id) }.flatMap(\.problems)
            + report.siteProblems.filter { $0.site.map(sites.contains) ?? false }
    }

    private func alreadyLoadedNote(path: String, name: String, previous: PluginRecord) -> String {
        let note = "\(path): a plugin named \(name) is already loaded from \(previous.plugin.path)"
        guard previous.status == .inactive else { return note }
        return note + "; it is deactivated, and activate(_:) brings it back"
    }
}

/// A directory of plugins whose trust ``PluginLoader/pluginFiles(in:)`` checked, with its
/// ancestors'.
struct PluginDirectory {
    /// The directory, held open as checked; `nil` if it could not be opened.
    let checked: CheckedDirectory?
    /// Its plugin libraries, in name order.
    let entries: [CheckedDirectory.Entry]
    /// The names of its plugin manifest files whose library is not there, in name order.
    var manifestsWithoutLibrary: [String] = []
}

/// A plugin whose registrations the container adopted.
struct Adoption {
    let plugin: LoadedPlugin
    /// What withdraws its registrations.
    let owned: OwnedRegistrations?
    /// The cached services made without it, sorted (``PluginActivationReport/dependents``).
    let dependents: [String]
}

/// A plugin whose register function ran into a staging container that passed the checks.
struct StagedPlugin {
    let manifest: PluginManifest
    let path: String
    let staging: Container
    let providedIDs: [String]
    let contributions: [String]
}

/// One plugin a loader loaded, and where it is in its life.
struct PluginRecord: Sendable {
    /// The plugin as its latest activation loaded it.
    var plugin: LoadedPlugin
    /// Its descriptor, which lives as long as the process: activating again reads it anew.
    ///
    /// `nil` for a plugin installed from its manifest file whose library is not loaded yet.
    var descriptor: DescriptorView?
    var status: Status
    /// What withdraws the registrations of the current activation; `nil` while inactive.
    var owned: OwnedRegistrations?
    /// What withdraws the placeholders an install registered, while they are in the container:
    /// they stand for the plugin until its library loads, and stay behind what it registered then.
    var placeholders: OwnedRegistrations? = nil
    /// The checked directory an installed plugin's library is an entry of, held open for the
    /// library's first load; `nil` once it loaded, or for a library installed by path.
    var directory: CheckedDirectory? = nil

    enum Status: Sendable {
        case active
        case inactive
        /// A thread is activating or deactivating it, and wakes the lock's waiters when done.
        case changing
    }
}

/// What a loader has loaded and is loading; guarded by its lock.
struct LoaderState {
    /// The loaded plugins, by name.
    var plugins: [String: PluginRecord] = [:]

    /// Why the latest load of each plugin that failed past reading its manifest failed, by name.
    var failures: [String: PluginLoadError] = [:]

    /// The files loaded or being loaded, by identity; a file whose load failed has no entry.
    var files: [FileStatus.Identity: FileState] = [:]

    /// See ``PluginLoader/lateWrites``.
    var lateWrites: [String] = []

    /// See ``PluginLoader/firstLoadFailures``.
    var firstLoadFailures: [PluginLoadError] = []
}

/// Whether a file is being loaded or has been.
enum FileState {
    /// A thread is loading it, and wakes the lock's waiters when it is done.
    case loading

    /// The plugin `name` was loaded from it.
    case loaded(name: String)
}

/// The outcome of ``PluginLoader`` reserving a file.
enum Reservation {
    /// This load may load the file; it must record the outcome and wake waiters when done.
    case reserved

    /// The plugin `name` was loaded from the file.
    case loaded(name: String)
}

/// Why a descriptor could not be read.
struct DescriptorProblem: Error {
    let detail: String

    init(_ detail: String) {
        self.detail = detail
    }
}

/// Reads the fields of a version-1 descriptor; see ``PluginABI``.
///
/// `@unchecked Sendable`: the descriptor is memory of a library that is never unloaded, which
/// the loader only reads.
struct DescriptorView: @unchecked Sendable {
    let base: UnsafeRawPointer

    init(_ base: UnsafeRawPointer) {
        self.base = base
    }

    /// The ABI version, the first field: read before anything else.
    var abiVersion: UInt32 { base.load(fromByteOffset: 0, as: UInt32.self) }

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
