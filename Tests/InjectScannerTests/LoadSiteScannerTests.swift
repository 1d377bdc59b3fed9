import Foundation
import Testing

@testable import DependencyContainerInjectScanner

/// One file with a load of every kind outside factories, and loads inside a provider's
/// `make(with:)` and inside closure registrations, which are no load sites.
enum LoadSiteFixture {
    static let source = """
        import DependencyContainer
        struct ToastView {
            @Injected(.toast) var toast
            func show(_ container: Container, id: InjectID<any T>) async throws {
                _ = container.load(.toast)
                _ = try container.require(.player)
                _ = await container.loadAsync(.catalog)
                _ = try await container.requireAsync(.catalog)
                let cart = container.lazy(.cart)
                let menu = container.provider(.menu)
                _ = container.load(.stream, argument: url)
                _ = container.load(.plugins)
                _ = try container.require(.plugins)
                _ = container.contributions(to: .plugins)
                _ = container.load(for: "ToastInjectID")
                _ = container.load(for: toastInjectID)
                _ = container.load(id)
            }
        }
        enum PlayerProvider: InjectProvider {
            static var id: InjectID<any P> { .player }
            static func make(with resolver: Resolver) -> any P {
                Player(toast: resolver.load(.toast), later: { resolver.load(.cart) })
            }
        }
        func wire(_ container: Container) {
            container
                .register(.banner) { r in
                    Banner(log: r.load(.appLog), toast: try r.require(.toast))
                }
            container.register(.menu, dependencies: []) { r in Menu(r.load(.appLog)) }
            container.register(.feed) { r in Feed(r.load(InjectID("Feed" + name))) }
        }
        """

    static let sitesLines = [3, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17]

    static func facts() -> SourceFacts {
        SourceScanner.scan(source, file: "Sources/ToastFeature/ToastView.swift")
    }
}

@Suite("Load sites: scanner")
struct LoadSiteScannerTests {
    @Test("Every load outside a factory is a site, at its line, with its call; factory loads are not")
    func sites() {
        let sites = LoadSiteFixture.facts().uses.filter(\.isLoadSite)
        #expect(sites.map(\.location.line) == LoadSiteFixture.sitesLines)
        #expect(
            sites.map(\.call) == [
                "Injected", "load", "require", "loadAsync", "requireAsync", "lazy", "provider", "load",
                "load",
                "require", "contributions", "load", "load", "load",
            ])
        #expect(
            sites.map(\.reference) == [
                .member("toast"), .member("toast"), .member("player"), .member("catalog"), .member("catalog"),
                .member("cart"), .member("menu"), .member("stream"), .member("plugins"), .member("plugins"),
                .member("plugins"), .literal("ToastInjectID"), .constant("toastInjectID"), .runtime("id"),
            ])
        #expect(sites.first?.expression == "@Injected(.toast)")
        #expect(sites[1].expression == "container.load(.toast)")
        #expect(sites[11].expression == "container.load(for: \"ToastInjectID\")")
    }

    @Test("A load in a closure registration belongs to it, at the line of its verb, which #line captures")
    func registrationLoads() {
        let loads = LoadSiteFixture.facts().uses.filter { $0.kind == .load && !$0.isLoadSite }
        // Line 23: make(with:), its closure too; 29: in `.register`'s closure, the verb on line
        // 28 (not line 27, where the call's expression starts); 31 and 32: one-line registrations.
        #expect(loads.map(\.location.line) == [23, 23, 29, 29, 31, 32])
        #expect(loads.map(\.isInFactory) == [true, true, false, false, false, false])
        #expect(loads.map { $0.registeredAt?.line } == [nil, nil, 28, 28, 31, 32])
        let registrations = LoadSiteFixture.facts().uses.filter { $0.kind == .register }
        #expect(registrations.map(\.declaresDependencies) == [false, true, false])
    }

    @Test("Host registrations: Module.register(into:), called or passed, types by hand, PluginLoader")
    func hostRegistrations() {
        let facts = SourceScanner.scan(
            """
            let features = [ToastFeature.register(into:)]
            PlayerFeature.register(into: container)
            container.register(CartProvider.self)
            container.contribute(Menus.ShareEntry.self)
            container.regist(injectType: LegacyItem.self)
            container.register(injectType: NewerItem.self)
            let loader = PluginLoader(container: container)
            """, file: "App/main.swift")
        #expect(facts.hostRegistrations.map(\.kind) == [.module, .module, .type, .type, .type, .type])
        #expect(
            facts.hostRegistrations.map(\.name) == [
                "ToastFeature", "PlayerFeature", "CartProvider", "Menus.ShareEntry", "LegacyItem",
                "NewerItem",
            ])
        #expect(facts.hostRegistrations.map(\.location.line) == [1, 2, 3, 4, 5, 6])
        #expect(facts.pluginLoaderUses.map(\.line) == [7])
    }
}
