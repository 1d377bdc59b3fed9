/// Which asynchronous creations wait for which, so that tasks that would wait for each
/// other forever get a cycle error instead.
final class AsyncWaitGraph: Sendable {
    static let shared = AsyncWaitGraph()

    /// The outcome of ``beginWait(from:for:)``.
    enum Wait {
        /// Waiting is safe; pass the token to ``endWait(_:for:)`` afterwards.
        case recorded(ObjectIdentifier?)
        /// Waiting would close this cycle.
        case cycle([String])
    }

    /// For each shared creation in progress, the registrations it waits for.
    private let waits = LockedValue<[ObjectIdentifier: [Registration]]>([:])

    private init() {}

    /// Records that the chain of `frame` waits for the creation of `registration`, unless
    /// that creation waits, directly or not, for a shared service the chain creates.
    func beginWait(from frame: AsyncFrame?, for registration: Registration) -> Wait {
        let chain = frame?.chain ?? []
        let creating = chain.filter(\.createsSharedService)
        // Nobody waits for a chain that creates no shared service: it cannot close a cycle.
        guard let waiter = creating.last else { return .recorded(nil) }
        let creatingKeys = Set(creating.map { ObjectIdentifier($0.registration) })
        let waiterKey = ObjectIdentifier(waiter.registration)
        return waits.withLock { waits in
            var pending = [(registration, [registration.id])]
            var visited: Set<ObjectIdentifier> = []
            while let (node, path) = pending.popLast() {
                if creatingKeys.contains(ObjectIdentifier(node)) {
                    return .cycle(chain.map(\.registration.id) + path)
                }
                for next in waits[ObjectIdentifier(node)] ?? []
                where visited.insert(ObjectIdentifier(next)).inserted {
                    pending.append((next, path + [next.id]))
                }
            }
            waits[waiterKey, default: []].append(registration)
            return .recorded(waiterKey)
        }
    }

    /// Removes a wait that ``beginWait(from:for:)`` recorded for `registration`.
    func endWait(_ token: ObjectIdentifier?, for registration: Registration) {
        guard let token else { return }
        waits.withLock { waits in
            guard var targets = waits[token], let index = targets.firstIndex(where: { $0 === registration })
            else { return }
            targets.remove(at: index)
            waits[token] = targets.isEmpty ? nil : targets
        }
    }
}
