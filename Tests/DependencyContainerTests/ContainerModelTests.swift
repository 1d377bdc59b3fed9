import DependencyContainer
import Foundation
import Testing

// A model-based test: random sequences of operations run against real containers and
// against a reference model made of plain dictionaries, and every result is compared.
//
// Replay a failure with the seed it prints:
//     CONTAINER_MODEL_SEED=<seed> swift test --filter ContainerModelTests
// CONTAINER_MODEL_STEPS sets the number of operations per seed.

/// A service that tells which registration created it and how many times that registration's
/// factory had run when it did.
final class Token: Sendable, CustomStringConvertible {
    let serial: Int
    let creation: Int

    init(serial: Int, creation: Int) {
        self.serial = serial
        self.creation = creation
    }

    var description: String { "Token(registration \(serial), creation \(creation))" }
}

/// What the factories of failing registrations throw.
struct ModelFailure: Error, Equatable {
    let serial: Int
    let attempt: Int
}

/// Counts factory runs per registration, as the factories see them.
final class CreationLog: Sendable {
    private let counts = Protected<[Int: Int]>([:])

    func record(_ serial: Int) -> Int {
        counts.withLock { counts in
            counts[serial, default: 0] += 1
            return counts[serial]!
        }
    }
}

@Suite("Container: model-based randomized operations")
struct ContainerModelTests {
    static let seeds: [UInt64] = {
        if let seed = ProcessInfo.processInfo.environment["CONTAINER_MODEL_SEED"].flatMap({ UInt64($0) }) {
            return [seed]
        }
        return Array(1...8)
    }()

    @Test("Random operations agree with a dictionary model after every step", arguments: seeds)
    func randomOperations(seed: UInt64) {
        let steps = environmentInteger("CONTAINER_MODEL_STEPS") ?? 2_000
        let run = ModelRun(seed: seed)
        do {
            try run.run(steps: steps)
        } catch {
            let message =
                "seed \(seed), step \(error.step): \(error.operation): \(error.message). "
                + "Replay with CONTAINER_MODEL_SEED=\(seed) swift test --filter ContainerModelTests"
            print("model mismatch:", message)
            Issue.record(Comment(rawValue: message))
        }
    }

    @Test("The generator replays the same sequence for the same seed")
    func generatorIsReproducible() {
        var first = SplitMix64(seed: 42)
        var second = SplitMix64(seed: 42)
        var other = SplitMix64(seed: 43)
        let a = (0..<100).map { _ in first.next() }
        #expect(a == (0..<100).map { _ in second.next() })
        #expect(a != (0..<100).map { _ in other.next() })
        // SplitMix64's published first output for seed 0 pins the algorithm.
        var zero = SplitMix64(seed: 0)
        #expect(zero.next() == 0xE220_A839_7B1D_CDAF)
    }
}

/// The first disagreement between the container and the model.
struct ModelMismatch: Error {
    let step: Int
    let operation: String
    let message: String
}

/// The model's view of one registration.
private struct ModelEntry {
    enum Kind: CaseIterable {
        case token  // registered as `Token`, a class
        case text  // registered as `String`, a value type
        case failing  // registered as `Token`, with a factory that always throws
    }

    let serial: Int
    let name: String
    let kind: Kind
    /// How the store keeps the service: `.singleton` for a registration in the named scope
    /// `session`, which the predictions treat as a singleton.
    let scope: Scope
    /// Whether the registration is in the named scope `session`, which `reset` empties.
    var isSession = false
}

/// The model's view of one contribution to the extension point ``ModelRun/point``.
private struct ModelContribution {
    let serial: Int
    let priority: Int
}

/// The model's view of one container: a dictionary and a parent. A class so that a node whose
/// container the test has dropped lives on as long as a child refers to it, like the real one.
private final class ModelNode {
    let parent: ModelNode?
    var entries: [ModelKey: ModelEntry] = [:]
    /// This container's own contributions to ``ModelRun/point``, by contribution name.
    var contributions: [String: ModelContribution] = [:]

