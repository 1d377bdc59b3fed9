import Foundation
import Testing

@testable import DependencyContainerInjectScanner

@Suite("Registration generator")
struct RegistrationGeneratorTests {
    private func generator(_ source: String) -> RegistrationGenerator {
        RegistrationGenerator(
            moduleName: "ToastFeature", facts: SourceScanner.scan(source, file: "Toast.swift"))
    }

    @Test("The entry is named after the module and registers providers and items in source order")
    func entry() {
        let source = """
            enum ToastProvider: InjectProvider { static var id: InjectID<any T> { .toast } }
            final class ToastItem: Injectable { var id: String = toastInjectID }
            enum Later {}
            extension Later: InjectProvider {}
            """
        let generated = generator(source).source
        #expect(generated.contains("public enum ToastFeatureGeneratedEntry {"))
        #expect(generated.contains("public typealias ToastFeature = ToastFeatureGeneratedEntry\n"))
        #expect(generated.contains("import DependencyContainer"))
        let calls = GeneratedSource.calls(generated)
        #expect(
            calls == [
                "container.register(ToastProvider.self, dependencies: [])",
                "container.register(injectType: ToastItem.self)",
                "container.register(Later.self, dependencies: [])",
            ])
        #expect(generated.contains("names.append(\"ToastItem\")"))
    }

    @Test("A module that registers nothing lists no types without a variable nothing appends to")
    func emptyModule() {
        let generated = generator("func show() { _ = Container.shared.load(.toast) }").source
        #expect(generated.contains("public static var registeredTypes: [String] {\n        []\n    }"))
        #expect(!generated.contains("var names"))
        #expect(generated.contains("container.addLoadSites(loadSites)"))
    }

    @Test("Providers under #if are registered under the same conditions")
    func conditions() {
        let source = """
            #if os(iOS)
            enum TouchProvider: InjectProvider {}
            #else
            enum DeskProvider: InjectProvider {}
            #endif
            """
        let lines = GeneratedSource.withoutPlaces(generator(source).source).split(separator: "\n").map {
            String($0).trimmingWhitespace()
        }
        let start = lines.firstIndex(of: "container.addLoadSites(loadSites)") ?? 0
        #expect(
            Array(lines[(start + 1)...].prefix(6)) == [
                "#if (os(iOS))", "container.register(TouchProvider.self, dependencies: [])", "#endif",
                "#if !(os(iOS))", "container.register(DeskProvider.self, dependencies: [])", "#endif",
            ])
    }

    @Test("Generic, private and function-local providers are skipped with a reason")
    func skipped() {
        let source = """
            struct Box<T>: InjectProvider {}
            private enum Hidden: InjectProvider {}
            func f() { enum Local: InjectProvider {} }
            enum Shown: InjectProvider {}
            """
        let generator = generator(source)
        #expect(generator.registered.map(\.typeName) == ["Shown"])
        #expect(generator.skipped.map(\.conformance.typeName) == ["Box", "Hidden", "Local"])
        #expect(generator.skipped[0].reason == "it is generic")
    }

    @Test("A type conforming twice, in its declaration and an extension, is registered once")
    func once() {
        let source = """
            enum P: InjectProvider {}
            extension P: InjectProvider {}
            """
        #expect(generator(source).registered.count == 1)
    }

    @Test("A module with no providers gets an entry that registers nothing")
    func empty() {
        let generated = generator("struct Plain {}").source
        #expect(
            generated.contains(
                "public static func register(into container: Container) {\n        container.addLoadSites(loadSites)\n    }"
            ))
        #expect(generated.contains("public static var loadSites: [LoadSite] {\n        []\n    }"))
    }
}

@Suite("Registration generator: isolated providers")
struct IsolatedProviderGeneratorTests {
    @Test("Main-actor and async providers are registered with register(_:), like InjectProvider types")
    func isolatedProviders() {
        let source = """
            enum BannerProvider: MainActorInjectProvider {
                static var id: InjectID<any BannerInject> { .banner }
                @MainActor static func make(with resolver: Resolver) -> any BannerInject { BannerView() }
            }
            public enum CatalogProvider: AsyncInjectProvider {
                public static var id: InjectID<any CatalogInject> { .catalog }
                public static func make(with resolver: Resolver) async throws -> any CatalogInject {
                    try await Catalog.fetch(log: resolver.load(.appLog))
                }
            }
            """
        let facts = SourceScanner.scan(source, file: "Banner.swift")
        #expect(facts.conformances.map(\.kind) == [.mainActorProvider, .asyncProvider])
        #expect(
            facts.uses.map(\.eagerIn) == ["CatalogProvider"], "a load in an async make(with:) is eager too")
        let generated = RegistrationGenerator(moduleName: "BannerFeature", facts: facts).source
        let calls = GeneratedSource.calls(generated)
        #expect(
            calls == [
                "container.register(BannerProvider.self, dependencies: [])",
                "container.register(CatalogProvider.self, dependencies: [.load(.appLog)])",
            ])
    }

    @Test("registerOnMainActor provides an ID; loadAsync and requireAsync load one")
    func isolatedUses() {
        let source = """
            func wire(_ container: Container) async throws {
                container.registerOnMainActor(.banner) { BannerView() }
                container.registerAsync(.database) { resolver async throws in try await Database.open() }
                _ = await container.loadAsync(.catalog)
                _ = try await container.requireAsync(.database)
            }
            """
        let uses = SourceScanner.scan(source, file: "Wire.swift").uses
        #expect(
            uses.map(\.reference) == [
                .member("banner"), .member("database"), .member("catalog"), .member("database"),
            ])
        #expect(uses.map(\.kind) == [.register, .register, .load, .load])
    }
}

