// libFuzzer harness for ID validation in Sources/DependencyContainer, through the public API
// only: registrations with IDs made from the input, checked against a model of the container.
//
// The input is arbitrary bytes, cut into operations at each 0xFF byte (never part of valid
// UTF-8). An operation's first byte picks what to do; the rest, decoded leniently (invalid
// UTF-8 becomes U+FFFD), is the ID's name. Checked:
// - a registration is rejected, with `invalidID` naming the ID, exactly when the name is
//   empty, only whitespace, or longer than `maximumNameLength` UTF-8 bytes (the documented
//   rule); otherwise it is added, or replaces the registration the model has for that name;
// - a rejected registration changes nothing: every registration made before still loads its
//   own value, through the typed and the string-keyed API, in the container and in a child
//   (checked after each rejection and at the end);
// - loads of an operation's name agree with the model; `registrations` lists exactly the
//   model's IDs; `unregister` says whether there was one;
// - nothing crashes, and error messages and diagnostic events can be rendered, and stay
//   short however long the names: each name in a message is cut to 48 Unicode scalars, and a
//   message names at most 20, so 8 KiB is a generous bound.

import DependencyContainer
import Foundation

/// libFuzzer's entry point: runs one input's operations against a fresh container.
///
/// - Parameters:
///   - data: The input's bytes.
///   - size: The number of bytes.
/// - Returns: 0; a broken invariant stops the process instead.
@_cdecl("LLVMFuzzerTestOneInput")
public func idValidationFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    var run = ContainerRun()
    for operation in bytes.split(separator: 0xFF, omittingEmptySubsequences: true) {
        let name = String(decoding: operation.dropFirst(), as: UTF8.self)
        run.perform(operation[operation.startIndex], name: name)
    }
    run.checkModel()
    return 0
}

/// Stops the fuzzer with `message` when `condition` is false.
private func require(
    _ condition: Bool, _ message: @autoclosure () -> String, file: StaticString = #file, line: UInt = #line
) {
    guard !condition else { return }
    fatalError("fuzz invariant broken: \(message())", file: file, line: line)
}

/// The documented rule: a registrable name has a non-whitespace character and at most
/// `maximumNameLength` UTF-8 bytes.
private func isValid(_ name: String) -> Bool {
    name.utf8.count <= InjectID<Int>.maximumNameLength && name.contains { !$0.isWhitespace }
}

/// The name as the checks print it: escaped, and cut short.
private func shown(_ name: String) -> String {
    let escaped = name.unicodeScalars.prefix(80).map { $0.escaped(asASCII: true) }.joined()
    return "\"\(escaped)\" (\(name.utf8.count) bytes)"
}

/// The ID an `Injectable` item reports; set just before the container creates one.
nonisolated(unsafe) private var nextItemID = ""

/// An item of the original string-keyed API whose ID the harness chooses.
private final class FuzzItem: Injectable {
    let id: String

    init() { id = nextItemID }

    func resolve() -> AnyObject { self }
}

/// The diagnostic events a container reported.
private final class EventLog: @unchecked Sendable {
    private let lock = NSLock()
    private var events: [DiagnosticEvent] = []

    func append(_ event: DiagnosticEvent) {
        lock.lock()
        defer { lock.unlock() }
        events.append(event)
    }

    /// Returns the events so far, and forgets them.
    func take() -> [DiagnosticEvent] {
        lock.lock()
        defer { lock.unlock() }
        defer { events = [] }
        return events
    }
}

/// A container, a child of it, and what they should hold.
private struct ContainerRun {
    /// What the model holds for an ID: a typed registration's value, or an item type.
    enum Entry: Equatable {
        case value(Int)
        case item
    }

    let container = Container()
    let child: Container
    let events = EventLog()
    /// Keyed by name; `String` equality is the container's (canonical equivalence).
    var model: [String: Entry] = [:]
    var nextValue = 0

    init() {
        child = Container(parent: container)
        container.setDiagnosticsHandler { [events] in events.append($0) }
    }