    init(parent: ModelNode?) {
        self.parent = parent
    }
}

/// The model's notion of ID equality, stated independently of `String ==`: two IDs are the
/// same when their NFC normalizations have the same Unicode scalars.
private struct ModelKey: Hashable {
    let scalars: [UInt32]
    /// Hashed once: the test hashes keys constantly, some of them a kilobyte long.
    private let hash: Int

    init(_ name: String) {
        if let index = ModelRun.names.firstIndex(where: { $0.utf8.count == name.utf8.count && $0 == name }) {
            self = ModelRun.keys[index]
        } else {
            self.init(normalizing: name)
        }
    }

    init(normalizing name: String) {
        scalars = name.precomposedStringWithCanonicalMapping.unicodeScalars.map(\.value)
        hash = scalars.hashValue
    }

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.hash == rhs.hash && lhs.scalars == rhs.scalars
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(hash)
    }
}

/// A diagnostic event reduced to what the model predicts.
private enum EventKind: Equatable {
    case missing, failed, replaced, rejected, captiveDependency, ignoredReset, ignoredWeakScope,
        unknownContext

    init(_ event: DiagnosticEvent) {
        switch event {
        case .missing: self = .missing
        case .failed: self = .failed
        case .replaced: self = .replaced
        case .rejected: self = .rejected
        case .captiveDependency: self = .captiveDependency
        case .ignoredReset: self = .ignoredReset
        case .ignoredWeakScope: self = .ignoredWeakScope
        case .unknownContext: self = .unknownContext
        }
    }
}

/// What the model predicts a load of a `Token` ID produces.
private enum Expectation: CustomStringConvertible {
    case missing
    case mismatch
    case failed(ModelFailure)
    /// A token from registration `serial` whose factory had run `creation` times; when
    /// `identity` is known, that very instance.
    case token(serial: Int, creation: Int, identity: Token?)
    case text(String)

    var description: String {
        switch self {
        case .missing: return "missing"
        case .mismatch: return "type mismatch"
        case .failed(let failure): return "factory failure \(failure)"
        case .token(let serial, let creation, let identity):
            return "Token(registration \(serial), creation \(creation))"
                + (identity == nil ? "" : ", same instance")
        case .text(let text): return "text \(text)"
        }
    }
}

private final class ModelRun {
    /// IDs the operations draw from: plain ones, two canonically equivalent spellings, the
    /// longest valid one, and three invalid ones.
    static let names: [String] = [
        "alpha", "beta", "gamma", "delta", "caf\u{E9}", "cafe\u{301}",
        String(repeating: "y", count: InjectID<Token>.maximumNameLength),
        "", " \t\n", String(repeating: "z", count: InjectID<Token>.maximumNameLength + 1),
    ]
    static let keys = names.map(ModelKey.init(normalizing:))
    /// The extension point the operations contribute to, and the contribution names they use.
    static let point = ExtensionPoint<Token>("model-point")
    static let contributionNames = ["a", "b", "c", "d"]
    static let maximumContainers = 6
    static let maximumOverrideDepth = 2

    var rng: SplitMix64
    private(set) var stepsRun = 0

    private let creations = CreationLog()
    private let events = Protected<[DiagnosticEvent]>([])
    /// The containers the test still holds; index 0 is the root, which is never dropped.
    private var containers: [Container]
    private var nodes: [ModelNode]
    /// Active override scopes, innermost last.
    private var overrides: [(target: ModelNode, entries: [ModelKey: ModelEntry])] = []
    private var nextSerial = 0

