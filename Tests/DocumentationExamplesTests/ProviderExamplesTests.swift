import DependencyContainer
import Foundation
import Testing

// The doc-comment examples of the argument provider and of a provider in a named scope,
// compiled and run. `.ci/check-doc-snippets.swift` checks that each block appears here.

enum StreamProvider: ArgumentInjectProvider {
    static var id: ArgumentInjectID<URL, any StreamInject> { .stream }
    static func make(with resolver: Resolver, argument url: URL) -> any StreamInject {
        HLSStream(url: url)
    }
}

enum CartProvider: InjectProvider {
    static var id: InjectID<ShoppingCart> { .cart }
    static var scope: Scope { .session }
    static func make(with resolver: Resolver) -> ShoppingCart {
        ShoppingCart()
    }
}

@Suite("Provider examples")
struct ProviderExamplesTests {
    @Test("An argument provider makes a new service from each load's argument")
    func argumentProvider() throws {
        let container = Container()
        container.register(StreamProvider.self)
        let url = try #require(URL(string: "https://example.com/live.m3u8"))
        let first = container.load(.stream, argument: url)
        let second = container.load(.stream, argument: url)
        #expect(first?.url == url)
        #expect(first !== second)
        #expect(
            container.registrations.first { $0.id == "StreamInjectID" }?.provider.contains("StreamProvider")
                == true)
    }

    @Test("A provider in a named scope shares its service until the scope is reset")
    func namedScopeProvider() {
        let container = Container()
        container.register(CartProvider.self)
        let cart = container.load(.cart)
        #expect(cart != nil)
        #expect(container.load(.cart) === cart)
        #expect(container.registrations.first { $0.id == "CartInjectID" }?.scope == .session)
        container.reset(scope: .session)
        #expect(container.load(.cart) !== cart)
    }
}
