import Foundation
import Testing

@testable import DependencyContainerInjectScanner

// inject-lint's understanding of extension points, their contributions, argument IDs and
// type-keyed IDs.
@Suite("Inject lint: extension points, argument and type-keyed IDs")
struct RegistryFeaturesLintTests {
    private static let interfaces = """
        extension ExtensionPoint where Element == MenuEntry {
            public static var playerMenu: Self { ExtensionPoint("PlayerMenuExtensionPoint") }
        }
        extension ExtensionPoint where Element == DeepLink {
            // A point an app may leave empty.
            public static var deepLinks: Self { ExtensionPoint("DeepLinks", optional: true) }
        }
        extension ArgumentInjectID where Argument == URL, Service == any StreamInject {
            public static var stream: Self { ArgumentInjectID("StreamInjectID") }
        }
        """

    private static let share = """
        enum ShareMenuEntry: InjectContribution {
            static var id: ExtensionPoint<MenuEntry> { .playerMenu }
            static func make(with resolver: Resolver) -> MenuEntry { MenuEntry(title: "Share") }
        }
        """

    private static let queue = """
        func register(into container: Container) {
            container.contribute(to: .playerMenu, named: "queue") { MenuEntry(title: "Queue") }
            container.register(.stream) { resolver, url in HLSStream(url: url) }
        }
        """

    private static let host = """
        func menu(_ container: Container) -> [MenuEntry] {
            _ = container.load(.stream, argument: url)
            _ = container.load(InjectID(type: (any ToastInject).self))
            return container.load(.playerMenu)
        }
        """

    private func module(_ name: String, _ source: String, dependencies: [String] = []) -> InjectLint.Module {
        InjectLint.Module(
            name: name, dependencies: dependencies,
            facts: SourceScanner.scan(source, file: "\(name)/File.swift"))
    }

    @Test("The scanner reads extension point, argument ID and type-keyed declarations")
    func declarations() {
        let facts = SourceScanner.scan(
            Self.interfaces + "\nextension InjectID where Service == any ToastInject {\n"
                + "    static var toast: Self { InjectID(type: (any ToastInject).self) }\n}\n",
            file: "Interfaces.swift")
        let summary = facts.declarations.map {
            "\($0.name)=\($0.value) point=\($0.isExtensionPoint) optional=\($0.isOptional)"
        }
        #expect(
            summary == [
                "playerMenu=\"PlayerMenuExtensionPoint\" point=true optional=false",
                "deepLinks=\"DeepLinks\" point=true optional=true",
                "stream=\"StreamInjectID\" point=false optional=false",
                "toast=InjectID(type: any ToastInject) point=false optional=false",
            ])
        #expect(
            SourceScanner.scan(Self.share, file: "Share.swift").conformances.map(\.kind) == [.contribution])
        #expect(
            SourceScanner.scan(Self.queue, file: "Queue.swift").uses.map { "\($0.kind) \($0.reference)" } == [
                "register .playerMenu", "register .stream",
            ])
        #expect(
            SourceScanner.scan(Self.host, file: "Host.swift").uses.map { "\($0.kind) \($0.reference)" } == [
                "load .stream", "load InjectID(type: any ToastInject)", "load .playerMenu",
            ])
    }

    @Test("Each point lists its contributors; several targets may contribute to one point")
    func contributors() throws {
        let report = InjectLint.run([
            module("Interfaces", Self.interfaces),
            module("Share", Self.share, dependencies: ["Interfaces"]),
            module("Queue", Self.queue, dependencies: ["Interfaces"]),
        ])
        #expect(report.diagnostics.filter { $0.severity != .note }.isEmpty, "\(report.diagnostics)")
        let menu = try #require(report.ids.first { $0.id == "PlayerMenuExtensionPoint" })
        #expect(menu.isExtensionPoint)
        #expect(
            menu.providers.map { "\($0.module)(\($0.typeName ?? "closure"))" }
                == ["Queue(closure)", "Share(ShareMenuEntry)"].sorted())
        #expect(TextReport.render(report).contains("extension point, contributed by"))
    }

    @Test("A point nobody contributes to is an error unless it is optional")
    func uncontributedPoint() {
        let report = InjectLint.run([module("Interfaces", Self.interfaces)])
        let errors = report.diagnostics.filter { $0.severity == .error }.map(\.message)
        #expect(
            errors.contains {
                $0.hasPrefix(
                    "extension point 'PlayerMenuExtensionPoint' (.playerMenu) is declared but no target contributes to it"
                )
            })
        #expect(!errors.contains { $0.contains("DeepLinks") })
        #expect(
            errors.contains {
                $0.hasPrefix("ID 'StreamInjectID' (.stream) is declared but no target provides it")
            })
    }

    @Test("Two targets providing one argument ID is still an error")
    func duplicateArgumentProvider() {
        let report = InjectLint.run([
            module("Interfaces", Self.interfaces),
            module("Queue", Self.queue, dependencies: ["Interfaces"]),
            module(
                "Other", "func f(_ c: Container) { c.register(.stream) { _, url in S(url) } }",
                dependencies: ["Interfaces"]),
            module("Share", Self.share, dependencies: ["Interfaces"]),
        ])
        #expect(report.diagnostics.filter { $0.severity == .error }.map(\.code) == ["duplicate-provider"])
    }

    @Test("The generated entry contributes each contribution type")
    func generatedEntry() {
        let generator = RegistrationGenerator(
            moduleName: "ShareFeature", facts: SourceScanner.scan(Self.share, file: "Share.swift"))
        #expect(
            GeneratedSource.withoutPlaces(generator.source).contains(
                "        container.contribute(ShareMenuEntry.self, dependencies: [])\n")
        )
        #expect(generator.registered.map(\.typeName) == ["ShareMenuEntry"])
    }

    @Test("A type-keyed registration needs no declaration; .typeKeyed is a warning at its line, not an error")
    func typeKeyedRegistrations() throws {
        let source = """
            func register(into container: Container) {
                container.register(InjectID(type: (any ToastInject).self)) { ConsoleToast() }
                container.register(.typeKeyed) { ConsoleAnalytics() }
            }
            """
        let host = "func f(_ c: Container) { _ = c.load(InjectID(type: (any ToastInject).self)) }"
        let report = InjectLint.run([module("Toast", source), module("Host", host)])
        #expect(report.diagnostics.filter { $0.severity == .error }.isEmpty, "\(report.diagnostics)")
        let warning = try #require(report.diagnostics.first { $0.code == "context-typed-key" })
        #expect(warning.severity == .warning)
        #expect(warning.locations.map(\.line) == [3])
        #expect(warning.message.contains("name the type with .type(P.self)"))
        #expect(report.flows == [LintReport.Flow(provider: "Toast", consumer: "Host", id: "any ToastInject")])
    }
}