    // The model's record of what factories have created.
    private var factoryRuns: [Int: Int] = [:]
    /// Singletons created so far, with the instance once the test has seen it.
    private var singletons: [Int: Token?] = [:]
    /// Which factory run made each singleton in `singletons`: a reset session starts afresh.
    private var singletonCreations: [Int: Int] = [:]
    /// Weak-scoped tokens the test holds on to, which loads must therefore return.
    private var held: [Int: Token] = [:]

    init(seed: UInt64) {
        rng = SplitMix64(seed: seed)
        let root = Container()
        let events = self.events
        root.setDiagnosticsHandler { event in events.withLock { $0.append(event) } }
        containers = [root]
        nodes = [ModelNode(parent: nil)]
    }

    func run(steps: Int) throws(ModelMismatch) {
        while stepsRun < steps {
            try step(remaining: steps - stepsRun)
        }
    }

    // MARK: Operations

    private func step(remaining: Int) throws(ModelMismatch) {
        stepsRun += 1
        let eventCount = events.withLock { $0.count }
        let index = pickLiveContainer()
        let container = containers[index]
        let node = nodes[index]
        let name = rng.pick(Self.names)
        var expectedEvents: [EventKind] = []
        var operation = ""

        switch rng.int(below: 100) {
        case 0..<30:
            let kind = rng.pick(ModelEntry.Kind.allCases)
            let session = rng.chance(20)
            let scope = session ? .singleton : rng.pick(Scope.builtIn)
            operation =
                "register(\(Self.show(name)), \(kind), \(session ? "session" : "\(scope)")) in container \(index)"
            let (outcome, entry) = register(name, kind: kind, scope: scope, session: session, in: container)
            if isValidID(name) {
                // A `String` can never be held weakly: reported, and registered as transient.
                if kind == .text, !session, scope == .weak { expectedEvents.append(.ignoredWeakScope) }
                let previous = node.entries.updateValue(entry, forKey: ModelKey(name))
                if previous != nil { expectedEvents.append(.replaced) }
                try check(
                    outcome.isRegistered && (previous == nil) == isAdded(outcome), operation,
                    "outcome \(outcome), model had \(previous.map { "\($0.serial)" } ?? "nothing")")
            } else {
                expectedEvents.append(.rejected)
                guard case .rejected(.invalidID) = outcome else {
                    throw mismatch(operation, "expected rejected(.invalidID), got \(outcome)")
                }
            }
        case 30..<38:
            operation = "unregister(\(Self.show(name))) in container \(index)"
            let removed = container.unregister(InjectID<Token>(name))
            let modelRemoved = node.entries.removeValue(forKey: ModelKey(name)) != nil
            try check(removed == modelRemoved, operation, "returned \(removed), model \(modelRemoved)")
        case 38..<40:
            operation = "removeAll() in container \(index)"
            container.removeAll()
            node.entries = [:]
            node.contributions = [:]
        case 40..<60:
            let hold = rng.chance(50)
            operation = "load(\(Self.show(name)) as Token) from container \(index), hold: \(hold)"
            let expected = expectLoad(name, from: node, as: .token, events: &expectedEvents)
            let token = container.load(InjectID<Token>(name))
            try verify(token, against: expected, operation, hold: hold)
        case 60..<66:
            operation = "load(\(Self.show(name)) as String) from container \(index)"
            let expected = expectLoad(name, from: node, as: .text, events: &expectedEvents)
            let text = container.load(InjectID<String>(name))
            switch expected {
            case .text(let value):
                try check(text == value, operation, "got \(text ?? "nil"), expected \(value)")
            default:
                try check(text == nil, operation, "got \(text ?? "nil"), expected \(expected)")
            }
        case 66..<74:
            operation = "require(\(Self.show(name)) as Token) from container \(index)"
            var ignored: [EventKind] = []  // require throws instead of reporting
            let expected = expectLoad(name, from: node, as: .token, events: &ignored)
            let result = Result { () throws(ContainerError) in try container.require(InjectID<Token>(name)) }
            try verify(result, named: name, against: expected, operation)
        case 74..<80:
            operation = "load(for: \(Self.show(name)))?.resolve() from container \(index)"
            let item = container.load(for: name)
            guard let entry = lookup(name, from: node) else {
                expectedEvents.append(.missing)
                try check(item == nil, operation, "got an item for an unregistered ID")
                break
            }
            guard let item else { throw mismatch(operation, "no item for registration \(entry.serial)") }
            let object = item.resolve()
            if entry.kind == .failing {
                expectedEvents.append(.failed)
                factoryRuns[entry.serial, default: 0] += 1
                try check(!(object is Token), operation, "a failing factory produced \(object)")
            } else {
                var ignored: [EventKind] = []
                let expected = produce(entry, as: .token, events: &ignored)
                try verify(object as? Token, against: expected, operation, hold: false)
            }
        case 80..<83:
            let contribution = rng.pick(Self.contributionNames)
            let priority = rng.int(below: 3) - 1
            operation = "contribute \(contribution) priority \(priority) in container \(index)"
            nextSerial += 1
            let serial = nextSerial
            let creations = self.creations
            let outcome = container.contribute(to: Self.point, named: contribution, priority: priority) {
                Token(serial: serial, creation: creations.record(serial))
            }
            let previous = node.contributions.updateValue(
                ModelContribution(serial: serial, priority: priority), forKey: contribution)
            if previous != nil { expectedEvents.append(.replaced) }
            try check(
                outcome.isRegistered && (previous == nil) == isAdded(outcome), operation, "outcome \(outcome)"
            )
        case 83..<85:
            operation = "load the extension point from container \(index)"
            let expected = expectedContributions(from: node).map { name, contribution in
                (name, contribution.serial, runFactory(contribution.serial))
            }
            let loaded = container.load(Self.point).map { ($0.serial, $0.creation) }
            try check(
                loaded.elementsEqual(expected.map { ($0.1, $0.2) }, by: ==), operation,
                "loaded \(loaded), expected \(expected)")
        case 85:
            let contribution = rng.pick(Self.contributionNames)
            operation = "remove contribution \(contribution) in container \(index)"
            let removed = container.removeContribution(named: contribution, from: Self.point)
            let modelRemoved = node.contributions.removeValue(forKey: contribution) != nil
            try check(removed == modelRemoved, operation, "returned \(removed), model \(modelRemoved)")
        case 86..<87:
            operation = "reset(scope: .session) in container \(index)"
            let count = container.reset(scope: .session)
            let reset = node.entries.values.filter(\.isSession)
            for entry in reset {
                singletons[entry.serial] = nil
                singletonCreations[entry.serial] = nil
            }
            try check(count == reset.count, operation, "reset \(count), the model \(reset.count)")
        case 87..<88:
            operation = "contains(\(Self.show(name))) in container \(index)"
            let found = container.contains(InjectID<Token>(name))
            try check(found == (lookup(name, from: node) != nil), operation, "returned \(found)")
        case 88..<91:
            guard containers.count < Self.maximumContainers else {
                operation = "no-op (container limit)"
                break
            }
            operation = "make container \(containers.count) a child of \(index)"
            containers.append(Container(parent: container))
            nodes.append(ModelNode(parent: node))
        case 91..<94:
            guard index != 0 else {
                operation = "no-op (the root is never dropped)"
                break
            }
            // Children keep the dropped container, and its model node, alive.
            operation = "drop the test's reference to container \(index)"
            containers.remove(at: index)
            nodes.remove(at: index)
        case 94..<97:
            operation = "release held weak services"
            held = [:]
        default:
            guard overrides.count < Self.maximumOverrideDepth, remaining > 1 else {
                operation = "no-op (override depth)"
                break
            }
            let names = (0..<(1 + rng.int(below: 3))).map { _ in rng.pick(Self.names.filter(isValidID)) }
            let entries = names.map { ($0, rng.pick(ModelEntry.Kind.allCases), rng.pick(Scope.builtIn)) }
            let nestedSteps = min(remaining - 1, 1 + rng.int(below: 8))
            operation =
                "withOverrides on container \(index): "
                + entries.map { "\(Self.show($0.0)) \($0.1) \($0.2)" }.joined(separator: ", ")
                + ", then \(nestedSteps) steps"
            var scratchEntries: [ModelKey: ModelEntry] = [:]
            let failure = container.withOverrides { scratch in
                for (name, kind, scope) in entries {
                    scratchEntries[ModelKey(name)] =
                        register(name, kind: kind, scope: scope, session: false, in: scratch).1
                }
            } operation: { () -> ModelMismatch? in
                overrides.append((node, scratchEntries))
                defer { overrides.removeLast() }
                do throws(ModelMismatch) {
                    try checkInvariants(after: operation)
                    let end = stepsRun + nestedSteps
                    while stepsRun < end {
                        try step(remaining: end - stepsRun)
                    }
                    return nil
                } catch {
                    return error
                }
            }
            if let failure { throw failure }
            return  // nested steps checked their own events and invariants
        }
        let seen = events.withLock { Array($0[eventCount...]) }.map(EventKind.init)
        try check(seen == expectedEvents, operation, "diagnostics \(seen), expected \(expectedEvents)")
        try checkInvariants(after: operation)
    }

