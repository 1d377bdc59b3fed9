import AnalyticsFeature
import DemoHostKit
import Foundation
import PlayerFeature
import ToastFeature

let status = DemoHostCommand.run(
    arguments: Array(CommandLine.arguments.dropFirst()),
    banner: """
        DependencyContainer demo: the player needs the toast and the toast needs the player,
        yet neither feature module imports the other; this host wires them by ID.
        """,
    linkedFeatures: [
        .toast: ToastFeature.register(into:),
        .player: PlayerFeature.register(into:),
        .analytics: AnalyticsFeature.register(into:),
    ])
exit(status)
