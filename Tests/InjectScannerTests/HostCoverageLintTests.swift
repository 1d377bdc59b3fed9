import Foundation
import Testing

@testable import DependencyContainerInjectScanner

/// A host that registers the player but forgets the toast feature, and a UI module whose
/// loads of every kind need the toast feature's IDs.
@Suite("Inject lint: host coverage")
struct HostCoverageLintTests {
    private static let interfaces = """
        extension InjectID where Service == any ToastInject {
            public static var toast: Self { InjectID(toastInjectID) }
        }
        extension InjectID where Service == any PlayerInject {
            public static var player: Self { InjectID("PlayerInjectID") }
        }
        extension InjectID where Service == any ShareInject {
            // inject-lint: optional
            public static var share: Self { InjectID("ShareInjectID") }
        }
        extension ArgumentInjectID where Argument == URL, Service == any StreamInject {
            public static var stream: Self { ArgumentInjectID("StreamInjectID") }
        }
        extension ExtensionPoint where Element == any MenuEntry {
            public static var menu: Self { ExtensionPoint("MenuExtensionPoint") }
        }
        public let toastInjectID = "ToastInjectID"
        """

    private static let toast = """
        enum ToastProvider: InjectProvider {
            static var id: InjectID<any ToastInject> { .toast }
        }
        enum StreamProvider: ArgumentInjectProvider {
            static var id: ArgumentInjectID<URL, any StreamInject> { .stream }
        }
        enum ShareProvider: InjectProvider {
            static var id: InjectID<any ShareInject> { .share }
        }
        enum ToastMenuEntry: InjectContribution {
            static var id: ExtensionPoint<any MenuEntry> { .menu }
        }
        """

    private static let player = """
        enum PlayerProvider: InjectProvider {
            static var id: InjectID<any PlayerInject> { .player }
            static func make(with resolver: Resolver) -> any PlayerInject { Player(resolver.load(.toast)) }
        }
        """

    /// One load of each kind; the comment gives the line.
    private static let screens = """
        struct NowPlaying {
            @Injected(.toast) var toast
            func show(_ container: Container) async throws {
                _ = container.load(.toast)
                _ = try container.require(.toast)
                _ = await container.loadAsync(.toast)
                _ = try await container.requireAsync(.toast)
                _ = container.lazy(.toast)
                _ = container.provider(.toast)
                _ = container.load(.stream, argument: url)
                _ = try container.require(.menu)
                _ = container.load(.menu)
                _ = container.contributions(to: .menu)
                _ = container.load(for: toastInjectID)
                _ = container.load(for: "ToastInjectID")
                _ = container.load(.share)
                _ = container.load(.toast, default: SilentToast())
                _ = container.load(.player)
            }
        }
        """

    private func module(_ name: String, _ source: String, dependencies: [String] = []) -> InjectLint.Module {
        InjectLint.Module(
            name: name, dependencies: dependencies,
            facts: SourceScanner.scan(source, file: "\(name)/File.swift"))
    }

    private func report(host: String) -> LintReport {
        InjectLint.run([
            module("Interfaces", Self.interfaces),
            module("ToastFeature", Self.toast, dependencies: ["Interfaces"]),
            module("PlayerFeature", Self.player, dependencies: ["Interfaces"]),
            module("Screens", Self.screens, dependencies: ["Interfaces"]),
            module("App", host, dependencies: ["Screens", "ToastFeature", "PlayerFeature"]),
        ])
    }

    private func found(_ report: LintReport, _ severity: LintReport.Severity) -> [Int] {
        report.diagnostics.filter { $0.severity == severity && $0.code == "unregistered-provider" }
            .compactMap(\.locations.first?.line).sorted()
    }

