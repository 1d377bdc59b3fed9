import DCExampleAnalyticsFeature
import DCExampleDemoHostKit
import DCExamplePlayerFeature
import Foundation

// demo-host without the toast feature linked in: the toast comes from a plugin library, if
// `--plugins` names a directory holding libToastPlugin.so, and falls back otherwise.
let status = await DemoHostCommand.run(
    arguments: Array(CommandLine.arguments.dropFirst()),
    banner: """
        DependencyContainer plugin demo: the toast feature is not linked into this host;
        it comes from a plugin library loaded at run time, or falls back when there is none.
        """,
    linkedFeatures: [
        .player: DCExamplePlayerFeature.register(into:),
        .analytics: DCExampleAnalyticsFeature.register(into:),
    ])
exit(status)