    /// Registers a factory of `kind` and returns the outcome and the model's entry for it.
    private func register(
        _ name: String, kind: ModelEntry.Kind, scope: Scope, session: Bool, in container: Container
    ) -> (RegistrationOutcome, ModelEntry) {
        nextSerial += 1
        let serial = nextSerial
        let creations = self.creations
        let outcome: RegistrationOutcome
        switch kind {
        case .token where session:
            outcome = container.register(InjectID<Token>(name), scope: .session) {
                Token(serial: serial, creation: creations.record(serial))
            }
        case .token:
            outcome = container.register(InjectID<Token>(name), scope: scope) {
                Token(serial: serial, creation: creations.record(serial))
            }
        case .text where session:
            outcome = container.register(InjectID<String>(name), scope: .session) {
                "text \(serial) #\(creations.record(serial))"
            }
        case .text:
            outcome = container.register(InjectID<String>(name), scope: scope) {
                "text \(serial) #\(creations.record(serial))"
            }
        case .failing where session:
            outcome = container.register(InjectID<Token>(name), scope: .session) {
                () throws -> Token in
                throw ModelFailure(serial: serial, attempt: creations.record(serial))
            }
        case .failing:
            outcome = container.register(InjectID<Token>(name), scope: scope) { () throws -> Token in
                throw ModelFailure(serial: serial, attempt: creations.record(serial))
            }
        }
        // A weak `String` registration is transient, and `registrations` says so.
        let listedScope = kind == .text && scope == .weak ? Scope.transient : scope
        return (
            outcome,
            ModelEntry(serial: serial, name: name, kind: kind, scope: listedScope, isSession: session)
        )
    }

