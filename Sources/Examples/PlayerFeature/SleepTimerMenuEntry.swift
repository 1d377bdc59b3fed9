import DCExampleAppInterfaces
import DependencyContainer

/// The player's own menu entry, first in the menu.
enum SleepTimerMenuEntry: InjectContribution {
    static var id: ExtensionPoint<PlayerMenuEntry> { .playerMenu }
    static var name: String { "sleep-timer" }
    static var priority: Int { 10 }

    static func make(with resolver: Resolver) -> PlayerMenuEntry {
        PlayerMenuEntry(title: "Sleep timer")
    }
}
