import Foundation
import Testing

@testable import DependencyContainerInjectScanner

@Suite("Inject lint")
struct InjectLintTests {
    private static let interfaces = """
        extension InjectID where Service == any ToastInject {
            public static var toast: Self { InjectID("ToastInjectID") }
        }
        extension InjectID where Service == any PlayerInject {
            public static var player: Self { InjectID("PlayerInjectID") }
        }
        """

    private static let toast = """
        enum ToastProvider: InjectProvider {
            static var id: InjectID<any ToastInject> { .toast }
            static func make(with resolver: Resolver) -> any ToastInject {
                let container = resolver.container
                return Toast(player: { container.load(.player) })
            }
        }
        """

    private static let player = """
        enum PlayerProvider: InjectProvider {
            static var id: InjectID<any PlayerInject> { .player }
            static func make(with resolver: Resolver) -> any PlayerInject {
                Player(toast: resolver.load(.toast))
            }
        }
        """

    private func module(_ name: String, _ source: String, dependencies: [String] = []) -> InjectLint.Module {
        InjectLint.Module(
            name: name, dependencies: dependencies,
            facts: SourceScanner.scan(source, file: "\(name)/File.swift"))
    }

    private func codes(_ report: LintReport, _ severity: LintReport.Severity = .error) -> [String] {
        report.diagnostics.filter { $0.severity == severity }.map(\.code)
    }

