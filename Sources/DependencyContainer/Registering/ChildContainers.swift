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
