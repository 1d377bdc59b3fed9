import DependencyContainer
import Foundation

@testable import DependencyContainerPlugins

/// A plugin directory for `install(in:)`: manifest files beside libraries, and a loader whose
/// first loads return in-process descriptors and are counted.
struct InstalledPluginFixture {
    /// The toast plugin without contributions: it waits as a placeholder until first used.
    static let manifest = PluginManifest(
        name: "ToastTestPlugin", version: "1.0.0", providedIDs: ["PluginToastID"])

    /// The toast plugin with its menu entry, `PluginMenuPoint[notify]`: its contribution
    /// waits as a placeholder too.
    static let contributingManifest = InProcessPlugin.toastManifest

    let builder: NativeLibraryBuilder
    /// How many times a library was opened.
    let opens = LockedValue(0)

    init() throws {
        builder = try NativeLibraryBuilder()
    }

    var directory: String { builder.directory }

    func remove() {
        builder.remove()
    }

    /// Writes the manifest file of `manifest` and a stand-in library beside it; returns the
    /// library's path.
    @discardableResult
    func place(_ manifest: PluginManifest = manifest, library: Data = Data("a library".utf8)) throws -> String
    {
        let path = "\(directory)/lib\(manifest.name).\(SharedLibrary.fileExtension)"
        try library.write(to: URL(fileURLWithPath: path))
        try JSONEncoder().encode(manifest).write(
            to: URL(fileURLWithPath: PluginLoader.manifestPath(forLibraryAt: path)))
        return path
    }

    /// A descriptor that registers the toast as a singleton, numbering each one made.
    static func toastDescriptor(manifest: PluginManifest = manifest) -> UnsafeRawPointer {
        let generations = LockedValue(0)
        return PluginExport.descriptor(manifest: manifest) { container in
            container.register(.pluginToast, scope: .singleton) {
                PluginToast(
                    generation: generations.withLock {
                        $0 += 1
                        return $0
                    })
            }
        }!
    }

    /// Places the contributing plugin (``contributingManifest``) and installs this directory
    /// into `container` with a ``loader(into:descriptor:delay:)`` whose first loads register
    /// its toast and menu entry.
    ///
    /// - Returns: The loader.
    /// - Throws: Why the plugin could not be placed, or an install that failed.
    func installContributing(into container: Container, delay: TimeInterval = 0) throws -> PluginLoader {
        try place(Self.contributingManifest)
        let loader = loader(into: container, descriptor: InProcessPlugin.toast(), delay: delay)
        let report = loader.install(in: directory)
        guard report.failures.isEmpty, report.notes.isEmpty else {
            throw InProcessPlugin.LoadFailure(description: "install: \(report)")
        }
        return loader
    }

    /// A loader into `container` whose first loads fail after a millisecond, missing the
    /// file, and the count of its tries.
    static func failingLoader(into container: Container) -> (PluginLoader, LockedValue<Int>) {
        let opens = LockedValue(0)
        let loader = PluginLoader(container: container, stepHook: nil) { path in
            opens.withLock { $0 += 1 }
            Thread.sleep(forTimeInterval: 0.001)
            return .failure(.fileMissing(path: path))
        }
        return (loader, opens)
    }

    /// Rounds of the race suites; CI's sanitizer runs set DC_STRESS_ITERATIONS higher.
    static var raceRounds: Int {
        let configured =
            ProcessInfo.processInfo.environment["DC_STRESS_ITERATIONS"].flatMap(Int.init) ?? 2_000
        return max(20, min(configured / 100, 200))
    }

    /// What `body` returns on each of 8 threads started at once, given its thread's index.
    static func racing<Value: Sendable>(_ body: @escaping @Sendable (Int) -> Value) -> [Value] {
        let start = DispatchSemaphore(value: 0)
        let group = DispatchGroup()
        let values = LockedValue<[Value]>([])
        for index in 0..<8 {
            group.enter()
            Thread.detachNewThread {
                start.wait()
                let value = body(index)
                values.withLock { $0.append(value) }
                group.leave()
            }
        }
        for _ in 0..<8 { start.signal() }
        group.wait()
        return values.withLock { $0 }
    }

    /// A loader into `container` whose first loads open `descriptor` after `delay`, counting,
    /// and verify as `verificationPolicy` says.
    func loader(
        into container: Container, descriptor: UnsafeRawPointer = toastDescriptor(), delay: TimeInterval = 0,
        verificationPolicy: PluginLoader.VerificationPolicy = .off
    ) -> PluginLoader {
        // As an address: a pointer is not Sendable, and the descriptor lives for the process.
        let address = UInt(bitPattern: descriptor)
        let opens = self.opens
        return PluginLoader(
            container: container, stepHook: nil,
            libraryOpener: { _ in
                opens.withLock { $0 += 1 }
                if delay > 0 { Thread.sleep(forTimeInterval: delay) }
                return .success(UnsafeRawPointer(bitPattern: address)!)
            }, verificationPolicy: verificationPolicy)
    }
}
