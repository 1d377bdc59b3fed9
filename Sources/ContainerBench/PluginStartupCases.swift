import DependencyContainer
import DependencyContainerPlugins
import Foundation

/// The register function of every plugin library the bench builds: registers the singleton
/// `bench.plugin<N>`, where N is the descriptor's context.
private let registerBenchPlugin:
    @convention(c) (
        UnsafeMutableRawPointer?, UnsafeMutableRawPointer, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
    ) -> Int32 = { context, container, _ in
        let index = Int(bitPattern: context)
        let staging = Unmanaged<Container>.fromOpaque(container).takeUnretainedValue()
        staging.register(InjectID<Int>("bench.plugin\(index)"), scope: .singleton) { index }
        return 0
    }

/// What start-up costs with 50 plugins of which a session uses 2: installed from their
/// manifest files, loaded on first use, against all loaded at start-up; and a placeholder's
/// first load against loading that plugin directly.
///
/// The plugins are real libraries, built here with the toolchain's clang: their descriptors
/// carry this process's core identity and call back into ``registerBenchPlugin``, addresses
/// that hold for this run only. A library maps once per process, so every timed start-up loads
/// fresh copies, and each case is timed once per round.
enum PluginStartupCase {
    static let loadAll = "start-up: loadAll of 50 plugins, then 2 of them used"
    static let install = "start-up: install of 50 plugins, then 2 of them used"
    static let direct = "load(at:) of 1 plugin, then its ID"
    static let firstLoad = "first load of 1 installed plugin's ID"

    private static let pluginCount = 50
    private static let usedIndexes = [3, 41]

    /// The 50 plugin libraries, each with its manifest file, built once for all the plugin
    /// cases into a directory of their own, which ``remove()`` removes.
    final class Libraries {
        let base: String
        let paths: [String]

        /// Builds them, or throws why they cannot be built.
        init() throws {
            base =
                FileManager.default.temporaryDirectory.appendingPathComponent(
                    "container-bench-plugins-\(UUID().uuidString)"
                ).path
            try FileManager.default.createDirectory(
                atPath: base, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            do {
                paths = try buildLibraries(in: base)
            } catch {
                try? FileManager.default.removeItem(atPath: base)
                throw error
            }
        }

        func remove() {
            try? FileManager.default.removeItem(atPath: base)
        }
    }

    /// The cases' results over `rounds` rounds, or one result saying why they could not run.
    static func results(rounds: Int, libraries: Result<Libraries, any Error>) -> [CaseResult] {
        do {
            return try measure(rounds: rounds, libraries: libraries.get())
        } catch {
            return [CaseResult(name: install, note: "not run: \(error)")]
        }
    }

    /// The benchmark's fixture (``Container/benchmarkFixture(fillerCount:fillerNames:)`` with 3
    /// fillers) with the 50 plugins installed into it: their placeholders are in it, and
    /// none of their libraries is loaded.
    ///
    /// - Returns: The container, and its loader, which the caller keeps and checks with
    ///   ``checkNoneLoaded(_:)`` afterwards.
    static func installedFixture(libraries: Libraries) throws -> (Container, PluginLoader) {
        let directory = try copy(libraries.paths, to: "\(libraries.base)/installed-fixture", manifests: true)
        let container = Container.benchmarkFixture(fillerCount: 3, fillerNames: Names.filler(3))
        let loader = PluginLoader(container: container)
        let report = loader.install(in: directory)
        guard report.loaded.count == pluginCount, report.failures.isEmpty else {
            throw BenchFailure("install: \(report)")
        }
        try checkNoneLoaded(loader)
        container.publishForReaders(registrationCount: pluginCount + 13)
        return (container, loader)
    }

    /// Throws unless every plugin of `loader` is installed and none of their libraries loaded.
    static func checkNoneLoaded(_ loader: PluginLoader) throws {
        guard loader.loadedPlugins.isEmpty, loader.installedPlugins.count == pluginCount else {
            throw BenchFailure(
                "\(loader.loadedPlugins.count) plugin libraries loaded, \(loader.installedPlugins.count) installed"
            )
        }
    }

