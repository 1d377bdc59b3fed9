import DependencyContainer
import Foundation
import Testing

// The catalogue of bad inputs: each yields nil or an error naming the culprit, never a crash.
// Cases already covered elsewhere are listed in the README's Guarantees table.

/// IDs that registration rejects. An enum rather than strings so a megabyte does not end up
/// in test names.
enum BadID: CaseIterable, CustomTestStringConvertible {
    case empty, space, whitespace, overlong, megabyte

    var name: String {
        switch self {
        case .empty: return ""
        case .space: return " "
        case .whitespace: return " \t\n\u{A0}\u{2003}"
        case .overlong: return String(repeating: "é", count: 513)  // 1,026 UTF-8 bytes
        case .megabyte: return String(repeating: "x", count: 1 << 20)
        }
    }

    var testDescription: String { "\(self) (\(name.utf8.count) bytes)" }
}

/// An item whose ID is whitespace only.
final class BlankIDItem: Injectable {
    var id: String = " \t"
    required init() {}
    func resolve() -> AnyObject { RecordingToast() }
}

/// An item whose ID is a megabyte long.
final class HugeIDItem: Injectable {
    var id: String = BadID.megabyte.name
    required init() {}
    func resolve() -> AnyObject { RecordingToast() }
}

enum BlankIDProvider: InjectProvider {
    static var id: InjectID<any PlayerInject> { InjectID("   ") }
    static func make(with resolver: Resolver) -> any PlayerInject { StubPlayer() }
}

/// Fails on its first run only, to show that nothing is cached after a failure.
private final class FlakyFactory: Sendable {
    let runs = Counter()

    func make() throws -> any PlayerInject {
        if runs.increment() == 1 { throw ToastFailure() }
        return StubPlayer(title: "second try")
    }
}

