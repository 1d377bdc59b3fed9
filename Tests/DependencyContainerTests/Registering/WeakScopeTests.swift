import DependencyContainer
import Testing

/// A protocol that does not require a class: its existential may hold a class instance or a
/// value.
private protocol Page: Sendable {
    var number: Int { get }
}

private final class Sheet: Page {
    let number: Int
    init(number: Int) {
        self.number = number
    }
}

private struct Note: Page {
    let number: Int
}

private struct NotePoint: Sendable {
    let number: Int
}

/// A provider whose service is a value type, asking for `.weak`.
private enum WeakNumberProvider: InjectProvider {
    static var id: InjectID<Int> { InjectID("WeakNumberProviderInjectID") }
    static var scope: Scope { .weak }
    static func make(with resolver: Resolver) throws -> Int { 7 }
}

/// The services of an Optional ID, with the Optional the load adds flattened away.
private func load<Object>(_ id: InjectID<Object?>, from container: Container) -> Object? {
    container.load(id) ?? nil
}

@Suite("Scopes: weak", .tags(.lifetime))
struct WeakScopeTests {
    @Test("A weak Optional of a class is shared while held, and released after")
    func optionalClass() {
        let container = Container()
        let made = Counter()
        let id = uniqueID(Sheet?.self)
        container.register(id, scope: .weak) { Sheet(number: made.increment()) }
        var held = load(id, from: container)
        #expect(held?.number == 1)
        #expect(load(id, from: container) === held, "shared while held")
        #expect(made.count == 1)
        weak var released: Sheet?
        released = held
        held = nil
        #expect(released == nil, "the container holds it only weakly")
        #expect(load(id, from: container)?.number == 2, "a new one once released")
    }

    @Test("A weak Optional of a class-constrained existential is shared while held, and released after")
    func optionalClassExistential() {
        let container = Container()
        let made = Counter()
        let id = uniqueID((any PlayerInject)?.self)
        container.register(id, scope: .weak) { StubPlayer(title: "weak-\(made.increment())") }
        var held = load(id, from: container)
        #expect(held?.title == "weak-1")
        #expect(load(id, from: container) === held, "shared while held")
        weak var released: (any PlayerInject)?
        released = held
        held = nil
        #expect(released == nil, "the container holds it only weakly")
        #expect(load(id, from: container)?.title == "weak-2")
    }

    @Test("Nested optionals of a class are held weakly too")
    func nestedOptional() {
        let container = Container()
        let made = Counter()
        let id = uniqueID(Sheet??.self)
        container.register(id, scope: .weak) { Sheet(number: made.increment()) }
        let held: Sheet? = (container.load(id) ?? nil) ?? nil
        #expect(held?.number == 1)
        let again: Sheet? = (container.load(id) ?? nil) ?? nil
        #expect(again === held)
        #expect(made.count == 1)
    }

    @Test("A nil from a weak Optional factory is not kept: the next load runs the factory again")
    func nilIsNotKept() {
        let container = Container()
        let made = Counter()
        let id = uniqueID(Sheet?.self)
        container.register(id, scope: .weak) { () -> Sheet? in
            let run = made.increment()
            return run == 1 ? nil : Sheet(number: run)
        }
        #expect(load(id, from: container) == nil)
        let held = load(id, from: container)
        #expect(held?.number == 2)
        #expect(load(id, from: container) === held)
        #expect(made.count == 2)
    }

    @Test("An existential that may hold a class is held weakly when it does, and is transient when not")
    func existentialDecidedPerService() {
        let container = Container()
        let log = EventLog()
        container.setDiagnosticsHandler(log.handler)
        let made = Counter()
        let sheets = uniqueID((any Page)?.self, "sheets")
        let notes = uniqueID((any Page)?.self, "notes")
        container.register(sheets, scope: .weak) { Sheet(number: made.increment()) }
        container.register(notes, scope: .weak) { Note(number: made.increment()) }
        let sheet = load(sheets, from: container) as? Sheet
        #expect(sheet != nil)
        #expect(load(sheets, from: container) as? Sheet === sheet)
        #expect(load(notes, from: container)?.number != load(notes, from: container)?.number)
        #expect(log.all.isEmpty, "these types can hold a class instance: nothing to report")
        #expect(container.registrations.allSatisfy { $0.scope == .weak })
    }

    @Test("A weak value type is reported at registration, with its ID and type, and loads as transient")
    func valueTypeReported() throws {
        let container = Container()
        let log = EventLog()
        container.setDiagnosticsHandler(log.handler)
        let made = Counter()
        let id = uniqueID(Int.self)
        let outcome = container.register(id, scope: .weak) { made.increment() }
        #expect(outcome.isRegistered)
        let event = try #require(log.all.first)
        #expect(log.all.count == 1)
        guard case .ignoredWeakScope(let reportedID, let serviceType) = event else {
            Issue.record("unexpected event \(event)")
            return
        }
        #expect(reportedID == id.name)
        #expect(serviceType == "Int")
        let description = event.description
        #expect(description.contains("'\(id.name)'"))
        #expect(description.contains("`Int`"))
        #expect(description.contains("weak"))
        #expect(container.load(id) == 1)
        #expect(container.load(id) == 2, "a new value per load")
        #expect(container.registrations.first?.scope == .transient, "registrations tell what it does")
    }

