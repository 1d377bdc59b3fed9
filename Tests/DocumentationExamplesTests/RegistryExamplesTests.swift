import DependencyContainer
import Foundation
import Testing

// The examples of extension points, factories with arguments, named scopes and type-keyed IDs,
// from the README, the PluginRegistry article and the doc comments, compiled and run.
// `.ci/check-doc-snippets.swift` checks that each block appears here.

struct MenuEntry: Sendable, Equatable {
    let title: String
}

extension ExtensionPoint where Element == MenuEntry {
    static var playerMenu: Self { ExtensionPoint("PlayerMenuExtensionPoint") }
}

enum ShareMenuEntry: InjectContribution {
    static var id: ExtensionPoint<MenuEntry> { .playerMenu }
    static var name: String { "share" }
    static var priority: Int { 10 }
    static func make(with resolver: Resolver) -> MenuEntry {
        MenuEntry(title: "Share")
    }
}

protocol StreamInject: AnyObject {
    var url: URL { get }
}

final class HLSStream: StreamInject {
    let url: URL
    init(url: URL) { self.url = url }
}

extension ArgumentInjectID where Argument == URL, Service == any StreamInject {
    static var stream: Self { ArgumentInjectID("StreamInjectID") }
}

final class ShoppingCart: Sendable {
    init(analytics: (any AnalyticsInject)? = nil) {}
}

extension InjectID where Service == ShoppingCart {
    static var cart: Self { InjectID("CartInjectID") }
}

extension Scope {
    static let checkout = Scope.named("checkout")
}

@Suite("Registry examples", .serialized)
struct RegistryExamplesTests {
    @Test("Extension points: contribute, then load every contribution in order")
    func extensionPoints() {
        let container = Container()
        container.contribute(to: .playerMenu, named: "share", priority: 10) { MenuEntry(title: "Share") }
        container.contribute(to: .playerMenu, named: "queue") { MenuEntry(title: "Add to queue") }

        let entries = container.load(.playerMenu)  // [Share, Add to queue]
        #expect(entries.map(\.title) == ["Share", "Add to queue"])

        for entry in container.load(.playerMenu) {
            print(entry.title)
        }
    }

    @Test("A contribution with a resolver, and a contribution type")
    func contributionTypes() {
        let container = Container()
        container.contribute(to: .playerMenu, named: "share", priority: 10) { resolver in
            MenuEntry(title: "Share")
        }
        #expect(container.load(.playerMenu) == [MenuEntry(title: "Share")])

        let other = Container()
        other.contribute(ShareMenuEntry.self)
        #expect(other.load(.playerMenu) == [MenuEntry(title: "Share")])
    }

    @Test("Children and overrides add to a point")
    func layering() {
        let container = Container()
        container.contribute(ShareMenuEntry.self)
        let screen = Container(parent: container)
        screen.contribute(to: .playerMenu, named: "cast") { MenuEntry(title: "Cast") }
        #expect(screen.load(.playerMenu).map(\.title) == ["Share", "Cast"])

        let titles = container.withOverrides { overrides in
            overrides.contribute(to: .playerMenu, named: "share", priority: 10) {
                MenuEntry(title: "Mock share")
            }
        } operation: {
            container.load(.playerMenu).map(\.title)  // ["Mock share"]
        }
        #expect(titles == ["Mock share"])
    }

    @Test("Factories with arguments: the argument type is checked at compile time")
    func arguments() {
        let container = Container()
        container.register(.stream) { resolver, url in HLSStream(url: url) }
        let stream = container.load(.stream, argument: URL(string: "https://example.com/live.m3u8")!)
        #expect(stream?.url.lastPathComponent == "live.m3u8")

        container.register(.stream) { resolver, url in
            HLSStream(url: url)
        }
        #expect(container.load(.stream, argument: URL(string: "https://example.com/a.m3u8")!) != nil)
    }

    @Test("Named scopes: shared until reset")
    func namedScopes() {
        let container = Container()
        container.register(.cart, scope: .session) { ShoppingCart() }

        let cart = container.load(.cart)  // created on the first load, then shared
        container.reset(scope: .session)  // log out
        let newCart = container.load(.cart)  // a fresh cart
        #expect(cart !== newCart)

        container.register(.cart, scope: .session) { resolver in
            ShoppingCart(analytics: resolver.load(.analytics))
        }
        #expect(container.load(.cart) === container.load(.cart))
        container.reset(scope: .session)
        #expect(container.reset(scope: .checkout) == 0)
    }

    @Test("Type-keyed IDs")
    func typeKeyed() {
        let container = Container()
        container.register(InjectID(type: (any ToastInject).self)) { ConsoleToast() }
        let toast = container.load(InjectID(type: (any ToastInject).self))  // (any ToastInject)?
        print(InjectID(type: (any ToastInject).self).name)  // any ToastInject
        #expect(toast != nil)
        #expect(InjectID(type: (any ToastInject).self).name == "any ToastInject")

        container.register(.type(AnalyticsInject.self)) { ConsoleAnalytics() }
        let analytics = container.load(.type(AnalyticsInject.self))  // (any AnalyticsInject)?
        #expect(analytics != nil)
    }

    @Test("A type key spelled with its type: the factory converts to it")
    func spelledTypeKey() {
        let container = Container()
        container.register(.type(ToastInject.self)) { ConsoleToast() }
        let toast = container.load(.type(ToastInject.self))  // (any ToastInject)?
        #expect(toast is ConsoleToast)
    }
}