@Suite("Bad inputs", .tags(.badInput))
struct BadInputTests {
    @Test("An invalid ID is rejected by every registration API and loads as nil", arguments: BadID.allCases)
    func invalidIDEverywhere(_ bad: BadID) {
        let container = Container()
        let log = EventLog()
        container.setDiagnosticsHandler(log.handler)
        let id = InjectID<any PlayerInject>(bad.name)

        let outcome = container.register(id) { StubPlayer() }
        guard case .rejected(.invalidID(let rejected, let reason)) = outcome else {
            Issue.record("expected rejected(.invalidID), got \(outcome)")
            return
        }
        #expect(rejected == bad.name)
        #expect(!reason.isEmpty)
        guard case .rejected(let error) = outcome else { return }
        // Named, but short enough to log even for a megabyte-long ID.
        #expect(error.description.hasPrefix("Invalid ID '"))
        #expect(error.description.utf8.count < 200)
        #expect(log.descriptions.count == 1 && log.descriptions[0].hasPrefix("rejected: Invalid ID"))

        #expect(container.registrations.isEmpty)
        #expect(container.load(id) == nil)
        #expect(!container.contains(id))
        #expect(!container.unregister(id))
        #expect(container.load(for: bad.name) == nil)
        #expect {
            try container.require(id)
        } throws: { error in
            guard case .notRegistered(let missing, _, _) = error as? ContainerError else { return false }
            return missing == bad.name && (error as? ContainerError)?.description.utf8.count ?? .max < 300
        }
    }

    @Test("Invalid IDs from items and providers are rejected too")
    func invalidIDFromTypes() {
        let container = Container()
        for outcome in [
            container.register(injectType: BlankIDItem.self),
            container.register(injectType: HugeIDItem.self),
            container.register(BlankIDProvider.self),
        ] {
            guard case .rejected(.invalidID) = outcome else {
                Issue.record("expected rejected(.invalidID), got \(outcome)")
                continue
            }
        }
        container.regist(injectType: BlankIDItem.self)  // the original API: no result, no crash
        #expect(container.registrations.isEmpty)
    }

    @Test("Canonically equivalent IDs are one ID on every path; other look-alikes stay distinct")
    func unicodeEquivalence() {
        let parent = Container()
        parent.register(InjectID<String>("caf\u{E9}")) { "parent" }
        let child = Container(parent: parent)
        child.register(InjectID<String>("cafe\u{301}")) { "child" }
        // The child's decomposed spelling overrides the parent's precomposed one.
        #expect(child.load(InjectID<String>("caf\u{E9}")) == "child")
        #expect(child.load(for: "caf\u{E9}")?.resolve() as? String == "child")
        #expect(child.registrations.count == 1)
        #expect(child.unregister(InjectID<String>("caf\u{E9}")))
        #expect(child.load(InjectID<String>("cafe\u{301}")) == "parent")

        // U+212B ANGSTROM SIGN is canonically equivalent to U+00C5; a ligature is only
        // compatibility-equivalent, and case is significant.
        let container = Container()
        container.register(InjectID<Int>("\u{212B}")) { 1 }
        container.register(InjectID<Int>("\u{FB01}le")) { 2 }
        container.register(InjectID<Int>("Cafe")) { 3 }
        #expect(container.load(InjectID<Int>("\u{C5}")) == 1)
        #expect(container.load(InjectID<Int>("A\u{30A}")) == 1)
        #expect(container.load(InjectID<Int>("file")) == nil)
        #expect(container.load(InjectID<Int>("cafe")) == nil)
    }

    @Test(
        "Loading with the wrong type leaves the registration intact for the right type",
        arguments: Scope.builtIn)
    func wrongTypeDoesNotPoison(scope: Scope) {
        let container = Container()
        let runs = Counter()
        container.register(.player, scope: scope) { StubPlayer(title: "player \(runs.increment())") }
        let asToast = InjectID<any ToastInject>("PlayerInjectID")
        #expect(container.load(asToast) == nil)
        let held = container.load(.player)
        #expect(held?.title.hasPrefix("player") == true)
        if scope == .singleton {
            // The singleton the mismatched load created is the one kept.
            #expect(held?.title == "player 1" && runs.count == 1)
        }
    }

    @Test("A factory that throws caches nothing: the next load runs it again", arguments: Scope.builtIn)
    func throwingFactoryIsRetried(scope: Scope) {
        let container = Container()
        let flaky = FlakyFactory()
        container.register(.player, scope: scope) { try flaky.make() }
        #expect {
            try container.require(.player)
        } throws: { error in
            guard case .factoryFailed("PlayerInjectID", let underlying) = error as? ContainerError else {
                return false
            }
            return underlying is ToastFailure
        }
        #expect(container.load(.player)?.title == "second try")
        #expect(flaky.runs.count == 2)
    }

    @Test("A seed item returning the wrong class fails its dependent with an error naming both IDs")
    func wrongClassFromSeedItem() {
        let container = Container()
        container.regist(injectType: WrongTypeItem.self)  // resolves to a StubPlayer
        let dependent = InjectID<RecordingToast>("Dependent")
        container.register(dependent, scope: .singleton) { resolver in
            _ = try resolver.require(InjectID<any ToastInject>("WrongTypeInjectID"))
            return RecordingToast()
        }
        #expect {
            try container.require(dependent)
        } throws: { error in
            guard case .factoryFailed("Dependent", let underlying) = error as? ContainerError,
                case .typeMismatch("WrongTypeInjectID", "any ToastInject", "StubPlayer") = underlying
                    as? ContainerError
            else { return false }
            return true
        }
        // The original API's caller casts, and gets nil rather than a crash.
        #expect(container.load(for: "WrongTypeInjectID")?.resolve() as? any ToastInject == nil)
    }

    @Test("A factory that loads itself through the original API is a cycle too")
    func selfLoadThroughSeedAPI() {
        let container = Container()
        let id = InjectID<String>("Narcissus")
        container.register(id, scope: .singleton) { resolver in
            let again = resolver.load(for: "Narcissus")?.resolve()
            return "loaded \(again is String)"
        }
        #expect {
            try container.require(id)
        } throws: { error in
            guard case .cycle(let path) = error as? ContainerError else { return false }
            return path == ["Narcissus", "Narcissus"]
        }
    }

    @Test("A cycle of three singletons loaded from three threads at once fails on every thread")
    func threeCycleAcrossThreads() {
        let names = ["A", "B", "C"]
        let edges: Set<[String]> = [["A", "B"], ["B", "C"], ["C", "A"]]
        for round in 0..<20 {
            let container = Container()
            for (index, name) in names.enumerated() {
                let next = InjectID<String>(names[(index + 1) % names.count])
                container.register(InjectID<String>(name), scope: .singleton) { resolver in
                    usleep(100)  // let the other threads start their own creations
                    return name + (resolver.load(next) ?? "-")
                }
            }
            let results = Protected<[Result<String, ContainerError>]>([])
            runOnThreads(3) { index in
                let result = Result { () throws(ContainerError) in
                    try container.require(InjectID<String>(names[index]))
                }
                results.withLock { $0.append(result) }
            }
            for result in results.withLock({ $0 }) {
                guard case .failure(.cycle(let path)) = result, path.count == 4, path.first == path.last,
                    zip(path, path.dropFirst()).allSatisfy({ edges.contains([$0, $1]) })
                else {
                    Issue.record("round \(round): expected a cycle through A, B and C, got \(result)")
                    continue
                }
            }
        }
    }

    @Test("A released weak service is recreated, and loads racing its release get a live one")
    func weakReleasedUnderLoad() {
        let container = Container()
        let runs = Counter()
        container.register(.player, scope: .weak) { StubPlayer(title: "weak \(runs.increment())") }
        let failures = Counter()
        runOnThreads(4) { _ in
            for _ in 0..<2_000 {
                // Each thread drops its service at once, so releases and loads interleave.
                guard let player = container.load(.player), player.title.hasPrefix("weak ") else {
                    failures.increment()
                    continue
                }
            }
        }
        #expect(failures.count == 0)
        let before = runs.count
        #expect(before >= 1)
        #expect(container.load(.player)?.title == "weak \(before + 1)")
    }

    @Test("A child whose parent lost its last outside reference keeps it, then frees both")
    func childOutlivesParentReference() throws {
        weak var weakParent: Container?
        weak var weakSingleton: StubPlayer?
        var child: Container? = {
            let parent = Container()
            parent.register(.player, scope: .singleton) { StubPlayer(title: "parent's") }
            weakParent = parent
            weakSingleton = parent.load(.player) as? StubPlayer
            return Container(parent: parent)
        }()
        #expect(weakParent != nil)
        let singleton = try #require(weakSingleton.map(ObjectIdentifier.init))
        let loadedFromThreads = Protected<Set<ObjectIdentifier>>([])
        runOnThreads(4) { [child] _ in
            for _ in 0..<1_000 {
                guard let player = child?.load(.player) else { continue }
                loadedFromThreads.withLock { _ = $0.insert(ObjectIdentifier(player)) }
            }
        }
        #expect(loadedFromThreads.withLock { $0 } == [singleton])
        child = nil
        #expect(weakParent == nil)
        expectReleased(after: "dropping the child", "the parent's singleton is alive") {
            weakSingleton == nil
        }
    }

    @Test("Re-registering an ID while other threads load it: the old or the new service, never nil")
    func reregisterWhileLoading() {
        let container = Container()
        container.register(.toast) { OldToast() }
        let writes = 2_000
        let failures = Counter()
        let done = Counter()
        runOnThreads(4) { me in
            if me == 0 {
                for index in 0..<writes {
                    let scope = Scope.builtIn[index % Scope.builtIn.count]
                    if index % 2 == 0 {
                        container.register(.toast, scope: scope) { NewToast() }
                    } else {
                        container.register(.toast, scope: scope) { OldToast() }
                    }
                }
                done.increment()
                return
            }
            while done.count == 0 {
                let loaded = container.load(.toast)
                let required = try? container.require(.toast)
                if !(loaded is OldToast || loaded is NewToast)
                    || !(required is OldToast || required is NewToast)
                {
                    failures.increment()
                }
            }
        }
        #expect(failures.count == 0)
        #expect(container.load(.toast) is OldToast)  // the last write
    }
}
