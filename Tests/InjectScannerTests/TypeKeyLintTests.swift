import Foundation
import Testing

@testable import DependencyContainerInjectScanner

/// Type keys (`.type(P.self)`) are IDs to the scanner, the generated entry and the lint, as
/// string IDs are: a Swinject-style port, whose factories return their implementation.
@Suite("Type keys: scanned, generated and linted like string IDs")
struct TypeKeyLintTests {
    private static let interfaces = """
        public protocol Notifier: AnyObject {}
        public protocol Toast: AnyObject {}
        public protocol Logging {}
        public protocol AuditLogging: Logging {}
        public enum Outer { public struct Inner {} }
        """

    private static let feature = """
        final class NotifierImpl: Notifier {}
        class BaseLogger: AuditLogging {}
        final class FileLogger: BaseLogger {}
        func register(into container: Container) {
            container.register(.type(Notifier.self)) { r in
                let service = NotifierImpl()
                return service
            }
            container.register(.type(Toast.self), scope: .singleton) { _ in ConsoleToast() }
        }
        """

    /// Six factories that require the notifier, one that loads it optionally (lines 3-9).
    private static let consumers = """
        func register(into container: Container) {
            container.register(.type(Outer.Inner.self)) { Outer.Inner() }
            container.register(.type(AScreen.self)) { r in AScreen(try r.require(.type(Notifier.self))) }
            container.register(.type(BScreen.self)) { r in BScreen(try r.require(.type(Notifier.self))) }
            container.register(.type(CScreen.self)) { r in CScreen(try r.require(.type((any Notifier).self))) }
            container.register(.type(DScreen.self)) { r in DScreen(try r.require(InjectID(type: Notifier.self))) }
            container.register(.type(EScreen.self)) { r in EScreen(try r.require(InjectID<any Notifier>.type(Notifier.self))) }
            container.register(.type(FScreen.self)) { r in FScreen(try r.require(.type(Notifier.self))) }
            container.register(.type(GScreen.self)) { r in GScreen(r.load(.type(Notifier.self))) }
        }
        """

    private func module(_ name: String, _ source: String, dependencies: [String] = []) -> InjectLint.Module {
        InjectLint.Module(
            name: name, dependencies: dependencies,
            facts: SourceScanner.scan(
                source, file: "Sources/\(name)/File.swift", fileID: "\(name)/File.swift"))
    }

    private func lint(feature: String = Self.feature, _ more: InjectLint.Module...) -> LintReport {
        InjectLint.run(
            [
                module("Interfaces", Self.interfaces),
                module("Feature", feature, dependencies: ["Interfaces"]),
                module("Consumers", Self.consumers, dependencies: ["Interfaces"]),
            ] + more)
    }