    // MARK: The model

    /// The registration a load of `name` from `node` uses: an override, the node's own, or
    /// the nearest ancestor's; the order `Container` documents.
    private func lookup(_ name: String, from node: ModelNode) -> ModelEntry? {
        lookup(ModelKey(name), from: node)
    }

    private func lookup(_ key: ModelKey, from node: ModelNode) -> ModelEntry? {
        var current: ModelNode? = node
        while let node = current {
            for scope in overrides.reversed() where scope.target === node {
                if let entry = scope.entries[key] { return entry }
            }
            if let entry = node.entries[key] { return entry }
            current = node.parent
        }
        return nil
    }

    /// Every registration visible from `node`, ignoring overrides, with whether it is inherited.
    private func visible(from node: ModelNode) -> [ModelKey: (entry: ModelEntry, isInherited: Bool)] {
        var result: [ModelKey: (ModelEntry, Bool)] = [:]
        var current: ModelNode? = node
        var inherited = false
        while let node = current {
            for (key, entry) in node.entries where result[key] == nil {
                result[key] = (entry, inherited)
            }
            inherited = true
            current = node.parent
        }
        return result
    }

    /// Predicts a load of `name` as `requested` (`.token` or `.text`), updating the model's
    /// record of factory runs.
    private func expectLoad(
        _ name: String, from node: ModelNode, as requested: ModelEntry.Kind, events: inout [EventKind]
    ) -> Expectation {
        guard let entry = lookup(name, from: node) else {
            events.append(.missing)
            return .missing
        }
        return produce(entry, as: requested, events: &events)
    }

