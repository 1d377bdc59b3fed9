import DCExampleAppInterfaces
import DependencyContainer
import DependencyContainerPlugins

extension DemoHost {
    /// Switches the toast plugin off while the app runs, then on again.
    ///
    /// The player's menu follows through an observer, the player is made anew without the
    /// toast and falls back, and the toast center is disposed; switched on again, the player
    /// is made anew with the toast. Does nothing when no plugin provides the toast.
    @MainActor
    public func runPluginLifecycleScenario() {
        guard let loader = pluginLoader,
            let plugin = loader.loadedPlugins.first(where: { $0.providedIDs.contains(InjectID.toast.name) })
        else { return }
        let log = UncheckedLog(self.log)
        let token = container.observe(.playerMenu) { change in
            switch change {
            case .removed(let name, _): log.log.write("menu: \(name) left the player's menu")
            case .added(let name, _): log.log.write("menu: \(name) joined the player's menu")
            case .current, .replaced, .reset: break
            }
        }
        defer { token.cancel() }
        log.log.write("plugins: play \"Outro\" with \(plugin.manifest.name)")
        play("Outro")
        do {
            log.log.write("plugins: switch \(plugin.manifest.name) off")
            let report = try loader.deactivate(plugin, resettingDependents: true)
            for line in report.description.split(separator: "\n") { log.log.write("plugins: \(line)") }
            play("Outro")
            // The player made meanwhile holds the fallback: reset with the activation, its next
            // load takes the toast.
            let activation = try loader.activate(plugin, resettingDependents: true)
            for line in activation.description.split(separator: "\n") { log.log.write("plugins: \(line)") }
            play("Outro")
        } catch {
            log.log.write("plugins: \(error)")
        }
    }

    /// Plays `title` on the player as the container has it now, and logs the player's menu.
    private func play(_ title: String) {
        (container.load(.player) ?? NullPlayer(log: log)).play(title)
        let menu = container.load(.playerMenu).map(\.title)
        log.write("plugins: player menu: \(menu.isEmpty ? "(empty)" : menu.joined(separator: ", "))")
    }
}
