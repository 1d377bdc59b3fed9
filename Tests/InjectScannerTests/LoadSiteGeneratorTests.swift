import Foundation
import Testing

@testable import DependencyContainerInjectScanner

@Suite("Load sites: generator")
struct LoadSiteGeneratorTests {
    private func generator(_ source: String, file: String = "Sources/ToastFeature/ToastView.swift")
        -> RegistrationGenerator
    {
        RegistrationGenerator(moduleName: "ToastFeature", facts: SourceScanner.scan(source, file: file))
    }

    @Test(
        "The entry lists every load site with its dependency, #fileID and line, records them first, infers closure dependencies and places providers"
    )
    func golden() {
        let generated = RegistrationGenerator(moduleName: "ToastFeature", facts: LoadSiteFixture.facts())
            .source
        let expected = #"""
                /// Every place in ToastFeature that loads an ID outside a registered factory, for `verify()`.
                public static var loadSites: [LoadSite] {
                    [
                        LoadSite(.load(.toast), file: "ToastFeature/ToastView.swift", line: 3, expression: "@Injected(.toast)"),
                        LoadSite(.load(.toast), file: "ToastFeature/ToastView.swift", line: 5, expression: "container.load(.toast)"),
                        LoadSite(.require(.player), file: "ToastFeature/ToastView.swift", line: 6, expression: "container.require(.player)"),
                        LoadSite(.load(.catalog), file: "ToastFeature/ToastView.swift", line: 7, expression: "container.loadAsync(.catalog)"),
                        LoadSite(.require(.catalog), file: "ToastFeature/ToastView.swift", line: 8, expression: "container.requireAsync(.catalog)"),
                        LoadSite(.lazy(.cart), file: "ToastFeature/ToastView.swift", line: 9, expression: "container.lazy(.cart)"),
                        LoadSite(.provider(.menu), file: "ToastFeature/ToastView.swift", line: 10, expression: "container.provider(.menu)"),
                        LoadSite(.load(.stream), file: "ToastFeature/ToastView.swift", line: 11, expression: "container.load(.stream, argument: url)"),
                        LoadSite(.load(.plugins), file: "ToastFeature/ToastView.swift", line: 12, expression: "container.load(.plugins)"),
                        LoadSite(.require(.plugins), file: "ToastFeature/ToastView.swift", line: 13, expression: "container.require(.plugins)"),
                        LoadSite(.load(.plugins), file: "ToastFeature/ToastView.swift", line: 14, expression: "container.contributions(to: .plugins)"),
                        LoadSite(.load(for: "ToastInjectID"), file: "ToastFeature/ToastView.swift", line: 15, expression: "container.load(for: \"ToastInjectID\")"),
                        LoadSite(.load(for: toastInjectID), file: "ToastFeature/ToastView.swift", line: 16, expression: "container.load(for: toastInjectID)"),
                        LoadSite.unchecked("container.load(id)", file: "ToastFeature/ToastView.swift", line: 17),
                    ]
                }

                /// Registers ToastFeature's services into `container`, and records its load sites
                /// and the dependencies read from its closure registrations for `verify()`.
                ///
                /// - Parameter container: The host's container.
                public static func register(into container: Container) {
                    container.addLoadSites(loadSites)
                    container.addInferredDependencies([.load(.appLog), .require(.toast)], forRegistrationAt: "ToastFeature/ToastView.swift", line: 28)
                    container.register(PlayerProvider.self, dependencies: [.load(.toast)], file: "ToastFeature/ToastView.swift", line: 20)
                }
            }

            """#
        #expect(generated.hasSuffix(expected))
    }

    @Test("A site under #if is appended under the same conditions")
    func conditions() {
        let source = """
            struct V {
                #if DEBUG
                @Injected(.debugMenu) var menu
                #endif
                @Injected(.toast) var toast
            }
            """
        #expect(
            generator(source).source.contains(
                """
                    public static var loadSites: [LoadSite] {
                        var sites: [LoadSite] = []
                        #if (DEBUG)
                        sites.append(LoadSite(.load(.debugMenu), file: "ToastFeature/ToastView.swift", line: 3, expression: "@Injected(.debugMenu)"))
                        #endif
                        sites.append(LoadSite(.load(.toast), file: "ToastFeature/ToastView.swift", line: 5, expression: "@Injected(.toast)"))
                        return sites
                    }
                """))
    }

    @Test(
        "A private ID cannot be named from the generated file: its site is unchecked, and no closure infers it"
    )
    func hiddenIDs() {
        let source = """
            extension InjectID where Service == any P {
                fileprivate static var secret: Self { InjectID("Secret") }
            }
            func f(_ c: Container) {
                _ = c.load(.secret)
                c.register(.other) { r in r.load(.secret) }
            }
            """
        let generator = generator(source)
        #expect(
            generator.loadSiteUses.map(generator.loadSite) == [
                #"LoadSite.unchecked("c.load(.secret)", file: "ToastFeature/ToastView.swift", line: 5)"#
            ])
        #expect(generator.inferredDependencies.isEmpty)
    }

    @Test("A type-keyed ID is named by its type; an ID string that is not the original API's is unchecked")
    func otherReferences() {
        let source = """
            func f(_ c: Container) {
                _ = c.load(InjectID(type: (any ToastInject).self))
                _ = c.load(InjectID("Plain"))
            }
            """
        let generator = generator(source)
        #expect(
            generator.loadSiteUses.map(generator.loadSite) == [
                #"LoadSite(.load(.type((any ToastInject).self)), file: "ToastFeature/ToastView.swift", line: 2, expression: "c.load(InjectID(type: (any ToastInject).self))")"#,
                #"LoadSite.unchecked("c.load(InjectID(\"Plain\"))", file: "ToastFeature/ToastView.swift", line: 3)"#,
            ])
    }
}
