import AnalyticsFeature
import DemoHostKit
import Foundation
import PlayerFeature

// The same host as demo-host, linking the player and analytics but not the toast: the toast
// comes from a plugin library, if `--plugins` names a directory holding libToastPlugin.so.
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
    DependencyContainer plugin demo: the toast feature is not linked into this host;
    it comes from a plugin library loaded at run time, or falls back when there is none.

    """)
let host = DemoHost(
    log: TranscriptLog(),
    linkedFeatures: [
        .player: PlayerFeature.register(into:),
        .analytics: AnalyticsFeature.register(into:),
    ])
host.registerFeatures(excluding: options.excludedFeatures)
host.loadPlugins(from: options.pluginDirectories)
host.logRegistrations()
host.runScenario()