    @Test("A clean app has no errors and notes the legal player ⇄ toast flow cycle")
    func clean() {
        let report = InjectLint.run([
            module("Interfaces", Self.interfaces),
            module("Toast", Self.toast, dependencies: ["Interfaces"]),
            module("Player", Self.player, dependencies: ["Interfaces"]),
        ])
        #expect(codes(report).isEmpty)
        #expect(codes(report, .note) == ["id-flow-cycle"])
        #expect(
            report.flows == [
                LintReport.Flow(provider: "Player", consumer: "Toast", id: "PlayerInjectID"),
                LintReport.Flow(provider: "Toast", consumer: "Player", id: "ToastInjectID"),
            ])
        #expect(report.ids.map(\.id) == ["PlayerInjectID", "ToastInjectID"])
        #expect(report.ids.map(\.loadedBy) == [["Toast"], ["Player"]])
    }

    @Test("An ID nobody provides is an error at its declaration, unless marked optional")
    func unprovided() throws {
        let report = InjectLint.run([module("Interfaces", Self.interfaces), module("Toast", Self.toast)])
        let diagnostic = try #require(report.diagnostics.first { $0.code == "unprovided-id" })
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.message.contains("PlayerInjectID"))
        #expect(diagnostic.locations == [SourceLocation(file: "Interfaces/File.swift", line: 5)])

        let optional = Self.interfaces.replacingOccurrences(
            of: "    public static var player",
            with: "    // inject-lint: optional\n    public static var player")
        #expect(codes(InjectLint.run([module("Interfaces", optional), module("Toast", Self.toast)])).isEmpty)
    }

    @Test("A closure registration in any module provides its ID")
    func closureRegistration() {
        let host = "func wire(_ container: Container) { container.register(.player) { FakePlayer() } }"
        let report = InjectLint.run([
            module("Interfaces", Self.interfaces), module("Toast", Self.toast), module("Host", host),
        ])
        #expect(codes(report).isEmpty)
        #expect(report.ids.first { $0.id == "PlayerInjectID" }?.providers.map(\.typeName) == [nil])
    }

    @Test("An ID provided by two targets is an error naming both providers")
    func duplicateProvider() throws {
        let report = InjectLint.run([
            module("Interfaces", Self.interfaces), module("Toast", Self.toast), module("Player", Self.player),
            module(
                "OtherToast", Self.toast.replacingOccurrences(of: "ToastProvider", with: "FancyToastProvider")
            ),
        ])
        let diagnostic = try #require(report.diagnostics.first { $0.code == "duplicate-provider" })
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.message.contains("OtherToast (FancyToastProvider)"))
        #expect(diagnostic.message.contains("Toast (ToastProvider)"))
        #expect(diagnostic.locations.map(\.file) == ["OtherToast/File.swift", "Toast/File.swift"])
    }

    @Test("Two declarations with one string are an error; a typed ID wrapping a seed constant is not")
    func duplicateString() throws {
        let seeds = """
            public let toastInjectID = "ToastInjectID"
            extension InjectID where Service == any ToastInject {
                public static var toast: Self { InjectID(toastInjectID) }
                public static var banner: Self { InjectID("ToastInjectID") }
            }
            """
        let report = InjectLint.run([module("Interfaces", seeds), module("Toast", Self.toast)])
        let diagnostic = try #require(report.diagnostics.first { $0.code == "duplicate-id-string" })
        #expect(diagnostic.message.contains("toastInjectID, .banner"))
        #expect(diagnostic.locations.map(\.line) == [1, 4])
        #expect(codes(report) == ["duplicate-id-string"])
    }

    @Test("A provider whose ID is declared nowhere is an error at its id")
    func undeclared() throws {
        let stray = """
            enum CouponProvider: InjectProvider {
                static var id: InjectID<any Coupon> { InjectID("CouponInjectID") }
            }
            """
        let report = InjectLint.run([
            module("Interfaces", Self.interfaces), module("Toast", Self.toast), module("Player", Self.player),
            module("Coupons", stray),
        ])
        let diagnostic = try #require(report.diagnostics.first { $0.code == "undeclared-id" })
        #expect(diagnostic.message.contains("CouponProvider"))
        #expect(diagnostic.locations == [SourceLocation(file: "Coupons/File.swift", line: 2)])
    }

    @Test("An ID computed at run time is noted as unchecked, not reported as undeclared")
    func computedID() {
        let loop = """
            func fill(_ container: Container, names: [String]) {
                for name in names {
                    container.register(InjectID<any Toast>(name)) { Banner() }
                }
            }
            """
        let report = InjectLint.run([
            module("Interfaces", Self.interfaces), module("Toast", Self.toast), module("Player", Self.player),
            module("Filler", loop),
        ])
        #expect(codes(report).isEmpty)
        #expect(codes(report, .note).contains("computed-id"))
    }

    @Test("A target dependency cycle is an error; the module locations are named")
    func targetCycle() throws {
        var a = module("A", "", dependencies: ["B"])
        a.location = SourceLocation(file: "modules.json", line: 3)
        var b = module("B", "", dependencies: ["A"])
        b.location = SourceLocation(file: "modules.json", line: 8)
        let report = InjectLint.run([a, b, module("C", "", dependencies: ["A"])])
        let diagnostic = try #require(report.diagnostics.first { $0.code == "target-cycle" })
        #expect(diagnostic.message == "target dependency cycle: A → B → A")
        #expect(diagnostic.locations.map(\.line) == [3, 8])
    }

    @Test("Providers that load each other in make(with:) are a factory cycle error at the loads")
    func factoryCycle() throws {
        let eagerToast = Self.toast.replacingOccurrences(
            of: "Toast(player: { container.load(.player) })", with: "Toast(player: resolver.load(.player))")
        let report = InjectLint.run([
            module("Interfaces", Self.interfaces), module("Toast", eagerToast), module("Player", Self.player),
        ])
        let diagnostic = try #require(report.diagnostics.first { $0.code == "factory-cycle" })
        #expect(diagnostic.message.contains("'PlayerInjectID' → 'ToastInjectID' → 'PlayerInjectID'"))
        #expect(diagnostic.locations.map(\.file) == ["Player/File.swift", "Toast/File.swift"])
    }

    @Test("A lazy or provider handle taken in make(with:) is a use of the ID but no factory cycle")
    func deferredLoads() throws {
        for handle in ["resolver.lazy(.player)", "resolver.provider(.player)"] {
            let lazyToast = Self.toast.replacingOccurrences(
                of: "Toast(player: { container.load(.player) })", with: "Toast(player: \(handle))")
            let facts = SourceScanner.scan(lazyToast, file: "Toast/File.swift")
            let use = try #require(facts.uses.first { $0.reference == .member("player") })
            #expect(use.kind == .load && use.isDeferred && use.eagerIn == nil, "\(handle)")
            let report = InjectLint.run([
                module("Interfaces", Self.interfaces), module("Toast", lazyToast),
                module("Player", Self.player),
            ])
            #expect(!codes(report).contains("factory-cycle"), "\(handle)")
            // Still a use of the ID: it counts as a load and a flow between the modules.
            #expect(report.modules.first { $0.name == "Toast" }?.loads == ["PlayerInjectID"], "\(handle)")
            #expect(report.ids.first { $0.id == "PlayerInjectID" }?.loadedBy == ["Toast"], "\(handle)")
        }
        let runtime = Self.toast.replacingOccurrences(
            of: "Toast(player: { container.load(.player) })", with: "Toast(player: resolver.lazy(featureID))")
        let report = InjectLint.run([module("Interfaces", Self.interfaces), module("Toast", runtime)])
        #expect(codes(report, .note).contains("unchecked-id"))
    }

    @Test("A provider without an id, or with one it computes, is reported but not an error")
    func unknownIDs() {
        let source = """
            enum Silent: InjectProvider {}
            final class Computed: Injectable { var id: String { base + "ID" } }
            """
        let report = InjectLint.run([module("M", source)])
        #expect(codes(report).isEmpty)
        #expect(codes(report, .warning) == ["unknown-provider-id"])
        #expect(codes(report, .note) == ["computed-provider-id"])
    }
}
