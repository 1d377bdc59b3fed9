import DependencyContainer
import Foundation

@testable import DependencyContainerPlugins

/// A plugin directory for `install(in:)`: manifest files beside libraries, and a loader whose
/// first loads return in-process descriptors and are counted.
struct InstalledPluginFixture {
    /// The toast plugin without contributions: it waits as a placeholder until first used.
    static let manifest = PluginManifest(
        name: "ToastTestPlugin", version: "1.0.0", providedIDs: ["PluginToastID"])

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

    /// A loader into `container` whose first loads open `descriptor` after `delay`, counting.
    func loader(
        into container: Container, descriptor: UnsafeRawPointer = toastDescriptor(), delay: TimeInterval = 0
    ) -> PluginLoader {
        // As an address: a pointer is not Sendable, and the descriptor lives for the process.
        let address = UInt(bitPattern: descriptor)
        let opens = self.opens
        return PluginLoader(container: container, stepHook: nil) { _ in
            opens.withLock { $0 += 1 }
            if delay > 0 { Thread.sleep(forTimeInterval: delay) }
            return .success(UnsafeRawPointer(bitPattern: address)!)
        }
    }
}
