import DependencyContainer
import Foundation

@testable import DependencyContainerPlugins

/// A toast service a test plugin provides.
final class PluginToast: Sendable {
    let generation: Int

    init(generation: Int) {
        self.generation = generation
    }
}

/// A host service whose factory loads the plugin's toast: a dependent of the plugin.
final class HostPlayer: Sendable {
    let toast: PluginToast?

    init(toast: PluginToast?) {
        self.toast = toast
    }
}

extension InjectID where Service == PluginToast {
    static var pluginToast: Self { InjectID("PluginToastID") }
}

extension InjectID where Service == HostPlayer {
    static var hostPlayer: Self { InjectID("HostPlayerID") }
}

extension ExtensionPoint where Element == String {
    static var pluginMenu: Self { ExtensionPoint("PluginMenuPoint") }
}

/// Plugins made in the test process: descriptors as `PluginExport` makes them for a library,
/// loaded through every check of a load after the library is mapped.
enum InProcessPlugin {
    /// The toast plugin's manifest: the toast and one menu entry.
    static let toastManifest = PluginManifest(
        name: "ToastTestPlugin", version: "1.0.0", providedIDs: ["PluginToastID"],
        contributions: ["PluginMenuPoint": ["notify"]])

    /// A descriptor whose register function registers the toast (a singleton whose dispose
    /// hook calls `disposed`) and its menu entry.
    static func toast(
        manifest: PluginManifest = toastManifest, disposed: @escaping @Sendable (String) -> Void = { _ in },
        dispose: @escaping @Sendable () -> Void = {}
    ) -> UnsafeRawPointer {
        let generations = LockedValue(0)
        let descriptor = PluginExport.descriptor(manifest: manifest) { container in
            container.register(
                .pluginToast, scope: .singleton,
                onDispose: { _ in
                    dispose()
                    disposed("PluginToastID")
                }
            ) {
                PluginToast(
                    generation: generations.withLock {
                        $0 += 1
                        return $0
                    })
            }
            container.contribute(to: .pluginMenu, named: "notify") { "Notify when live" }
        }
        return descriptor!
    }

    /// Loads `descriptor` as if from `path`, expecting it to load.
    static func load(
        _ descriptor: UnsafeRawPointer, into loader: PluginLoader,
        path: String = "/plugins/libToastTestPlugin.so"
    )
        throws -> LoadedPlugin
    {
        switch loader.load(descriptor: descriptor, path: path) {
        case .loaded(let plugin): return plugin
        case .alreadyLoaded(let note): throw LoadFailure(description: note)
        case .failed(let error): throw LoadFailure(description: error.description)
        }
    }

    struct LoadFailure: Error, CustomStringConvertible {
        let description: String
    }
}

/// A listener that answers and records as a test tells it.
final class RecordingListener: PluginListener {
    let veto: String?
    let delay: TimeInterval
    let events = LockedValue<[String]>([])

    init(veto: String? = nil, delay: TimeInterval = 0) {
        self.veto = veto
        self.delay = delay
    }

    func vetoDeactivation(of plugin: LoadedPlugin) -> String? {
        if delay > 0 { Thread.sleep(forTimeInterval: delay) }
        events.withLock { $0.append("asked \(plugin.manifest.name)") }
        return veto
    }

    func pluginDidDeactivate(_ report: PluginDeactivationReport) {
        events.withLock { $0.append("deactivated \(report.plugin.manifest.name)") }
    }

    func pluginDidActivate(_ plugin: LoadedPlugin) {
        events.withLock { $0.append("activated \(plugin.manifest.name)") }
    }
}
