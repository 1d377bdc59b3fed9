import Testing

@testable import DependencyContainerInjectScanner

@Suite("Inject lint: context registrations are not second providers")
struct ContextLintTests {
    private static let interfaces = """
        extension InjectID where Service == any ToastInject {
            public static var toast: Self { InjectID("ToastInjectID") }
        }
        """

    private static let toast = """
        enum ToastProvider: InjectProvider {
            static var id: InjectID<any ToastInject> { .toast }
            static func make(with resolver: Resolver) -> any ToastInject { Toast() }
        }
        """

    private func report(app: String) -> LintReport {
        InjectLint.run([
            InjectLint.Module(
                name: "Interfaces", dependencies: [],
                facts: SourceScanner.scan(Self.interfaces, file: "Interfaces/IDs.swift")),
            InjectLint.Module(
                name: "Toast", dependencies: ["Interfaces"],
                facts: SourceScanner.scan(Self.toast, file: "Toast/ToastProvider.swift")),
            InjectLint.Module(
                name: "App", dependencies: ["Interfaces", "Toast"],
                facts: SourceScanner.scan(app, file: "App/main.swift")),
        ])
    }

    @Test("A closure registration with a context: argument stands in for the provider")
    func closureWithContext() {
        let app = """
            container.register(.toast, scope: .singleton, context: .preview) { SilentToast() }
            container.register(.toast, context: .named("mockServer")) { MockToast() }
            """
        let result = report(app: app)
        #expect(result.count(.error) == 0)
        #expect(result.ids.first { $0.id == "ToastInjectID" }?.overrides.count == 2)
    }

    @Test("A provider with a static context stands in for the provider; without one it is a second provider")
    func providerWithContext() {
        let preview = """
            enum PreviewToastProvider: InjectProvider {
                static var id: InjectID<any ToastInject> { .toast }
                static var context: RegistrationContext? { .preview }
                static func make(with resolver: Resolver) -> any ToastInject { SilentToast() }
            }
            """
        #expect(report(app: preview).count(.error) == 0)
        let plain = preview.replacingOccurrences(
            of: "    static var context: RegistrationContext? { .preview }\n", with: "")
        #expect(
            report(app: plain).diagnostics.filter { $0.severity == .error }.map(\.code) == [
                "duplicate-provider"
            ])
    }
}
