/// Why ``PluginLoader/deactivate(_:resettingDependents:)`` or
/// ``PluginLoader/activate(_:resettingDependents:)``, or their forms that do not block,
/// changed nothing.
///
/// Every case names the plugin.
public enum PluginActivationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// This loader never loaded a plugin of that name.
    case notLoaded(name: String)

    /// The plugin's latest load failed, so there is nothing of it to deactivate or activate.
    case failedToLoad(name: String, error: PluginLoadError)

    /// Another loader loaded the plugin; only that loader can deactivate or activate it.
    case fromAnotherLoader(name: String)

    /// The plugin is deactivated already.
    case alreadyInactive(name: String)

    /// The plugin is active already.
    case alreadyActive(name: String)

    /// A listener refused the deactivation, for `reason`.
    case vetoed(name: String, listener: String, reason: String)

    /// Activating the plugin again failed the checks of a first load; it stays deactivated.
    case activationFailed(name: String, error: PluginLoadError)

    /// The plugin's name.
    public var name: String {
        switch self {
        case .notLoaded(let name), .failedToLoad(let name, _), .fromAnotherLoader(let name),
            .alreadyInactive(let name), .alreadyActive(let name), .vetoed(let name, _, _),
            .activationFailed(let name, _):
            return name
        }
    }

    /// A sentence naming the plugin and the problem.
    public var description: String {
        switch self {
        case .notLoaded(let name):
            return "\(name): this loader never loaded a plugin of that name"
        case .failedToLoad(let name, let error):
            return "\(name): its load failed (\(error)), so nothing of it is in the container"
        case .fromAnotherLoader(let name):
            return "\(name): loaded by another loader; only that loader can deactivate or activate it"
        case .alreadyInactive(let name):
            return "\(name): already deactivated"
        case .alreadyActive(let name):
            return "\(name): already active"
        case .vetoed(let name, let listener, let reason):
            return "\(name): \(listener) refused the deactivation: \(reason); nothing changed"
        case .activationFailed(let name, let error):
            return "\(name): could not be activated again (\(error)); it stays deactivated"
        }
    }
}
