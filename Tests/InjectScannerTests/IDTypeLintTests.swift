import Testing

@testable import DependencyContainerInjectScanner

@Suite("Inject lint: ID types and run-time IDs")
struct IDTypeLintTests {
    private func lint(_ sources: [String: String]) -> LintReport {
        InjectLint.run(
            sources.keys.sorted().map { name in
                InjectLint.Module(
                    name: name, dependencies: [],
                    facts: SourceScanner.scan(sources[name] ?? "", file: "\(name)/File.swift"))
            })
    }

    @Test("Declarations record the ID type from the extension, the annotation or the call")
    func idTypes() throws {
        let facts = SourceScanner.scan(try FixtureFile.text("TypeConflicts.swift.txt"), file: "IDs.swift")
        let types = Dictionary(uniqueKeysWithValues: facts.declarations.map { ($0.name, $0.idType) })
        #expect(types["toast"] == "InjectID<any ToastInject>")
        #expect(types["banner"] == "InjectID<(any ToastInject)>")
        #expect(types["miniPlayer"] == "InjectID<any PlayerInject>")
        #expect(types["seedToast"] == "InjectID<AnyObject>")
        #expect(types["typedToast"] == "InjectID<any ToastInject>")
        #expect(types["stream"] == "ArgumentInjectID<URL, any StreamInject>")
        #expect(types["liveStream"] == "InjectID<any StreamInject>")
        #expect(types["toastInjectID"] == .some(nil))
    }

    @Test("One string with two service types is an error at the second declaration, noting the first")
    func conflicts() throws {
        let report = lint(["Interfaces": try FixtureFile.text("TypeConflicts.swift.txt")])
        let conflicts = report.diagnostics.filter { $0.code == "id-type-conflict" }
        #expect(conflicts.allSatisfy { $0.severity == .error })
        #expect(
            conflicts.map { $0.locations.map(\.line) } == [
                [19, 9],  // .miniPlayer, then .toast
                [32, 28],  // .liveStream, then the argument ID .stream
            ])
        #expect(
            conflicts.first?.message
                == "ID 'ToastInjectID' is declared as InjectID<any PlayerInject> (.miniPlayer) and as InjectID<any ToastInject> (.toast); loads through one of them fail with a type mismatch"
        )
        let text = TextReport.render(report)
        #expect(text.contains("Interfaces/File.swift:19: error: ID 'ToastInjectID' is declared as"))
        #expect(text.contains("Interfaces/File.swift:9: note: see also"))
    }

    @Test("Aliases of one type, across modules and spellings, are no conflict")
    func aliases() {
        let report = lint([
            "A": """
            public let toastInjectID = "ToastInjectID"
            extension InjectID where Service == any ToastInject {
                public static var toast: Self { InjectID(toastInjectID) }
            }
            """,
            "B": """
            extension InjectID<ToastInject> {
                static var notice: Self { .init(toastInjectID) }
                static var alert: Self { InjectID(toastInjectID) }
            }
            """,
        ])
        #expect(!report.diagnostics.contains { $0.code == "id-type-conflict" })
    }

    @Test("IDs built at run time are noted as unchecked, with file and line")
    func runtimeIDs() {
        let report = lint([
            "Feature": """
            func load(_ container: Container, name: String, names: [String]) {
                let plugin = container.load(InjectID<any Plugin>("Feature" + name))
                let id = InjectID<any Plugin>(name)
                _ = container.load(id)
                _ = container.load(for: names[0])
                container.register(InjectID<any Plugin>("Feature" + name)) { P() }
                let url = try #require(URL(string: name))
                image.load(url)
                _ = container.load(self.featureID)
                _ = container.load(featureID)
            }
            """
        ])
        let unchecked = report.diagnostics.filter { $0.code == "unchecked-id" || $0.code == "computed-id" }
        #expect(unchecked.allSatisfy { $0.severity == .note })
        #expect(unchecked.map { $0.locations.map(\.line) } == [[2], [4], [5], [6], [10]])
        #expect(
            unchecked.first?.message
                == "Feature loads an ID built at run time from InjectID<any Plugin>(\"Feature\" + name); inject-lint cannot check it"
        )
        #expect(report.count(.error) == 0)
    }
}
