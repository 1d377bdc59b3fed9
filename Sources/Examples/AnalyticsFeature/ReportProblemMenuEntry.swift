import DCExampleAppInterfaces
import DependencyContainer

/// The analytics feature's entry in the player's menu, last in the menu.
enum ReportProblemMenuEntry: InjectContribution {
    static var id: ExtensionPoint<PlayerMenuEntry> { .playerMenu }
    static var name: String { "report-problem" }
    static var priority: Int { -10 }

    static func make(with resolver: Resolver) -> PlayerMenuEntry {
        PlayerMenuEntry(title: "Report a problem")
    }
}
