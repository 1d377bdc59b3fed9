import DCExampleAppInterfaces
import DependencyContainer
import DependencyContainerPlugins

/// The composition root: registers the features, then loads once and passes dependencies
/// down to business code.
public final class DemoHost {
    /// Registers one linked feature's services into a container.
    public typealias FeatureEntry = @Sendable (Container) -> Void

    /// The container the host registers into.
    public let container: Container
    let log: any AppLogInject
    let linkedFeatures: [Feature: FeatureEntry]
    private var pluginIDs: [String: String] = [:]
    /// The loader of ``loadPlugins(from:)``, kept: only it can deactivate what it loaded.
    private(set) var pluginLoader: PluginLoader?

    /// Creates a host over `container`, writing to `log`.
    ///
    /// - Parameters:
    ///   - container: Where the features are registered; a fresh one unless stated.
    ///   - log: Where the host and the features write what they do.
    ///   - linkedFeatures: The entry of each feature module linked into this executable,
    ///     such as `[.toast: DCExampleToastFeature.register(into:)]`.
    public init(
        container: Container = Container(), log: any AppLogInject, linkedFeatures: [Feature: FeatureEntry]
    ) {
        self.container = container
        self.log = log
        self.linkedFeatures = linkedFeatures
    }

    /// Registers the host's own services and every linked feature not in `excluded`.
    ///
    /// - Parameter excluded: Features to leave out, as if they were not linked.
    public func registerFeatures(excluding excluded: Set<Feature> = []) {
        let log = self.log
        let logBox = UncheckedLog(log)
        // Misses inside the features (the player asking for analytics, say) show up here.
        container.setDiagnosticsHandler { event in logBox.log.write("container: \(event)") }
        container.register(.appLog, scope: .singleton) { logBox.log }
        container.register(.userSession, scope: .singleton) {
            SignedInSession(userName: "Mina", isPremium: true)
        }
        registerSessionServices()
        registerMockServerServices()
        // The generated entry of this module: the host's load sites and what its closures load,
        // so that verify() checks the host's loads as well as the features' factories.
        DCExampleDemoHostKit.register(into: container)
        for feature in Feature.allCases {
            if excluded.contains(feature) {
                log.write("host: left out the \(feature.rawValue) feature")
            } else if let register = linkedFeatures[feature] {
                register(container)
            } else {
                log.write("host: the \(feature.rawValue) feature is not linked into this host")
            }
        }
    }

    /// Loads the plugin libraries in `directories` into the container and logs the report.
    ///
    /// A plugin that fails is absent, and the scenario falls back; the host keeps running.
    ///
    /// - Parameter directories: The directories named with `--plugins`.
    /// - Returns: Every directory's report.
    @discardableResult
    public func loadPlugins(from directories: [String]) -> [PluginLoadReport] {
        let loader = pluginLoader ?? PluginLoader(container: container)
        pluginLoader = loader
        return directories.map { directory in
            let report = loader.loadAll(in: directory)
            for plugin in report.loaded {
                log.write("plugins: loaded \(plugin)")
                for id in plugin.providedIDs { pluginIDs[id] = plugin.path }
            }
            for failure in report.failures { log.write("plugins: failed: \(failure)") }
            if report.failures.contains(where: { if case .separateCoreCopy = $0 { true } else { false } }) {
                log.write(
                    "plugins: hint: this host links DependencyContainer statically; the plugin demo's host "
                        + "shares one copy with its plugins: swift run --package-path Sources/Examples/PluginDemo "
                        + "plugin-host --plugins <directory>")
            }
            for note in report.notes { log.write("plugins: note: \(note)") }
            if report.loaded.isEmpty, report.failures.isEmpty {
                log.write("plugins: no plugin libraries in \(directory)")
            }
            return report
        }
    }

    /// Writes the registration table to the log.
    public func logRegistrations() {
        log.write("registrations:")
        for registration in container.registrations {
            let columns = [
                registration.id.padding(19), registration.serviceType.padding(24),
                registration.scope.description.padding(9),
                registration.provider + (registration.context.map { " (context: \($0))" } ?? ""),
            ]
            let source = pluginIDs[registration.id].map { "  ← plugin \($0)" } ?? ""
            log.write("  " + columns.joined(separator: " ") + source)
        }
    }

    /// Runs the scenario that crosses both features: player → toast → player.
    ///
    /// The host loads each service once, falls back when a feature is absent, and hands the
    /// services to ``NowPlayingScreen`` as initializer parameters.
    ///
    /// - Returns: The features that were absent, so a caller can report them.
    @discardableResult
    public func runScenario() -> [String] {
        var absent: [String] = []
        // Each load is written out, so the generated entry records it as a site verify() checks.
        func orFallBack<Service>(
            _ loaded: Service?, for id: InjectID<Service>, _ fallback: @autoclosure () -> Service
        ) -> Service {
            if let loaded { return loaded }
            absent.append(id.name)
            log.write("host: \(id.name) is absent, using the fallback")
            return fallback()
        }
        let player = orFallBack(container.load(.player), for: .player, NullPlayer(log: log))
        let toast = orFallBack(container.load(.toast), for: .toast, NullToast(log: log))
        let analytics = orFallBack(container.load(.analytics), for: .analytics, NullAnalytics())

        let screen = NowPlayingScreen(player: player, toast: toast, analytics: analytics)
        log.write("scenario: open \"Intro\"")
        screen.open("Intro")
        // Each linked feature contributes its own entries; the order is the point's, not the
        // order the features were registered in.
        let menu = container.load(.playerMenu).map(\.title)
        log.write("scenario: player menu: \(menu.isEmpty ? "(empty)" : menu.joined(separator: ", "))")
        log.write("scenario: save to favourites")
        screen.saveToFavourites()
        log.write(
            absent.isEmpty
                ? "scenario: done, every feature present"
                : "scenario: done without \(absent.joined(separator: ", "))")
        return absent
    }
}

extension DemoHost {
    /// Runs the Swift 6 isolation scenario: the main-actor banner, loaded synchronously on
    /// the main actor, and the catalog, which an async factory fetches, loaded with `await`
    /// by several tasks at once and fetched once.
    ///
    /// It writes nothing that ``runScenario()`` writes, so that scenario's transcript stands alone.
    @MainActor
    public func runIsolationScenario() async {
        if let banner = container.load(.banner) {
            banner.show("Welcome back, Mina")
        } else {
            log.write("isolation: the banner is absent")
        }
        let container = self.container
        let suggestions = await withTaskGroup(of: [String]?.self) { group in
            for _ in 0..<3 {
                group.addTask { await container.loadAsync(.catalog)?.titles(after: "Intro") }
            }
            var all: [[String]?] = []
            for await titles in group { all.append(titles) }
            return all
        }
        if let titles = suggestions.first ?? nil, suggestions.allSatisfy({ $0 == titles }) {
            log.write("isolation: 3 tasks loaded one catalog; up next: \(titles.joined(separator: ", "))")
        } else {
            log.write("isolation: the catalog is absent")
        }
    }
}

extension String {
    fileprivate func padding(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
