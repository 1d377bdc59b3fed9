import DependencyContainer

// What the observer tests share: a log of changes and an extension point of their own.

/// Collects what a handler receives, from any thread.
final class ChangeLog<Change: Sendable>: Sendable {
    private let changes = LockedValue<[Change]>([])

    func append(_ change: Change) {
        changes.withLock { $0.append(change) }
    }

    var all: [Change] { changes.withLock { $0 } }

    var count: Int { changes.withLock { $0.count } }
}

/// A menu entry contributed in the observer tests.
struct ObservedMenuEntry: Sendable {
    let title: String
}

extension ExtensionPoint where Element == ObservedMenuEntry {
    static var observedMenu: Self { ExtensionPoint("ObservedMenuExtensionPoint") }
}

extension Scope {
    /// A named scope the observer tests reset.
    static let observedSession = Scope.named("observedSession")
}

extension RegistrationChange {
    /// The kind of change, without the registrations, for comparing sequences.
    var kind: String {
        switch self {
        case .current(let info): info == nil ? "current(nil)" : "current"
        case .added: "added"
        case .replaced: "replaced"
        case .removed: "removed"
        case .reset: "reset"
        }
    }
}