    @Test(
        "Every spelling of a type key is a typed key, in every registration and load verb; .typeKeyed is not")
    func spellings() {
        let source = """
            struct Screen {
                @Injected(.type(Toast.self)) var toast
                @WeakInjected(.type(Notifier.self)) var notifier
            }
            func f(_ c: Container) async throws {
                c.registerOnMainActor(.type((any Toast).self)) { ConsoleToast() }
                c.registerAsync(InjectID<any Toast>.type(Toast.self)) { _ in ConsoleToast() }
                c.register(InjectID(type: Outer.Inner.self), dependencies: [.require(.type(Notifier.self))]) { _ in Outer.Inner() }
                c.register(.typeKeyed) { ConsoleToast() }
                _ = c.load(.type(Toast.self))
                _ = try c.require(.type(Toast.self))
                _ = await c.loadAsync(.type(Toast.self))
                _ = try await c.requireAsync(.type(Toast.self))
                _ = c.lazy(.type(Toast.self))
                _ = c.provider(.type(Toast.self))
                _ = c.load(.type(Stream.self), argument: url)
                _ = c.load(InjectID<any Toast>.typeKeyed)
                _ = c.load(.typeKeyed)
            }
            enum ToastProvider: InjectProvider { static var id: InjectID<any Toast> { .type(Toast.self) } }
            enum LegacyProvider: InjectProvider { static var id: InjectID<any Toast> { .typeKeyed } }
            """
        let facts = SourceScanner.scan(source, file: "F.swift")
        #expect(
            facts.uses.map { "\($0.kind) \($0.call ?? "register") \($0.reference)" } == [
                "load Injected InjectID(type: Toast)",
                "load WeakInjected InjectID(type: Notifier)",
                "register register InjectID(type: any Toast)",
                "register register InjectID(type: Toast)",
                "register register InjectID(type: Outer.Inner)",
                "load require InjectID(type: Notifier)",
                "register register .typeKeyed",
                "load load InjectID(type: Toast)",
                "load require InjectID(type: Toast)",
                "load loadAsync InjectID(type: Toast)",
                "load requireAsync InjectID(type: Toast)",
                "load lazy InjectID(type: Toast)",
                "load provider InjectID(type: Toast)",
                "load load InjectID(type: Stream)",
                "load load InjectID(type: any Toast)",
                "load load .typeKeyed",
            ])
        // A provider's `.typeKeyed` is typed by its `id`'s annotation.
        #expect(facts.idMembers.map(\.reference) == [.typeKeyed("Toast"), .typeKeyed("any Toast")])
    }

    @Test("A registration whose closure the file leaves open, or a type too deep to read, is no crash")
    func hostileInput() {
        for source in [
            "c.register(.type(X.self)) {", "c.register(.type(X.self)) { r", "c.register(.typeKeyed) {",
        ] {
            #expect(SourceScanner.scan(source, file: "F.swift").uses.count == 1, "\(source)")
        }
        let deep = String(repeating: "[", count: 5_000) + "X" + String(repeating: "]", count: 5_000)
        #expect(TypeKeyName.canonical(deep, protocols: []) == deep)
    }

    @Test("A type key's name is the core's: any P for a protocol, the unqualified, unsugared type otherwise")
    func names() {
        let protocols: Set<String> = ["Notifier", "NP"]
        let cases: [(String, String)] = [
            ("Notifier", "any Notifier"), ("any Notifier", "any Notifier"),
            ("(any Notifier)", "any Notifier"),
            ("App.Notifier", "any Notifier"), ("any Unknown", "any Unknown"),
            ("NotifierImpl", "NotifierImpl"),
            ("Outer.Inner", "Inner"), ("Outer.NP", "any NP"), ("Outer.C<Int>", "C<Int>"),
            ("Box<Outer.Inner>", "Box<Inner>"), ("[Impl]", "Array<Impl>"),
            ("[String: Impl]", "Dictionary<String, Impl>"),
            ("Impl?", "Optional<Impl>"), ("any P & Q", "any P & Q"), ("`Spaced Impl`", "Spaced Impl"),
        ]
        for (written, name) in cases {
            #expect(TypeKeyName.canonical(written, protocols: protocols) == name, "\(written)")
        }
    }

    @Test(
        "A member that names a type key is that key: its loads resolve, and no target providing it is an error"
    )
    func namedTypeKey() {
        let names = module(
            "Names",
            "extension InjectID where Service == any Notifier {\n    static var notifier: Self { .type(Notifier.self) }\n}"
        )
        let loads = module("Loads", "func f(_ c: Container) throws { _ = try c.require(.notifier) }")
        let report = lint(names, loads)
        #expect(
            report.flows.contains(LintReport.Flow(provider: "Feature", consumer: "Loads", id: "any Notifier"))
        )
        #expect(report.ids.first { $0.id == "any Notifier" }?.names == [".notifier"])
        #expect(!report.diagnostics.contains { $0.severity == .error }, "\(report.diagnostics)")
    }

    @Test("A load through such a member counts for the implementation-type check too")
    func namedTypeKeyImplementation() {
        let names = module(
            "Names",
            "extension InjectID where Service == any Notifier {\n    static var notifier: Self { .type(Notifier.self) }\n}"
        )
        let loads = module("Loads", "func f(_ c: Container) throws { _ = try c.require(.notifier) }")
        let feature = Self.feature.replacingOccurrences(
            of: "container.register(.type(Notifier.self))",
            with: "container.register(.type(NotifierImpl.self))")
        let report = lint(feature: feature, names, loads)
        #expect(
            report.diagnostics.contains {
                $0.code == "implementation-type-key" && $0.locations.first?.line == 5
            })
    }

    @Test("A type key's loads, registrations and flows use the core's name")
    func flows() {
        let report = lint()
        #expect(report.diagnostics.filter { $0.severity == .error }.isEmpty, "\(report.diagnostics)")
        #expect(
            report.flows.filter { $0.id == "any Notifier" } == [
                LintReport.Flow(provider: "Feature", consumer: "Consumers", id: "any Notifier")
            ])
        let notifier = report.ids.first { $0.id == "any Notifier" }
        #expect(notifier?.names == [".type(Notifier.self)"])
        #expect(notifier?.providers.map(\.module) == ["Feature"])
        #expect(TextReport.render(report).contains("  any Notifier [.type(Notifier.self)]: Feature(closure)"))
    }

    @Test(
        "A deleted registration that six factories require is an error at each requiring line; a load is a note"
    )
    func deletedRegistration() {
        let feature = Self.feature.replacingOccurrences(
            of: "container.register(.type(Notifier.self))", with: "container.register(.type(Unrelated.self))")
        let report = lint(feature: feature)
        let missing = report.diagnostics.filter { $0.code == "unprovided-id" }
        #expect(
            missing.filter { $0.severity == .error }.map(\.locations.first!.description)
                == (3...8).map { "Consumers/File.swift:\($0)" })
        #expect(missing.filter { $0.severity == .note }.map(\.locations.first!.line) == [9])
        #expect(
            missing.first?.message
                == "Consumers requires type key 'any Notifier' (r.require(.type(Notifier.self))), which no target provides: the load fails; register it as .type(Notifier.self)"
        )
    }

    @Test(
        "A registration keyed by its implementation type, where loads ask for a protocol it conforms to, is an error at its line"
    )
    func implementationType() throws {
        let feature = Self.feature.replacingOccurrences(
            of: "container.register(.type(Notifier.self))",
            with: "container.register(.type(NotifierImpl.self))")
        let report = lint(feature: feature)
        let finding = try #require(report.diagnostics.first { $0.code == "implementation-type-key" })
        #expect(finding.severity == .error)
        #expect(finding.locations.first?.description == "Feature/File.swift:5")
        #expect(
            finding.message
                == "a closure registration in Feature is registered under its implementation type 'NotifierImpl'; loads ask for 'any Notifier', which it conforms to: register it as .type(Notifier.self)"
        )
        #expect(report.diagnostics.filter { $0.code == "unprovided-id" && $0.severity == .error }.count == 6)
    }

    @Test("Conformance through a superclass or an inherited protocol counts; an unrelated type does not")
    func inheritedConformance() {
        let consumer = module(
            "Logs", "func f(_ c: Container) throws { _ = try c.require(.type(Logging.self)) }",
            dependencies: ["Interfaces"])
        let keyedBySubclass = """
            class BaseLogger: AuditLogging {}
            final class FileLogger: BaseLogger {}
            enum LoggerProvider: InjectProvider { static var id: InjectID<FileLogger> { .type(FileLogger.self) } }
            """
        let report = lint(feature: keyedBySubclass, consumer)
        #expect(
            report.diagnostics.filter { $0.code == "implementation-type-key" }.map(\.locations.first!.line)
                == [3])
        #expect(
            report.diagnostics.first { $0.code == "implementation-type-key" }?.message.hasPrefix(
                "LoggerProvider in Feature is registered under its implementation type 'FileLogger'") == true)
        let unrelated =
            "enum P: InjectProvider { static var id: InjectID<Outer.Inner> { .type(Outer.Inner.self) } }"
        #expect(
            !lint(feature: unrelated, consumer).diagnostics.contains { $0.code == "implementation-type-key" })
    }

    @Test(
        "A type key two targets register is a duplicate; one only an unregistered target provides is a host-coverage error"
    )
    func duplicateAndHostCoverage() {
        let other = module(
            "Other", "func r(_ c: Container) { c.register(.type((any Notifier).self)) { NotifierImpl() } }")
        let duplicate = lint(other)
        #expect(
            duplicate.diagnostics.filter { $0.code == "duplicate-provider" }.map(\.message) == [
                "ID 'any Notifier' is provided by 2 targets: Feature (closure), Other (closure); the last registered wins; mark an override `// inject-lint: override`"
            ])
        let host = module(
            "App", "func main(_ c: Container) { Consumers.register(into: c) }",
            dependencies: ["Consumers"])
        let uncovered = lint(host).diagnostics.filter { $0.code == "unregistered-provider" }
        #expect(
            uncovered.filter { $0.severity == .error }.map(\.locations.first!.line) == [3, 4, 5, 6, 7, 8])
        #expect(uncovered.filter { $0.severity == .note }.map(\.locations.first!.line) == [9])
    }

    @Test(
        ".typeKeyed is never generated: its load site is unchecked, and a closure loading it infers nothing")
    func contextTypedIsNeverGenerated() {
        let source = """
            func f(_ c: Container) {
                _ = c.load(.typeKeyed)
                c.register(.type(Screen.self)) { r in Screen(r.load(.typeKeyed)) }
            }
            """
        let generator = RegistrationGenerator(
            moduleName: "App", facts: SourceScanner.scan(source, file: "Sources/App/F.swift"))
        let mentions = generator.source.split(separator: "\n").filter { $0.contains(".typeKeyed") }
        #expect(mentions.count == 1, "\(mentions)")
        #expect(mentions.allSatisfy { $0.contains("LoadSite.unchecked(") }, "\(mentions)")
        #expect(
            generator.source.contains(
                #"LoadSite.unchecked("c.load(.typeKeyed)", file: "App/F.swift", line: 2)"#))
        #expect(generator.inferredDependencies.isEmpty)
    }

    @Test(
        "The entry infers type-keyed dependencies, an empty list for a factory that loads nothing, and sees property injection"
    )
    func inferredDependencies() {
        let source = """
            func register(into c: Container) {
                c.register(.type(Notifier.self)) { r in let s = NotifierImpl(); return s }
                c.register(.type(Screen.self)) { r in
                    let vc = Screen()
                    vc.toast = r.load(.type(Toast.self))
                    vc.notifier = try r.require(.type((any Notifier).self))
                    return vc
                }
                c.register(.type(Handed.self)) { r in Handed(resolver: r) }
                c.register(.type(Named.self), factory: makeNamed)
            }
            let launch = Container.shared.require(.type(Outer.Inner.self))
            """
        let generator = RegistrationGenerator(
            moduleName: "App", facts: SourceScanner.scan(source, file: "Sources/App/F.swift"))
        let statements = generator.inferredDependencyStatements.map { $0.trimmingWhitespace() }
        #expect(
            statements == [
                #"container.addInferredDependencies([], forRegistrationAt: "App/F.swift", line: 2)"#,
                #"container.addInferredDependencies([.load(.type(Toast.self)), .require(.type((any Notifier).self))], forRegistrationAt: "App/F.swift", line: 3)"#,
            ])
        #expect(
            generator.loadSiteUses.map(generator.loadSite) == [
                #"LoadSite(.require(.type(Outer.Inner.self)), file: "App/F.swift", line: 12, expression: "require(.type(Outer.Inner.self))")"#
            ])
    }

    @Test(
        "Diagnostics in a target print as #fileID:line, as verify() does; JSON carries the path and the fileID"
    )
    func fileIDs() throws {
        let feature = Self.feature.replacingOccurrences(
            of: "container.register(.type(Notifier.self))", with: "container.register(.type(Unrelated.self))")
        let report = lint(feature: feature)
        let text = TextReport.render(report)
        #expect(text.contains("Consumers/File.swift:3: error: Consumers requires type key 'any Notifier'"))
        #expect(!text.contains("Sources/Consumers"))
        let json = ReportFormat.json.render(report)
        #expect(json.contains(#""file" : "Sources/Consumers/File.swift""#))
        #expect(json.contains(#""fileID" : "Consumers/File.swift""#))
        let decoded = try JSONDecoder().decode(LintReport.self, from: Data(json.utf8))
        #expect(decoded == report)
    }

    @Test("A module that declares its own name keeps it: the entry has a name no file declares, and no alias")
    func entryNameCollision() {
        let host = RegistrationGenerator(
            moduleName: "AppHost",
            facts: SourceScanner.scan(
                "enum AppHost { static func register(into c: Container) {} }\nstruct AppHostGeneratedEntry {}",
                file: "Host.swift"))
        #expect(host.entryName == "AppHostGeneratedEntry_")
        #expect(!host.declaresModuleAlias)
        #expect(!host.source.contains("typealias"))
        #expect(host.source.contains("public enum AppHostGeneratedEntry_ {"))
        let feature = RegistrationGenerator(
            moduleName: "Feature", facts: SourceScanner.scan("struct S {}", file: "F.swift"))
        #expect(feature.source.contains("public typealias Feature = FeatureGeneratedEntry\n"))
    }
}
