import DependencyContainer
import DependencyContainerPlugins
import Foundation
import Testing

extension InjectID where Service == Int {
    fileprivate static var player: Self { InjectID("PlayerInjectID") }
}

/// The load-site examples of the plugin library's doc comments, compiled and run.
@Suite("Plugin manifests: load-site documentation examples")
struct PluginLoadSiteDocExamplesTests {
    @Test("PluginManifest's load-site example and the verification policy's")
    func examples() {
        let loading = PluginManifest(
            name: "ToastPlugin", version: "1.0.0", providedIDs: ["ToastInjectID"],
            loadSites: [
                LoadSite(
                    .require(.player), file: "ToastPlugin/Toast.swift", line: 9,
                    expression: "try r.require(.player)")
            ])
        let loader = PluginLoader(container: Container(), verificationPolicy: .refuse)
        #expect(loading.loadSites.map(\.line) == [9])
        #expect(loader.verificationPolicy == .refuse)
    }
}