    @Test("Every type that can never hold a class instance is reported, and no other")
    func everyNeverClassTypeReported() {
        let container = Container()
        let log = EventLog()
        container.setDiagnosticsHandler(log.handler)
        // Never a class instance.
        container.register(InjectID<Note>("note"), scope: .weak) { Note(number: 1) }
        container.register(InjectID<Note?>("optional-note"), scope: .weak) { nil }
        container.register(InjectID<String??>("nested-string"), scope: .weak) { "text" }
        container.register(InjectID<(Int, Sheet)>("tuple"), scope: .weak) { (1, Sheet(number: 1)) }
        container.register(InjectID<@Sendable () -> Int>("function"), scope: .weak) { { 1 } }
        container.register(InjectID<Sheet.Type>("class-metatype"), scope: .weak) { Sheet.self }
        container.register(InjectID<any Page.Type>("existential-metatype"), scope: .weak) { Note.self }
        // A class instance, always or maybe.
        container.register(InjectID<Sheet>("class"), scope: .weak) { Sheet(number: 1) }
        container.register(InjectID<any PlayerInject>("class-existential"), scope: .weak) { StubPlayer() }
        container.register(InjectID<any Page>("existential"), scope: .weak) { Note(number: 1) }
        container.register(InjectID<Any>("any"), scope: .weak) { 1 }
        container.register(InjectID<AnyObject>("any-object"), scope: .weak) { Sheet(number: 1) }
        container.register(InjectID<(any Page)??>("nested-existential"), scope: .weak) { nil }
        let reported = log.descriptions.map { description in
            description.split(separator: "'").dropFirst().first.map(String.init) ?? description
        }
        #expect(
            reported == [
                "note", "optional-note", "nested-string", "tuple", "function", "class-metatype",
                "existential-metatype",
            ])
        let transient = Set(container.registrations.filter { $0.scope == .transient }.map(\.id))
        #expect(transient == Set(reported))
    }

    @Test("Each registration verb that takes a scope reports a weak value type")
    @MainActor
    func everyVerbReports() async {
        let container = Container()
        let log = EventLog()
        container.setDiagnosticsHandler(log.handler)
        let made = Counter()
        container.registerOnMainActor(InjectID<Int>("main-actor"), scope: .weak) { made.increment() }
        container.registerAsync(InjectID<Int>("async"), scope: .weak) { made.increment() }
        container.register(WeakNumberProvider.self)
        container.contribute(to: ExtensionPoint<NotePoint>("points"), named: "first", scope: .weak) { _ in
            NotePoint(number: made.increment())
        }
        let reported = log.descriptions.map { description in
            description.split(separator: "'").dropFirst().first.map(String.init) ?? description
        }
        #expect(reported == ["main-actor", "async", "WeakNumberProviderInjectID", "points[first]"])
        let first = await container.loadAsync(InjectID<Int>("async"))
        let second = await container.loadAsync(InjectID<Int>("async"))
        #expect(first != nil && second != nil && first != second, "a new value per load")
    }

    @Test("Concurrent async loads of a weak value type each run the factory, as transient ones do")
    func asyncValueTypeSharesNoCreation() async {
        let container = Container()
        let made = Counter()
        let id = uniqueID(Int.self)
        container.registerAsync(id, scope: .weak) {
            let number = made.increment()
            // Waits, for at most 2 seconds, until the other load's factory runs too.
            var waits = 0
            while made.count < 2, waits < 200 {
                try await Task.sleep(nanoseconds: 10_000_000)
                waits += 1
            }
            return number
        }
        async let first = container.loadAsync(id)
        async let second = container.loadAsync(id)
        let numbers = await [first, second]
        #expect(Set(numbers.compactMap { $0 }) == [1, 2], "no creation in progress is shared")
    }

    @Test("Async and main-actor weak Optionals of a class are shared while held")
    @MainActor
    func isolatedOptionalClass() async {
        let container = Container()
        let made = Counter()
        let asyncID = uniqueID(Sheet?.self, "async")
        let mainActorID = uniqueID(Sheet?.self, "main-actor")
        container.registerAsync(asyncID, scope: .weak) { Sheet(number: made.increment()) }
        container.registerOnMainActor(mainActorID, scope: .weak) { Sheet(number: made.increment()) }
        let fromAsync = (await container.loadAsync(asyncID)) ?? nil
        let fromMainActor = load(mainActorID, from: container)
        #expect(fromAsync != nil && fromMainActor != nil)
        #expect(((await container.loadAsync(asyncID)) ?? nil) === fromAsync)
        #expect(load(mainActorID, from: container) === fromMainActor)
        #expect(made.count == 2)
    }

    @Test("A weak class registration is unchanged: shared while held, released after, nothing reported")
    func plainClassUnchanged() {
        let container = Container()
        let log = EventLog()
        container.setDiagnosticsHandler(log.handler)
        let made = Counter()
        let id = uniqueID(Sheet.self)
        container.register(id, scope: .weak) { Sheet(number: made.increment()) }
        var held = container.load(id)
        #expect(container.load(id) === held)
        weak var released: Sheet?
        released = held
        held = nil
        #expect(released == nil)
        #expect(container.load(id)?.number == 2)
        #expect(log.all.isEmpty)
        #expect(container.registrations.first?.scope == .weak)
    }
}