    private static func measure(rounds: Int, libraries built: Libraries) throws -> [CaseResult] {
        let base = built.base
        let libraries = built.paths
        var samples: [String: [Double]] = [:]
        let used = usedIndexes.map { InjectID<Int>("bench.plugin\($0)") }
        for round in 0..<rounds {
            let all = try copy(libraries, to: "\(base)/\(round)-all", manifests: false)
            samples[loadAll, default: []].append(
                try time {
                    let container = Container()
                    let report = PluginLoader(container: container).loadAll(in: all)
                    guard report.loaded.count == pluginCount else { throw BenchFailure("loadAll: \(report)") }
                    try check(used.map { container.load($0) })
                })
            let installed = try copy(libraries, to: "\(base)/\(round)-installed", manifests: true)
            samples[install, default: []].append(
                try time {
                    let container = Container()
                    let loader = PluginLoader(container: container)
                    let report = loader.install(in: installed)
                    guard report.loaded.count == pluginCount else { throw BenchFailure("install: \(report)") }
                    try check(used.map { container.load($0) })
                    guard loader.loadedPlugins.count == used.count else {
                        throw BenchFailure("install loaded \(loader.loadedPlugins.count) libraries")
                    }
                })
            let single = [libraries[usedIndexes[0]]]
            let directly = try copy(single, to: "\(base)/\(round)-direct", manifests: false)
            samples[direct, default: []].append(
                try time {
                    let container = Container()
                    let path = "\(directly)/\((single[0] as NSString).lastPathComponent)"
                    guard case .loaded = PluginLoader(container: container).load(at: path) else {
                        throw BenchFailure("load(at: \(path)) failed")
                    }
                    try check([container.load(used[0])])
                })
            let placeholder = try copy(single, to: "\(base)/\(round)-first", manifests: true)
            let container = Container()
            let loader = PluginLoader(container: container)
            _ = loader.install(in: placeholder)
            samples[firstLoad, default: []].append(try time { try check([container.load(used[0])]) })
            withExtendedLifetime(loader) {}
        }
        let median = { (name: String) in Statistics.median(samples[name]!) }
        let compare = { (name: String, baseline: String, target: Target) in
            CaseResult(
                name: name, nanosecondsPerOperation: median(name), baseline: baseline,
                ratio: Statistics.medianRatio(samples[name]!, samples[baseline]!), target: target)
        }
        return [
            CaseResult(name: loadAll, nanosecondsPerOperation: median(loadAll)),
            // Issue 41's promises: a session using 2 of 50 plugins starts in a fifth of the
            // time, and a placeholder costs its first load at most as much again.
            compare(install, loadAll, .ratio(atMost: 0.2)),
            CaseResult(name: direct, nanosecondsPerOperation: median(direct)),
            compare(firstLoad, direct, .ratio(atMost: 2)),
        ]
    }

    /// Nanoseconds `body` takes.
    private static func time(_ body: () throws -> Void) throws -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start)
    }

    private static func check(_ loaded: [Int?]) throws {
        guard !loaded.contains(nil) else { throw BenchFailure("a plugin's ID loaded nil") }
        Sink.consume(loaded.reduce(0) { $0 &+ ($1 ?? 0) })
    }

    /// Copies `libraries` into a new directory `path`, each with its manifest file if asked.
    private static func copy(_ libraries: [String], to path: String, manifests: Bool) throws -> String {
        try FileManager.default.createDirectory(
            atPath: path, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        for library in libraries {
            let name = (library as NSString).lastPathComponent
            try FileManager.default.copyItem(atPath: library, toPath: "\(path)/\(name)")
            if manifests {
                try FileManager.default.copyItem(
                    atPath: PluginLoader.manifestPath(forLibraryAt: library),
                    toPath: PluginLoader.manifestPath(forLibraryAt: "\(path)/\(name)"))
            }
        }
        return path
    }

    /// Builds the 50 plugin libraries, each with its manifest file, into `base/built`.
    fileprivate static func buildLibraries(in base: String) throws -> [String] {
        let directory = "\(base)/built"
        try FileManager.default.createDirectory(
            atPath: directory, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        let core = UInt(bitPattern: unsafeBitCast(Container.self as AnyClass, to: UnsafeRawPointer.self))
        let register = unsafeBitCast(registerBenchPlugin, to: UInt.self)
        let source = "\(directory)/plugin.c"
        try """
        #include <stdint.h>
        struct descriptor {
            uint32_t abi_version;
            uint32_t size;
            const char *manifest;
            const void *core_identity;
            void *register_function;
            void *context;
        };
        static struct descriptor plugin = {
            1, sizeof(struct descriptor), MANIFEST, (const void *)0x\(String(core, radix: 16)),
            (void *)0x\(String(register, radix: 16)), (void *)INDEX
        };
        const void *dependency_container_plugin_entry(void) { return &plugin; }

        """.write(toFile: source, atomically: true, encoding: .utf8)
        let fileExtension: String
        #if canImport(Darwin)
            fileExtension = "dylib"
        #else
            fileExtension = "so"
        #endif
        var libraries: [String] = []
        for index in 0..<pluginCount {
            let manifest = PluginManifest(
                name: "Bench\(index)Plugin", version: "1.0.0", providedIDs: ["bench.plugin\(index)"])
            let json = String(decoding: try JSONEncoder().encode(manifest), as: UTF8.self)
            let literal =
                "\""
                + json.replacingOccurrences(of: "\\", with: "\\\\")
                .replacingOccurrences(of: "\"", with: "\\\"") + "\""
            let library = "\(directory)/libBench\(index)Plugin.\(fileExtension)"
            try runClang([
                "-shared", "-fPIC", "-O1", "-o", library, source, "-DINDEX=\(index)", "-DMANIFEST=\(literal)",
            ])
            try Data(json.utf8).write(
                to: URL(fileURLWithPath: PluginLoader.manifestPath(forLibraryAt: library)))
            libraries.append(library)
        }
        return libraries
    }

    private static func runClang(_ arguments: [String]) throws {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let clang =
            path.split(separator: ":").map { "\($0)/clang" }.first {
                FileManager.default.isExecutableFile(atPath: $0)
            } ?? "/usr/bin/clang"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: clang)
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            throw BenchFailure("clang failed: \(message)")
        }
    }
}

/// Why the plugin cases could not run.
struct BenchFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
