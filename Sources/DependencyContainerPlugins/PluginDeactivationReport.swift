import Foundation

/// What ``PluginLoader/deactivate(_:resettingDependents:)``, or ``PluginLoader/deactivateWithoutBlocking(_:resettingDependents:)``, did.
public struct PluginDeactivationReport: Sendable, CustomStringConvertible {
    /// The plugin, as it was loaded.
    public let plugin: LoadedPlugin

    /// The IDs of the plugin's registrations taken out of the container, sorted.
    public let removedIDs: [String]

    /// The plugin's contributions taken out, as `Point[name]`, sorted.
    public let removedContributions: [String]

    /// The IDs and contributions whose replaced registrations came back, sorted.
    ///
    /// The plugin replaced them under ``PluginLoader/ConflictPolicy/replace``. Observers see
    /// each as replaced by the one that came back: no load ever finds the ID missing.
    public let restored: [String]

    /// The plugin's IDs and contributions that something else had replaced since it loaded,
    /// left as they are, sorted.
    public let leftInPlace: [String]

    /// The cached services of the container (singletons, weak and named-scope services) that
    /// were made with one of the plugin's services, sorted by ID (`Point[name]` for a
    /// contribution): each keeps what the plugin made until it is reset.
    public let dependents: [String]

    /// Whether the dependents were reset with the plugin, so that their next load makes them
    /// without it.
    public let resetDependents: Bool

    /// The steps with others' code in them that took longer than the loader's time limit,
    /// and were no longer waited for.
    public internal(set) var overruns: [PluginOverrun]

    /// The cached services of the container's child containers (and theirs) made with the
    /// plugin's services, sorted; reset with the dependents, each child in a change of its own
    /// right after the plugin's.
    public internal(set) var dependentsInChildContainers: [String] = []

    /// One line per thing the deactivation did.
    public var description: String {
        var lines = ["deactivated \(plugin.manifest.name) \(plugin.manifest.version)"]
        let removed = removedIDs + removedContributions
        lines.append("removed: \(removed.isEmpty ? "nothing" : removed.joined(separator: ", "))")
        if !restored.isEmpty { lines.append("restored: \(restored.joined(separator: ", "))") }
        if !leftInPlace.isEmpty {
            lines.append("left in place, replaced since: \(leftInPlace.joined(separator: ", "))")
        }
        lines += PluginOverrun.reportLines(
            dependents: dependents, inChildContainers: dependentsInChildContainers, reset: resetDependents,
            unlessReset: "still hold its services", overruns: overruns)
        return lines.joined(separator: "\n")
    }
}

/// A step of a deactivation that ran others' code and took longer than the time limit.
public struct PluginOverrun: Hashable, Sendable, CustomStringConvertible {
    /// Which step.
    public enum Step: String, Hashable, Sendable {
        /// A listener's ``PluginListener/vetoDeactivation(of:)``.
        case veto
        /// The dispose hooks of the services let go of, and the container's observers.
        case disposal
        /// A listener's ``PluginListener/pluginDidDeactivate(_:)`` or ``PluginListener/pluginDidActivate(_:)``.
        case notification
    }

    /// The step that overran.
    public let step: Step

    /// Who overran: a listener's type, or the IDs whose dispose hooks had not finished.
    public let culprit: String

    /// The limit it overran, in seconds.
    public let limit: TimeInterval

    /// A sentence naming the step, the culprit and the limit.
    public var description: String {
        "\(step.rawValue): \(culprit) did not finish within \(limit) s; no longer waited for"
    }

    /// The closing lines of a deactivation's or activation's report: the dependents, and what
    /// overran.
    ///
    /// - Parameters:
    ///   - dependents: The dependents' IDs; no line when there are none.
    ///   - inChildContainers: The dependents' IDs in child containers; no line when there are none.
    ///   - reset: Whether they were reset.
    ///   - unlessReset: What they do when not reset.
    ///   - overruns: The steps that overran, a line each.
    /// - Returns: The lines, without line breaks.
    static func reportLines(
        dependents: [String], inChildContainers: [String] = [], reset: Bool, unlessReset: String,
        overruns: [PluginOverrun]
    ) -> [String] {
        var lines: [String] = []
        let what = reset ? "reset" : "\(unlessReset); reset them with resettingDependents: true"
        if !dependents.isEmpty {
            lines.append("dependents: \(dependents.joined(separator: ", ")) (\(what))")
        }
        if !inChildContainers.isEmpty {
            lines.append(
                "dependents in child containers: \(inChildContainers.joined(separator: ", ")) (\(what))")
        }
        return lines + overruns.map { "overran: \($0)" }
    }
}
