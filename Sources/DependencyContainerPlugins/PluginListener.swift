/// Hears of a ``PluginLoader``'s plugins going and coming back, and may refuse a deactivation.
///
/// A loader holds its listeners weakly, so a listener never keeps a plugin, a host object or
/// itself alive: keep it where its owner lives, and it stops hearing when that owner goes.
/// Each method runs on a thread of its own and has the loader's
/// ``PluginLoader/deactivationTimeLimit`` to answer; one that takes longer is reported in
/// the ``PluginDeactivationReport`` and no longer waited for.
///
/// ```swift
/// final class LicenceGuard: PluginListener {
///     let licensed: Set<String>
///
///     init(licensed: Set<String>) {
///         self.licensed = licensed
///     }
///
///     func vetoDeactivation(of plugin: LoadedPlugin) -> String? {
///         licensed.contains(plugin.manifest.name) ? "its licence runs until the end of the year" : nil
///     }
/// }
/// ```
public protocol PluginListener: AnyObject, Sendable {
    /// Asked before `plugin` is deactivated: a reason refuses it, and the deactivation then
    /// changes nothing and throws ``PluginActivationError/vetoed(name:listener:reason:)``.
    ///
    /// A listener that does not answer within the time limit does not hold the deactivation
    /// back: a host's switch must work whatever a listener does.
    ///
    /// - Parameter plugin: The plugin about to be deactivated.
    /// - Returns: Why it must stay, or `nil` to let it go.
    func vetoDeactivation(of plugin: LoadedPlugin) -> String?

    /// Told after a plugin was deactivated: its registrations are gone from the container.
    ///
    /// - Parameter report: What the deactivation removed, restored and reset.
    func pluginDidDeactivate(_ report: PluginDeactivationReport)

    /// Told after a deactivated plugin was activated again.
    ///
    /// - Parameter plugin: The plugin, as its new activation loaded it.
    func pluginDidActivate(_ plugin: LoadedPlugin)
}

extension PluginListener {
    /// Lets every plugin go.
    public func vetoDeactivation(of plugin: LoadedPlugin) -> String? { nil }

    /// Does nothing.
    public func pluginDidDeactivate(_ report: PluginDeactivationReport) {}

    /// Does nothing.
    public func pluginDidActivate(_ plugin: LoadedPlugin) {}
}

/// A listener held weakly, as ``PluginLoader`` keeps them.
struct WeakPluginListener: Sendable {
    weak var listener: (any PluginListener)?

    /// The name reports give it: its type's.
    static func name(of listener: any PluginListener) -> String {
        String(describing: type(of: listener))
    }
}
