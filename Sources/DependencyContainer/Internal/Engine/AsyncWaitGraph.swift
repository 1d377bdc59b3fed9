/// Which asynchronous creations wait for which, so that tasks that would wait for each
/// other forever get a cycle error instead.
final class AsyncWaitGraph: Sendable {
    static let shared = AsyncWaitGraph()

    /// For each shared creation in progress, the registrations it waits for.
    private let waits = LockedValue<[ObjectIdentifier: [Registration]]>([:])

    private init() {}

    /// Records that the chain of `frame` waits for the creation of `registration`, and returns
    /// the token to pass to ``endWait(_:for:)``; throws the cycle, recorded on `frame`, when that
    /// creation waits, directly or not, for a shared service the chain creates.
    func beginWait(from frame: AsyncFrame?, for registration: Registration) throws(ContainerError)
        -> ObjectIdentifier?
    {
        let chain = frame?.chain ?? []
        let creating = chain.filter { $0.registration.asyncCreation != nil }
        // Nobody waits for a chain that creates no shared service: it cannot close a cycle.
        guard let waiter = creating.last else { return nil }
        let creatingKeys = Set(creating.map { ObjectIdentifier($0.registration) })
        let waiterKey = ObjectIdentifier(waiter.registration)
        let cycle = waits.withLock { waits -> [String]? in
            var pending = [(registration, [registration.id])]
            var visited: Set<ObjectIdentifier> = []
            while let (node, path) = pending.popLast() {
                if creatingKeys.contains(ObjectIdentifier(node)) {
                    return chain.map(\.registration.id) + path
                }
                for next in waits[ObjectIdentifier(node)] ?? []
                where visited.insert(ObjectIdentifier(next)).inserted {
                    pending.append((next, path + [next.id]))
                }
            }
            waits[waiterKey, default: []].append(registration)
            return nil
        }
        guard let cycle else { return waiterKey }
        frame?.recordCycle(cycle)
        throw .cycle(path: cycle)
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
