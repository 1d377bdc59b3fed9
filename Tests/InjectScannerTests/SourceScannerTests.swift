import Testing

@testable import DependencyContainerInjectScanner

@Suite("Source scanner")
struct SourceScannerTests {
    private func tricky() throws -> SourceFacts {
        SourceScanner.scan(try FixtureFile.text("Tricky.swift.txt"), file: "Tricky.swift")
    }

    @Test("Comments, strings, raw strings, interpolations and #if false hide nothing real")
    func onlyRealConformances() throws {
        let names = try tricky().conformances.map(\.typeName)
        #expect(
            names == [
                "LiveProvider", "LinuxItem", "MacProvider", "Box", "LateProvider", "Outer.InnerProvider",
                "HiddenProvider",
            ])
    }

    @Test("Conformances carry kind, generics, visibility and #if conditions")
    func conformanceDetails() throws {
        let byName = Dictionary(uniqueKeysWithValues: try tricky().conformances.map { ($0.typeName, $0) })
        #expect(byName["LinuxItem"]?.kind == .injectable)
        #expect(byName["LinuxItem"]?.conditions == ["(os(Linux))"])
        #expect(byName["MacProvider"]?.conditions == ["!(os(Linux)) && (os(macOS))"])
        #expect(byName["LiveProvider"]?.conditions == ["!(false)"])
        #expect(byName["Box"]?.isGeneric == true)
        #expect(byName["HiddenProvider"]?.isHidden == true)
        #expect(byName["LateProvider"]?.isHidden == false)
        #expect(byName["LateProvider"]?.location.line == 53)
    }

    @Test("`id` members are read as member, literal or seed-constant references")
    func idMembers() throws {
        let members = Dictionary(
            try tricky().idMembers.map { ($0.typeName, $0.reference) },
            uniquingKeysWith: { first, _ in first })
        #expect(members["LiveProvider"] == .member("live"))
        #expect(members["LinuxItem"] == .constant("linuxInjectID"))
        #expect(members["MacProvider"] == .literal("MacInjectID"))
        #expect(members["Box"] == .member("box"))
        #expect(members["LateProvider"] == .member("late"))
        #expect(members["Outer.InnerProvider"] == .member("inner"))
        #expect(members["DeadProvider"] == nil)
    }

    @Test(
        "Typed IDs, aliases of seed constants and seed constants are declarations; the marker makes one optional"
    )
    func declarations() throws {
        let declarations = try tricky().declarations
        #expect(declarations.map(\.name) == ["live", "late", "linux", "linuxInjectID"])
        #expect(
            declarations.map(\.value) == [
                .literal("LiveInjectID"), .literal("LateInjectID"), .constant("linuxInjectID"),
                .literal("LinuxInjectID"),
            ])
        #expect(declarations.map(\.isOptional) == [true, false, false, false])
        #expect(declarations.map(\.isTyped) == [true, true, true, false])
    }

    @Test("Loads and closure registrations are uses; eager loads in make(with:) name their provider")
    func uses() throws {
        let uses = try tricky().uses
        #expect(
            uses.map(\.reference) == [
                .member("late"), .member("box"), .member("live"), .member("late"), .constant("linuxInjectID"),
                .literal("LiteralInjectID"), .member("hostOnly"),
            ])
        #expect(uses.map(\.kind).filter { $0 == .register }.count == 1)
        #expect(uses[0].eagerIn == "Outer.InnerProvider")
        #expect(uses[1].eagerIn == nil)
        #expect(uses[2].eagerIn == nil)
    }

    @Test("A load inside an if in make(with:) is still eager; one in a closure is not")
    func eagerThroughControlFlow() {
        let source = """
            enum P: InjectProvider {
                static var id: InjectID<any S> { .p }
                static func make(with resolver: Resolver) -> any S {
                    if flag {
                        return Impl(resolver.load(.a))
                    }
                    return Impl(later: { resolver.load(.b) })
                }
            }
            """
        let uses = SourceScanner.scan(source, file: "P.swift").uses
        #expect(uses.map(\.eagerIn) == ["P", nil])
    }

    @Test("Seed constants need a plain string; interpolated strings and other names are not IDs")
    func seedConstants() {
        let source = """
            public let toastInjectID = "ToastInjectID"
            let typedInjectID: String = "TypedInjectID"
            let madeInjectID = "Made\\(suffix)"
            let notAnID = "NotAnID"
            """
        let declarations = SourceScanner.scan(source, file: "Seeds.swift").declarations
        #expect(declarations.map(\.name) == ["toastInjectID", "typedInjectID"])
        #expect(declarations.map(\.location.line) == [1, 2])
    }

    @Test("`class func` and `class var` are not type declarations")
    func classMembers() {
        let source = """
            final class Item: Injectable {
                class func make() {}
                class var id: String { "ItemInjectID" }
                required init() {}
            }
            """
        let facts = SourceScanner.scan(source, file: "Item.swift")
        #expect(facts.conformances.map(\.typeName) == ["Item"])
        #expect(facts.idMembers.map(\.reference) == [.literal("ItemInjectID")])
    }

    @Test("A computed id the scanner cannot follow is recorded as unknown, not guessed")
    func computedID() {
        let source = """
            final class Item: Injectable {
                var id: String { prefix + "InjectID" }
            }
            """
        #expect(SourceScanner.scan(source, file: "Item.swift").idMembers.map(\.reference) == [nil])
    }

    @Test("@Injected(.x) and load(InjectID(\"…\")) are loads; a function named load is not")
    func otherLoads() {
        let source = """
            final class View {
                @Injected(.toast) var toast: (any ToastInject)?
                func load(_ id: String) {}
                func f(c: Container) { _ = c.load(InjectID<any T>("RawInjectID")) }
            }
            """
        let uses = SourceScanner.scan(source, file: "View.swift").uses
        #expect(uses.map(\.reference) == [.member("toast"), .literal("RawInjectID")])
        #expect(uses.map(\.location.line) == [2, 4])
    }

    @Test("A byte-order mark at the start of a file does not hide its first provider")
    func byteOrderMark() {
        let facts = SourceScanner.scan("\u{FEFF}struct P: InjectProvider {}", file: "P.swift")
        #expect(facts.conformances.map(\.typeName) == ["P"])
    }

    // Found by the fuzzer (.ci/fuzz): a file ending right after `InjectID<` or `struct P<`
    // made the range of generic arguments run backwards, a crash.
    @Test(
        "A file that ends inside a generic clause scans without a crash",
        arguments: [
            "struct P: InjectProvider {\n    static var id: InjectID<",
            "struct P: InjectProvider {\n    static var id = InjectID<",
            "struct P<",
            "extension InjectID<",
        ])
    func fileEndingInGenericClause(source: String) {
        let facts = SourceScanner.scan(source, file: "P.swift")
        #expect(facts.uses.isEmpty)
    }
}
