import Testing

@testable import DependencyContainerInjectScanner

@Suite("Inject lint: argument providers and named scopes")
struct ProviderKindsLintTests {
    private static let interfaces = """
        extension ArgumentInjectID where Argument == URL, Service == any StreamInject {
            public static var stream: Self { ArgumentInjectID("StreamInjectID") }
        }
        extension InjectID where Service == ShoppingCart {
            public static var cart: Self { InjectID("CartInjectID") }
            public static var wishlist: Self { InjectID("WishlistInjectID") }
        }
        """

    private static let feature = """
        enum StreamProvider: ArgumentInjectProvider {
            static var id: ArgumentInjectID<URL, any StreamInject> { .stream }
            static func make(with resolver: Resolver, argument url: URL) -> any StreamInject {
                HLSStream(url: url)
            }
        }
        enum CartProvider: InjectProvider {
            static var id: InjectID<ShoppingCart> { .cart }
            static var scope: Scope { .session }
            static func make(with resolver: Resolver) -> ShoppingCart { ShoppingCart() }
        }
        func registerWishlist(into container: Container) {
            container.register(.wishlist, scope: Scope.named("checkout")) { ShoppingCart() }
        }
        """

    private func report(feature: String = Self.feature) -> LintReport {
        InjectLint.run([
            InjectLint.Module(
                name: "Interfaces", dependencies: [],
                facts: SourceScanner.scan(Self.interfaces, file: "I.swift")),
            InjectLint.Module(
                name: "Shop", dependencies: ["Interfaces"],
                facts: SourceScanner.scan(feature, file: "S.swift")),
        ])
    }

    @Test("An argument provider provides its argument ID")
    func argumentProvider() {
        let report = report()
        #expect(report.count(.error) == 0)
        let stream = report.ids.first { $0.id == "StreamInjectID" }
        #expect(stream?.providers.map { $0.typeName ?? "" } == ["StreamProvider"])
    }

    @Test("Without its provider, an argument ID is unprovided")
    func argumentIDUnprovided() {
        let withoutStream = Self.feature.replacingOccurrences(of: "ArgumentInjectProvider", with: "Sendable")
        let errors = report(feature: withoutStream).diagnostics.filter { $0.severity == .error }
        #expect(errors.map(\.code) == ["unprovided-id"])
        #expect(errors.first?.message.hasPrefix("ID 'StreamInjectID' (.stream)") == true)
    }

    @Test("Named scopes of providers and closures are in the report; lifetimes are not")
    func namedScopes() {
        let report = report()
        let scopes = Dictionary(
            uniqueKeysWithValues: report.ids.map { ($0.id, $0.providers.first?.scope) })
        #expect(scopes["CartInjectID"] == .some(".session"))
        #expect(scopes["WishlistInjectID"] == .some("Scope.named(\"checkout\")"))
        #expect(scopes["StreamInjectID"] == .some(nil))
        #expect(
            TextReport.render(report).contains(
                "CartInjectID [.cart] in Interfaces: Shop(CartProvider, scope .session)"))

        let lifetime = SourceScanner.scan("c.register(.cart, scope: .singleton) { C() }", file: "F.swift")
        #expect(lifetime.uses.first?.scope == nil)
    }

    @Test("A provider's built-in scope is no named scope; `Scope.named` in a provider is")
    func providerScopes() {
        let facts = SourceScanner.scan(
            """
            enum PlayerProvider: InjectProvider {
                static var scope: Scope { .singleton }
            }
            enum WishlistProvider: InjectProvider {
                static var scope: Scope { Scope.named("checkout") }
            }
            """, file: "P.swift")
        #expect(facts.scopeMembers.map(\.typeName) == ["WishlistProvider"])
        #expect(facts.scopeMembers.first?.scope == "Scope.named(\"checkout\")")
    }

    @Test("`registerAsync` provides its ID, with its named scope, as `register` does")
    func registerAsync() {
        let facts = SourceScanner.scan(
            "c.registerAsync(.cart, scope: .session) { r in try await Cart.open() }", file: "A.swift")
        #expect(facts.uses.map(\.kind) == [.register])
        #expect(facts.uses.first?.reference == .member("cart"))
        #expect(facts.uses.first?.scope == ".session")
    }

    @Test("The generator registers argument providers and providers in named scopes by type")
    func generator() {
        let generated = GeneratedSource.withoutPlaces(
            RegistrationGenerator(
                moduleName: "Shop", facts: SourceScanner.scan(Self.feature, file: "S.swift")
            ).source)
        #expect(generated.contains("        container.register(StreamProvider.self, dependencies: [])\n"))
        #expect(generated.contains("        container.register(CartProvider.self, dependencies: [])\n"))
    }
}
