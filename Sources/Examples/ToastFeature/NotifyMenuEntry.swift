import DCExampleAppInterfaces
import DependencyContainer

/// The toast feature's entry in the player's menu.
enum NotifyMenuEntry: InjectContribution {
    static var id: ExtensionPoint<PlayerMenuEntry> { .playerMenu }
    static var name: String { "notify-when-live" }

    static func make(with resolver: Resolver) -> PlayerMenuEntry {
        PlayerMenuEntry(title: "Notify when live")
    }
}
