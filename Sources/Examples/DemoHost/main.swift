import DCExampleAnalyticsFeature
import DCExampleDemoHostKit
import DCExamplePlayerFeature
import DCExampleToastFeature
import Foundation

let status = await DemoHostCommand.run(
    arguments: Array(CommandLine.arguments.dropFirst()),
    banner: """
        DependencyContainer demo: the player needs the toast and the toast needs the player,
        yet neither feature module imports the other; this host wires them by ID.
        """,
    linkedFeatures: [
        .toast: DCExampleToastFeature.register(into:),
        .player: DCExamplePlayerFeature.register(into:),
        .analytics: DCExampleAnalyticsFeature.register(into:),
    ],
    // Evaluated here, with this executable's build settings: a debug build activates `.debug`.
    isDebugBuild: _isDebugAssertConfiguration())
exit(status)