    /// Predicts what producing `entry`'s service yields: the scope decides whether the
    /// factory runs, and then the requested type decides whether the value is returned.
    private func produce(_ entry: ModelEntry, as requested: ModelEntry.Kind, events: inout [EventKind])
        -> Expectation
    {
        let produced: Expectation
        switch (entry.kind, entry.scope) {
        case (.failing, _):
            // Nothing is cached after a failure, whatever the scope.
            produced = .failed(ModelFailure(serial: entry.serial, attempt: runFactory(entry)))
        case (.token, .singleton), (.text, .singleton):
            if let instance = singletons[entry.serial] {
                let creation = singletonCreations[entry.serial] ?? 1
                produced =
                    entry.kind == .token
                    ? .token(serial: entry.serial, creation: creation, identity: instance)
                    : .text("text \(entry.serial) #\(creation)")
            } else {
                let creation = runFactory(entry)
                singletons[entry.serial] = .some(nil)
                singletonCreations[entry.serial] = creation
                produced =
                    entry.kind == .token
                    ? .token(serial: entry.serial, creation: creation, identity: nil)
                    : .text("text \(entry.serial) #\(creation)")
            }
        case (.token, .weak) where held[entry.serial] != nil:
            let instance = held[entry.serial]!
            produced = .token(serial: entry.serial, creation: instance.creation, identity: instance)
        case (.token, _):
            // Transient, graph at the top level, and weak when nobody holds the last one.
            produced = .token(serial: entry.serial, creation: runFactory(entry), identity: nil)
        case (.text, _):
            // Weak scope cannot hold a value type, so it behaves as transient.
            produced = .text("text \(entry.serial) #\(runFactory(entry))")
        }
        switch produced {
        case .failed:
            events.append(.failed)
            return produced
        case .token where requested == .token, .text where requested == .text:
            return produced
        default:
            events.append(.failed)
            return .mismatch
        }
    }

    private func runFactory(_ entry: ModelEntry) -> Int {
        runFactory(entry.serial)
    }

    private func runFactory(_ serial: Int) -> Int {
        factoryRuns[serial, default: 0] += 1
        return factoryRuns[serial]!
    }

    /// The contributions a load of the point from `node` makes, in the documented order: the
    /// nearest contribution of each name, by descending priority, then ascending name.
    private func expectedContributions(from node: ModelNode) -> [(String, ModelContribution)] {
        var result: [String: ModelContribution] = [:]
        var current: ModelNode? = node
        while let node = current {
            result.merge(node.contributions) { nearer, _ in nearer }
            current = node.parent
        }
        return result.sorted {
            $0.value.priority != $1.value.priority ? $0.value.priority > $1.value.priority : $0.key < $1.key
        }
    }

    // MARK: Checking

    private func verify(_ token: Token?, against expected: Expectation, _ operation: String, hold: Bool)
        throws(ModelMismatch)
    {
        guard case .token(let serial, let creation, let identity) = expected else {
            try check(token == nil, operation, "got \(token.map { "\($0)" } ?? "nil"), expected \(expected)")
            return
        }
        guard let token, token.serial == serial, token.creation == creation,
            identity == nil || token === identity
        else {
            throw mismatch(operation, "got \(token.map { "\($0)" } ?? "nil"), expected \(expected)")
        }
        if singletons[serial] != nil {
            singletons[serial] = token
        } else if hold {
            held[serial] = token
        } else {
            held[serial] = nil
        }
    }