@Suite("Registration generator: backticked names")
struct BacktickedNameGeneratorTests {
    @Test("A backticked type name with spaces keeps its backticks in code and none in names")
    func spaces() {
        let source = """
            enum `Toast Provider`: InjectProvider { static var id: InjectID<any T> { .toast } }
            enum Outer { enum `class`: InjectProvider {} }
            enum `Plain`: InjectProvider {}
            """
        let generated = GeneratedSource.withoutPlaces(
            RegistrationGenerator(
                moduleName: "ToastFeature", facts: SourceScanner.scan(source, file: "Toast.swift")
            ).source)
        #expect(generated.contains("        container.register(`Toast Provider`.self, dependencies: [])\n"))
        #expect(generated.contains("        container.register(Outer.`class`.self, dependencies: [])\n"))
        #expect(generated.contains("        container.register(Plain.self, dependencies: [])\n"))
        #expect(generated.contains("names.append(\"Toast Provider\")"))
    }

}

@Suite("Registration generator: declared dependencies")
struct DeclaredDependencyGeneratorTests {
    private func generator(_ source: String) -> RegistrationGenerator {
        RegistrationGenerator(
            moduleName: "PlayerFeature", facts: SourceScanner.scan(source, file: "Player.swift"))
    }

    @Test(
        "A provider's registration declares what its make(with:) loads: load optional, require required, handles deferred"
    )
    func dependencies() {
        let source = """
            import Foundation
            public import DCExampleAppInterfaces
            #if canImport(UIKit)
            import UIKit
            #endif
            enum PlayerProvider: InjectProvider {
                static func make(with resolver: Resolver) throws -> any PlayerInject {
                    let log = resolver.load(.appLog, default: PrintLog())
                    let toast = try resolver.require(.toast)
                    _ = resolver.load(.toast)
                    return Player(log: log, toast: toast, cart: resolver.lazy(.cart), menu: resolver.provider(.menu))
                }
            }
            enum Entry: InjectContribution {
                static func make(with resolver: Resolver) async -> MenuEntry {
                    MenuEntry(await resolver.loadAsync(.catalog), resolver.load(.appLog))
                }
            }
            """
        let generator = generator(source)
        let calls = GeneratedSource.calls(generator.source)
        #expect(
            calls == [
                "container.register(PlayerProvider.self, dependencies: [.load(.appLog), .require(.toast), .lazy(.cart), .provider(.menu)])",
                "container.contribute(Entry.self, dependencies: [.load(.catalog), .load(.appLog)])",
            ])
        let imports = generator.source.split(separator: "\n").filter {
            $0.hasPrefix("import") || $0.contains(" import ")
        }
        #expect(
            imports == [
                "import DependencyContainer", "import Foundation", "public import DCExampleAppInterfaces",
            ])
    }

    @Test(
        "A provider that declares its own dependencies, or loads an ID the scanner cannot name, declares nothing"
    )
    func undeclared() {
        let source = """
            enum Declared: InjectProvider {
                static var dependencies: [Dependency]? { [.require(.toast)] }
                static func make(with resolver: Resolver) -> P { P(resolver.load(.other)) }
            }
            enum Runtime: InjectProvider {
                static func make(with resolver: Resolver) -> P { P(resolver.load(InjectID("Feature" + name))) }
            }
            enum Closure: InjectProvider {
                static func make(with resolver: Resolver) -> P { P { resolver.load(.later) } }
            }
            final class Item: Injectable {}
            """
        let generator = generator(source)
        let byName = Dictionary(uniqueKeysWithValues: generator.registered.map { ($0.typeName, $0) })
        #expect(byName["Declared"].flatMap(generator.dependencies(of:)) == nil)
        #expect(byName["Runtime"].flatMap(generator.dependencies(of:)) == nil)
        #expect(byName["Item"].flatMap(generator.dependencies(of:)) == nil)
        // A load inside a closure runs when the closure does, not while the factory runs.
        #expect(byName["Closure"].flatMap(generator.dependencies(of:)) == [])
        #expect(
            GeneratedSource.withoutPlaces(generator.source).contains("container.register(Declared.self)\n"))
    }

    @Test(
        "The example app's generated declarations are what the scanner reads in each provider's make(with:)")
    func exampleApp() throws {
        let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
                "Sources/Examples")
        var declared: [String: [String]] = [:]
        for feature in ["AnalyticsFeature", "PlayerFeature", "ToastFeature"] {
            let directory = examples.appendingPathComponent(feature)
            let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
                .filter { $0.hasSuffix(".swift") }.map { directory.appendingPathComponent($0).path }
            let generator = RegistrationGenerator(
                moduleName: feature, facts: try ScanCommand.scan(files: files))
            for conformance in generator.registered {
                declared[conformance.typeName] = generator.dependencies(of: conformance)
                // Every eager load the lint sees in a make(with:) is declared.
                let eager = generator.facts.uses.filter { $0.eagerIn == conformance.typeName }.map(
                    \.reference)
                let names = Set(
                    (generator.dependencies(of: conformance) ?? []).map {
                        String($0.split(separator: "(")[1].dropLast())
                    })
                #expect(eager.allSatisfy { names.contains($0.description) })
            }
        }
        #expect(
            declared == [
                "AnalyticsProvider": [".load(.appLog)"], "PreviewAnalyticsProvider": [],
                "ReportProblemMenuEntry": [],
                "BannerProvider": [".load(.appLog)"], "CatalogProvider": [".load(.appLog)"],
                "PlayerProvider": [
                    ".load(.appLog)", ".load(.toast)", ".load(.analytics)", ".load(.userSession)",
                ],
                "SleepTimerMenuEntry": [], "NotifyMenuEntry": [],
                "ToastProvider": [".load(.appLog)", ".lazy(.player)"],
            ])
    }
}
