import Testing

@testable import DependencyContainerInjectScanner

@Suite("Inject lint: overrides are not providers")
struct OverrideLintTests {
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

    private func modules(app: String, isTest: Bool = false) -> [InjectLint.Module] {
        [
            InjectLint.Module(
                name: "Interfaces", dependencies: [],
                facts: SourceScanner.scan(Self.interfaces, file: "Interfaces/IDs.swift")),
            InjectLint.Module(
                name: "Toast", dependencies: ["Interfaces"],
                facts: SourceScanner.scan(Self.toast, file: "Toast/ToastProvider.swift")),
            InjectLint.Module(
                name: "App", dependencies: ["Interfaces", "Toast"],
                facts: SourceScanner.scan(app, file: "App/main.swift"), isTest: isTest),
        ]
    }

    @Test("The fixture's registrations are overrides, but for the one left unmarked")
    func fixture() throws {
        let facts = SourceScanner.scan(try FixtureFile.text("Overrides.swift.txt"), file: "App/main.swift")
        let registrations = facts.uses.filter { $0.kind == .register }
        #expect(registrations.filter { !$0.isOverride }.map(\.location.line) == [54])
        #expect(registrations.filter(\.isOverride).map(\.location.line) == [10, 14, 23, 29, 36, 41, 42])
        #expect(facts.conformances.map(\.isOverride) == [true])

        let report = InjectLint.run(modules(app: try FixtureFile.text("Overrides.swift.txt")))
        let errors = report.diagnostics.filter { $0.severity == .error }
        #expect(errors.map(\.code) == ["duplicate-provider"])
        #expect(errors.first?.locations.contains(SourceLocation(file: "App/main.swift", line: 54)) == true)
        #expect(errors.first?.message.contains("App (closure), Toast (ToastProvider)") == true)
        let toast = try #require(report.ids.first { $0.id == "ToastInjectID" })
        #expect(toast.overrides.count == 8)
        #expect(report.diagnostics.filter { $0.code == "override" }.count == 1)
    }

    @Test("The README's child container lints clean, with the override noted")
    func childContainer() {
        let app = """
            let screen = Container(parent: container)
            screen.register(.toast) { BannerToast() }  // overrides the parent's toast for this screen
            """
        let report = InjectLint.run(modules(app: app))
        #expect(report.count(.error) == 0)
        let note = report.diagnostics.first { $0.code == "override" }
        #expect(note?.severity == .note)
        #expect(note?.locations == [SourceLocation(file: "App/main.swift", line: 2)])
        #expect(TextReport.render(report).contains("overridden in App(closure)"))
    }

    @Test("A registration on an unmarked container the scanner cannot trace still provides")
    func unmarkedStillProvides() {
        let report = InjectLint.run(modules(app: "func f(c: Container) { c.register(.toast) { T() } }"))
        #expect(report.diagnostics.filter { $0.severity == .error }.map(\.code) == ["duplicate-provider"])
    }

    @Test("A test target's registrations and mock providers are overrides; its own IDs are its own")
    func testTargets() {
        let tests = """
            extension InjectID where Service == Int {
                static var counter: Self { InjectID("CounterInjectID") }
            }
            enum MockToastProvider: InjectProvider {
                static var id: InjectID<any ToastInject> { .toast }
            }
            func setUp(c: Container) {
                c.register(.toast) { MockToast() }
                c.register(.counter) { 1 }
            }
            """
        let report = InjectLint.run(modules(app: tests, isTest: true))
        #expect(report.count(.error) == 0)
        #expect(report.count(.warning) == 0)
        #expect(!report.ids.contains { $0.id == "CounterInjectID" })
        let toast = report.ids.first { $0.id == "ToastInjectID" }
        #expect(toast?.providers.map(\.module) == ["Toast"])
        #expect(toast?.overrides.map { $0.typeName ?? "closure" } == ["MockToastProvider", "closure"])
    }

    @Test("The override marker covers one statement or one block, no further")
    func markerReach() {
        let source = """
            // inject-lint: override
            c.register(.toast) { A() }
            c.register(.toast) { B() }
            // inject-lint: override
            if preview {
                c.register(.toast) { C() }
            }
            c.register(.toast) { D() }
            """
        let registrations = SourceScanner.scan(source, file: "F.swift").uses
        #expect(registrations.map(\.isOverride) == [true, false, true, false])
    }

    @Test("The override marker reaches a type past an attribute on a line of its own")
    func markerPastAttribute() {
        let source = """
            // inject-lint: override
            @MainActor
            enum PreviewBannerProvider: MainActorInjectProvider {
                static var id: InjectID<any BannerInject> { .banner }
            }
            enum BannerProvider: MainActorInjectProvider {}
            """
        let conformances = SourceScanner.scan(source, file: "F.swift").conformances
        #expect(conformances.map(\.isOverride) == [true, false])
    }

    @Test("withOverrides given its configuration by name: the trailing closure is the operation")
    func namedConfiguration() {
        let source = """
            container.withOverrides(configureMocks) {
                container.register(.toast) { Real() }
            }
            container.withOverrides({ $0.register(.toast) { Mock() } }, operation: { run() })
            """
        let uses = SourceScanner.scan(source, file: "F.swift").uses
        #expect(uses.map(\.isOverride) == [false, true])
    }

    @Test("The generator leaves out a provider marked as an override, saying why")
    func generatorSkipsMarkedProviders() throws {
        let facts = SourceScanner.scan(try FixtureFile.text("Overrides.swift.txt"), file: "App/main.swift")
        let generator = RegistrationGenerator(moduleName: "App", facts: facts)
        #expect(generator.registered.isEmpty)
        #expect(generator.skipped.map(\.reason) == ["it is marked `// inject-lint: override`"])
        #expect(!generator.source.contains("PreviewToastProvider"))
    }
}

@Suite("Source scanner: child containers")
struct ChildContainerScannerTests {
    @Test("A child container is found after a call with labelled arguments, and by assignment")
    func afterLabelledCall() {
        let source = """
            Feature.register(into: container)
            let kiosk = Container(parent: container)
            kiosk.register(.toast) { KioskToast() }
            var other: Container
            other = Container(parent: kiosk)
            other.register(.toast) { OtherToast() }
            into.register(.toast) { RealToast() }
            """
        let uses = SourceScanner.scan(source, file: "F.swift").uses.filter { $0.kind == .register }
        #expect(uses.map(\.isOverride) == [true, true, false])
    }
}
