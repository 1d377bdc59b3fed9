import AnalyticsFeature
import DemoHostKit
import Foundation
import PlayerFeature
import ToastFeature

let options: DemoOptions
do {
    options = try DemoOptions(arguments: Array(CommandLine.arguments.dropFirst()))
} catch {
    FileHandle.standardError.write(Data("\(error)\n\n\(DemoOptions.usage)\n".utf8))
    exit(DemoOptionsError.exitStatus)
}
if options.showsHelp {
    print(DemoOptions.usage)
    exit(0)
}

print(
    """
    DependencyContainer demo: the player needs the toast and the toast needs the player,
    yet neither feature module imports the other; this host wires them by ID.

    """)
let host = DemoHost(
    log: TranscriptLog(),
    linkedFeatures: [
        .toast: ToastFeature.register(into:),
        .player: PlayerFeature.register(into:),
        .analytics: AnalyticsFeature.register(into:),
    ])
host.registerFeatures(excluding: options.excludedFeatures)
host.loadPlugins(from: options.pluginDirectories)
host.logRegistrations()
host.runScenario()