    private func verify(
        _ result: Result<Token, ContainerError>, named name: String, against expected: Expectation,
        _ operation: String
    ) throws(ModelMismatch) {
        switch (result, expected) {
        case (.success(let token), .token):
            try verify(token, against: expected, operation, hold: false)
        case (.failure(.notRegistered(let id, _, _)), .missing) where id == name:
            break
        case (.failure(.typeMismatch(let id, _, _)), .mismatch) where ModelKey(id) == ModelKey(name):
            break
        case (.failure(.factoryFailed(let id, let underlying)), .failed(let failure))
        where ModelKey(id) == ModelKey(name) && underlying as? ModelFailure == failure:
            break
        default:
            throw mismatch(operation, "got \(result), expected \(expected)")
        }
    }

    /// After every step: each reachable container lists exactly the registrations the model
    /// sees, and finds exactly the IDs the model finds.
    private func checkInvariants(after operation: String) throws(ModelMismatch) {
        for (index, container) in containers.enumerated() {
            let expected = visible(from: nodes[index])
            let contributions = expectedContributions(from: nodes[index])
            try check(
                container.contributions(to: Self.point) == contributions.map(\.0), operation,
                "container \(index) has contributions \(container.contributions(to: Self.point)), the model \(contributions.map(\.0))"
            )
            var listed = container.registrations
            let pointListed = listed.contains { $0.id == Self.point.name }
            try check(
                pointListed == !contributions.isEmpty, operation,
                "container \(index) lists the point: \(pointListed), the model has \(contributions.count) contributions"
            )
            listed.removeAll { $0.id == Self.point.name }
            try check(
                listed.count == expected.count, operation,
                "container \(index) lists \(listed.count) registrations, the model \(expected.count)")
            for info in listed {
                guard let (entry, isInherited) = expected[ModelKey(info.id)],
                    info.isInherited == isInherited,
                    info.scope == (entry.isSession ? .session : entry.scope)
                else {
                    throw mismatch(operation, "container \(index) lists unexpected \(info)")
                }
            }
            for (name, key) in zip(Self.names, Self.keys) {
                let found = container.contains(InjectID<Token>(name))
                try check(
                    found == (lookup(key, from: nodes[index]) != nil), operation,
                    "container \(index) contains(\(Self.show(name))) is \(found)")
            }
        }
    }

    private func check(_ condition: Bool, _ operation: String, _ message: @autoclosure () -> String)
        throws(ModelMismatch)
    {
        if !condition { throw mismatch(operation, message()) }
    }

    private func mismatch(_ operation: String, _ message: String) -> ModelMismatch {
        ModelMismatch(step: stepsRun, operation: operation, message: message)
    }

    private func pickLiveContainer() -> Int {
        rng.int(below: containers.count)
    }

    private func isAdded(_ outcome: RegistrationOutcome) -> Bool {
        if case .added = outcome { return true }
        return false
    }

    /// A readable, short form of an ID for failure messages.
    private static func show(_ name: String) -> String {
        if name.utf8.count > 20 { return "\"\(name.prefix(8))…\" (\(name.utf8.count) bytes)" }
        let scalars = name.unicodeScalars.map {
            $0.isASCII ? String($0) : "\\u{\(String($0.value, radix: 16))}"
        }
        return "\"\(scalars.joined())\""
    }
}

/// The registration rule the container documents: not empty, not only whitespace, at most
/// 1,024 UTF-8 bytes.
private func isValidID(_ name: String) -> Bool {
    !name.allSatisfy(\.isWhitespace) && name.utf8.count <= 1_024
}
