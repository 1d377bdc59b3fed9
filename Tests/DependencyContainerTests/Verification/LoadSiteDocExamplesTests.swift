import DependencyContainer
import Foundation
import Testing

/// The load-site examples of the doc comments and the verification article, compiled and run.
@Suite("Verifying the composition: load-site documentation examples")
struct LoadSiteDocExamplesTests {
    @Test("LoadSite's example records a checked and an unchecked site")
    func loadSiteExample() {
        let container = Container()
        container.addLoadSites([
            LoadSite(.load(.toast), file: "App/ContentView.swift", line: 12, expression: "@Injected(.toast)"),
            LoadSite.unchecked("container.load(id)", file: "App/Helpers.swift", line: 40),
        ])
        let report = container.verify()
        #expect(report.checkedSiteCount == 1)
        #expect(report.uncheckedSites.count == 1)
    }

    @Test("addLoadSites(_:) and addInferredDependencies(_:forRegistrationAt:line:) examples")
    func containerExamples() {
        do {
            let container = Container()
            container.addLoadSites([
                LoadSite(
                    .require(.toast), file: "App/ContentView.swift", line: 12,
                    expression: "try container.require(.toast)")
            ])
            #expect(!container.verify().isClean)
        }
        do {
            let container = Container()
            container.addInferredDependencies(
                [.require(.toast)], forRegistrationAt: "App/Setup.swift", line: 20)
            #expect(container.verify().isClean)
        }
    }

    @Test("Dependency's extension-point rule and original-API examples")
    func dependencyExamples() {
        let menu = ExtensionPoint<String>("Menu")
        assert(Dependency.load(menu).isOptional == Dependency.pointLoadIsOptional(required: false))
        let site = LoadSite(
            .load(for: "ToastInjectID"), file: "App/Old.swift", line: 3,
            expression: "load(for: toastInjectID)")
        #expect(Dependency.load(menu).isOptional)
        #expect(!Dependency.require(menu).isOptional)
        #expect(site.dependency?.serviceType == Dependency.originalAPIServiceType)
    }

    @Test("The article's example: a UI module's sites, a generated module's, and the report")
    func articleExample() {
        let container = Container()
        container.register(.toast, dependencies: []) { RecordingToast() }
        container.addLoadSites([
            LoadSite(
                .require(.toast), file: "App/ContentView.swift", line: 12, expression: "@Injected(.toast)"),
            LoadSite(
                .load(.player), file: "App/ContentView.swift", line: 13, expression: "@Injected(.player)"),
        ])
        let report = container.verify()
        #expect(report.isClean, "\(report)")  // the player is optional: a note
        for problem in report.siteProblems {
            print(problem)  // App/ContentView.swift:13: note: `@Injected(.player)` loads optional …
        }
        #expect(report.siteProblems.count == 1)
    }
}
