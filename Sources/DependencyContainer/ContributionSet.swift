/// The contributions to one extension point that one container registers, in load order.
///
/// Immutable: a contribution replaces the extension point's registration with one holding a
/// new set, which shares the registrations of the unchanged contributions (and so their
/// services) with the old set.
final class ContributionSet: Sendable {
    /// One contribution: its name, its priority and the registration that makes its element.
    struct Entry: Sendable {
        let name: String
        let priority: Int
        let registration: Registration
    }

    /// The extension point's element type.
    let elementType: Any.Type
    /// Sorted in load order: see ``precedes(_:_:)``.
    let entries: [Entry]

    init(elementType: Any.Type, entries: [Entry]) {
        self.elementType = elementType
        self.entries = entries.sorted(by: Self.precedes)
    }

    /// The documented load order: higher priority first, then names in ascending order.
    ///
    /// Names are unique within one extension point, so the order is total and does not
    /// depend on the order in which modules or plugins contributed.
    static func precedes(_ lhs: Entry, _ rhs: Entry) -> Bool {
        lhs.priority != rhs.priority ? lhs.priority > rhs.priority : lhs.name < rhs.name
    }

    /// This set with `entry` added, replacing a contribution of the same name.
    ///
    /// - Returns: The new set and the contribution replaced, if any.
    func adding(_ entry: Entry) -> (set: ContributionSet, replaced: Entry?) {
        var entries = self.entries
        let index = entries.firstIndex { $0.name == entry.name }
        let replaced = index.map { entries.remove(at: $0) }
        entries.append(entry)
        return (ContributionSet(elementType: elementType, entries: entries), replaced)
    }

    /// This set without the contribution named `name`, or `nil` when it has none.
    func removing(named name: String) -> (set: ContributionSet, removed: Entry)? {
        guard let index = entries.firstIndex(where: { $0.name == name }) else { return nil }
        var entries = self.entries
        let removed = entries.remove(at: index)
        return (ContributionSet(elementType: elementType, entries: entries), removed)
    }

    /// A copy whose contributions have no services yet, for another container.
    func freshCopy() -> ContributionSet {
        ContributionSet(
            elementType: elementType,
            entries: entries.map {
                Entry(
                    name: $0.name, priority: $0.priority,
                    registration: Registration(freshCopyOf: $0.registration))
            })
    }

    /// A copy in which the contributions of `scope` have no services yet, or `nil` when no
    /// contribution is in that scope.
    ///
    /// - Returns: The new set and the registrations it no longer holds.
    func resetting(scope: ScopeName) -> (set: ContributionSet, replaced: [Registration])? {
        guard entries.contains(where: { $0.registration.scopeName == scope }) else { return nil }
        var replaced: [Registration] = []
        let entries = entries.map { entry in
            guard entry.registration.scopeName == scope else { return entry }
            replaced.append(entry.registration)
            return Entry(
                name: entry.name, priority: entry.priority,
                registration: Registration(freshCopyOf: entry.registration))
        }
        return (ContributionSet(elementType: elementType, entries: entries), replaced)
    }
}

/// What an extension point's registration makes when loaded as a service: nothing useful,
/// but of a type that records the element type, so that a contribution of another type is
/// refused and a load through an ``InjectID`` reports a type mismatch.
struct ExtensionPointMarker<Element>: Sendable {}