    mutating func perform(_ operation: UInt8, name: String) {
        switch operation % 4 {
        case 0:
            nextValue += 1
            let value = nextValue
            let outcome = container.register(InjectID<Int>(name)) { value }
            check(outcome, registering: name, as: .value(value))
        case 1:
            nextItemID = name
            check(container.register(injectType: FuzzItem.self), registering: name, as: .item)
        case 2:
            let existed = model.removeValue(forKey: name) != nil
            require(
                container.unregister(id: name) == existed,
                "unregister(id: \(shown(name))) disagrees with the model, which says \(existed)")
        default:
            break
        }
        checkLoads(of: name)
        let listed = container.registrations
        require(
            listed.count == model.count && listed.allSatisfy { model[$0.id] != nil },
            "registrations lists \(listed.count) IDs; the model has \(model.count)")
    }

    /// Checks a registration's outcome and diagnostic events, and updates the model.
    private mutating func check(_ outcome: RegistrationOutcome, registering name: String, as entry: Entry) {
        let reported = events.take()
        guard isValid(name) else {
            guard case .rejected(let error) = outcome, case .invalidID(let id, let reason) = error else {
                fatalError("fuzz invariant broken: invalid ID \(shown(name)) was not rejected: \(outcome)")
            }
            require(id == name && !reason.isEmpty, "the rejection of \(shown(name)) names \(shown(id))")
            require(!error.description.isEmpty, "the rejection of \(shown(name)) has no message")
            require(
                error.description.utf8.count <= 8_192, "the rejection of \(shown(name)) is not abbreviated")
            require(
                reported.count == 1 && reported.allSatisfy { if case .rejected = $0 { true } else { false } },
                "the rejection of \(shown(name)) reported \(reported) instead of one rejection")
            _ = reported.map(\.description)
            checkModel()
            return
        }
        let previous = model.updateValue(entry, forKey: name)
        switch outcome {
        case .added:
            require(previous == nil, "\(shown(name)) was added, but the model had it")
            require(reported.isEmpty, "adding \(shown(name)) reported \(reported)")
        case .replaced(let info):
            require(previous != nil, "\(shown(name)) replaced a registration the model does not have")
            require(info.id == name, "replacing \(shown(name)) names \(shown(info.id))")
            require(reported.count == 1, "replacing \(shown(name)) reported \(reported)")
            _ = reported.map(\.description)
        case .rejected(let error):
            fatalError("fuzz invariant broken: valid ID \(shown(name)) was rejected: \(error)")
        case .kept(let info):
            // Only a registration with keepsExistingRegistration keeps an earlier one; these have none.
            fatalError("fuzz invariant broken: \(shown(name)) kept \(shown(info.id)) instead of replacing it")
        }
    }

    /// Checks what loading `name` finds, against the model.
    private func checkLoads(of name: String) {
        let id = InjectID<Int>(name)
        let entry = model[name]
        for container in [container, child] {
            require(
                container.contains(id) == (entry != nil), "contains(\(shown(name))) disagrees with the model")
            switch entry {
            case .value(let value):
                require(container.load(id) == value, "load(\(shown(name))) did not give \(value)")
                require(container.load(for: name) != nil, "load(for: \(shown(name))) found nothing")
            case .item:
                require(container.load(id) == nil, "load(\(shown(name))) gave an Int for an item")
                require(container.load(for: name) is FuzzItem, "load(for: \(shown(name))) is no FuzzItem")
            case nil:
                require(container.load(id) == nil, "load(\(shown(name))) found an unregistered ID")
                require(
                    container.load(for: name) == nil, "load(for: \(shown(name))) found an unregistered ID")
                do {
                    _ = try container.require(id)
                    fatalError("fuzz invariant broken: require(\(shown(name))) found an unregistered ID")
                } catch {
                    require(!error.description.isEmpty, "require(\(shown(name)))'s error has no message")
                    require(
                        error.description.utf8.count <= 8_192,
                        "require(\(shown(name)))'s error is not abbreviated")
                }
            }
        }
        _ = events.take().map(\.description)
    }

    /// Checks that every registration the model holds is there and loads its own value.
    func checkModel() {
        for name in model.keys { checkLoads(of: name) }
    }
}