    @Test(
        "Each load of an ID only an unregistered target provides is reported at its line, naming the target")
    func forgotten() {
        let report = report(host: "func main(_ c: Container) { PlayerFeature.register(into: c) }")
        #expect(
            report.diagnostics.filter { $0.severity == .error && $0.code != "unregistered-provider" }.isEmpty)
        // verify()'s rule: the required loads are errors (`require`, `requireAsync`, the handles,
        // `require(.menu)`), at lines 5, 7, 8, 9 and 11.
        #expect(found(report, .error) == [5, 7, 8, 9, 11])
        // The optional ones are notes: `@Injected`, `load`, `loadAsync`, the argument `load`,
        // `load(.menu)`, `contributions(to: .menu)`, the original API's loads, a `default:`,
        // and the player factory's `load(.toast)` (line 3 of its file); `.share` is declared
        // optional, `.player` is registered.
        #expect(found(report, .note) == [2, 3, 4, 6, 10, 12, 13, 14, 15, 17])
        let message = report.diagnostics.first { $0.locations.first?.line == 5 }?.message ?? ""
        #expect(message.contains("ToastFeature"))
        #expect(message.contains("App never registers it"))
        #expect(message.contains("container.require(.toast)"))
        let optional = report.diagnostics.first { $0.locations.first?.line == 10 }?.message ?? ""
        #expect(optional.contains("it gets nil"), "\(optional)")
        #expect(report.diagnostics.contains { $0.locations.first?.file == "PlayerFeature/File.swift" })
    }

    @Test(
        "Registering the target, passing its register(into:), or registering its types by hand covers its IDs"
    )
    func registered() {
        let hosts = [
            "func main(_ c: Container) { PlayerFeature.register(into: c); ToastFeature.register(into: c) }",
            "let features = [PlayerFeature.register(into:), ToastFeature.register(into:)]",
            """
            func main(_ c: Container) {
                PlayerFeature.register(into: c)
                c.register(ToastProvider.self)
                c.register(StreamProvider.self)
                c.contribute(ToastMenuEntry.self)
            }
            """,
        ]
        for host in hosts {
            let diagnostics = report(host: host).diagnostics.filter { $0.code == "unregistered-provider" }
            #expect(diagnostics.isEmpty, "\(host)")
        }
    }

    @Test("Without a host, or for an ID a plugin may provide, there is no error")
    func noHost() {
        #expect(found(report(host: "func main() {}"), .error).isEmpty)
        let plugins = InjectLint.run([
            module("Interfaces", Self.interfaces),
            module("ToastFeature", Self.toast, dependencies: ["Interfaces"]),
            module("PlayerFeature", Self.player, dependencies: ["Interfaces"]),
            module(
                "App",
                """
                func main(_ c: Container) {
                    PlayerFeature.register(into: c)
                    _ = PluginLoader(container: c).load(at: path)
                    _ = try c.require(.toast)
                }
                """, dependencies: ["PlayerFeature", "Interfaces"]),
        ])
        #expect(plugins.diagnostics.filter { $0.severity == .error }.isEmpty)
        #expect(
            plugins.diagnostics.filter { $0.code == "plugin-provided-id" }.map(\.locations) == [
                [SourceLocation(file: "App/File.swift", line: 4)],
                [SourceLocation(file: "PlayerFeature/File.swift", line: 3)],
            ])
    }

    @Test("A load of an ID string no target declares or provides is an error at its line, with the near miss")
    func unknownID() {
        let report = InjectLint.run([
            module("Interfaces", Self.interfaces),
            module("ToastFeature", Self.toast, dependencies: ["Interfaces"]),
            module(
                "App",
                """
                func main(_ c: Container) {
                    _ = c.load(for: "ToastInjectId")
                    _ = c.load(for: "Elsewhere")
                }
                """),
        ])
        let unknown = report.diagnostics.filter { $0.code == "unknown-id" }
        #expect(
            unknown.map(\.locations) == [
                [SourceLocation(file: "App/File.swift", line: 2)],
                [SourceLocation(file: "App/File.swift", line: 3)],
            ])
        #expect(unknown.first?.message.contains("did you mean 'ToastInjectID'?") == true)
        #expect(unknown.last?.message.contains("did you mean") == false)
    }
}
