/// What a cached service's factory met that a plugin's going or coming back changes: the
/// owners (plugin activations) whose services it used, and the names it looked up while
/// nothing answered them, or loaded as an extension point.
struct CreationNotes: Sendable, Equatable {
    /// The owners whose services the factory used, in the order first used.
    private(set) var owners: [RegistrationOwner] = []
    /// The IDs the factory found absent and the extension points it loaded, in the order first met.
    private(set) var lookedUpWithoutProvider: [String] = []
    /// The IDs the factory looked up and got a registration for, in the order first met: what
    /// a switch of contexts changes, and the links of a chain of dependents.
    private(set) var answered: [String] = []
    /// Whether the factory ran while its container traced creations.
    private(set) var isTraced = true

    /// The notes of a service made while its container did not trace.
    static var untraced: Self { Self(isTraced: false) }

    /// Whether nothing was noted, traced or not.
    var isEmpty: Bool {
        owners.isEmpty && lookedUpWithoutProvider.isEmpty && answered.isEmpty
    }

    /// Adds `owners` that are not noted yet.
    mutating func add(owners added: [RegistrationOwner]) {
        for owner in added where !owners.contains(owner) { owners.append(owner) }
    }

    /// Adds `name`, an ID found absent or an extension point loaded, unless noted already.
    mutating func add(lookedUp name: String) {
        if !lookedUpWithoutProvider.contains(name) { lookedUpWithoutProvider.append(name) }
    }

    /// Adds `id`, an ID looked up and answered, unless noted already.
    mutating func add(answered id: String) {
        if !answered.contains(id) { answered.append(id) }
    }

    /// Whether the factory looked up one of `names`, answered or not.
    func used(anyOf names: Set<String>) -> Bool {
        answered.contains(where: names.contains) || lookedUp(anyOf: names)
    }

    /// Whether the factory looked up one of `names` without a provider.
    func lookedUp(anyOf names: Set<String>) -> Bool {
        lookedUpWithoutProvider.contains(where: names.contains)
    }
}

/// The notes a kept service was made with, out of line: one word in every registration, and
/// an allocation only for a service whose factory met a plugin.
final class KeptCreationNotes: Sendable {
    /// The notes of a traced factory that met nothing: shared, so that keeping them costs no
    /// allocation.
    static let tracedNothing = KeptCreationNotes(CreationNotes())

    let notes: CreationNotes

    init(_ notes: CreationNotes) { self.notes = notes }
}
