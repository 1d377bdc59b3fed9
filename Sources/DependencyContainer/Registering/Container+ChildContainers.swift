/// A container's child containers, held weakly: so that the plugin loader can name the
/// cached services that children made with a plugin's services.
final class ChildContainers: Sendable {
    private let list = LockedValue<[WeakChild]>([])

    /// Adds `child`, dropping children that are gone.
    func add(_ child: Container) {
        list.withLock { list in
            list.removeAll { $0.container == nil }
            list.append(WeakChild(container: child))
        }
    }

    /// The children still alive, oldest first.
    var live: [Container] {
        list.withLock { list in
            list.removeAll { $0.container == nil }
            return list.compactMap(\.container)
        }
    }

    private struct WeakChild: Sendable {
        weak var container: Container?
    }
}

extension Container {
    /// Every container below this one still alive: its children, theirs, and so on, each
    /// before its own children.
    package var descendants: [Container] {
        var found: [Container] = []
        var pending = children.live
        while !pending.isEmpty {
            let next = pending.removeFirst()
            found.append(next)
            pending += next.children.live
        }
        return found
    }

    /// The cached services of this container's own registrations that were made with one of
    /// `owner`'s services (or, with `lookingUp`, while one of those IDs or extension points
    /// had nothing, or its contributions as they were), sorted; reset in one change when
    /// `resetting` is set, so that their next load makes them anew.
    ///
    /// For a plugin's dependents in child containers, which its adoption and withdrawal, changes
    /// of the parent's store, do not see.
    package func cachedDependents(
        of owner: RegistrationOwner, lookingUp ids: Set<String>? = nil, resetting: Bool
    ) -> [String] {
        store.modify { entries in
            let found = Self.cachedServices(in: entries) { registration, notes in
                guard registration.owner != owner else { return false }
                guard let ids else { return notes.owners.contains(owner) }
                return notes.lookedUp(anyOf: ids)
            }
            if resetting {
                Self.reset(found, entries: &entries)
            }
            return found.map(\.id).sorted()
        }
    }
}
