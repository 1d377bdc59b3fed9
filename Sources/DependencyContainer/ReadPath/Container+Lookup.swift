extension Container {
    /// Walks the lookup order (rule 5 of ``RegistrationStore``): for this container, then each
    /// ancestor, an override set for it, then its own registration.
    ///
    /// The walk holds no references: each container keeps its parent alive, and the caller
    /// keeps this one alive.
    ///
    /// - Parameters:
    ///   - overrides: The current task's override scopes, or `nil` to skip them.
    ///   - inOverrides: Looks a container up in the override scopes.
    ///   - inStore: Looks a container up in its own store.
    /// - Returns: The first registration found, `absent` when none is, or `unknown` as soon
    ///   as `inStore` cannot tell.
    @inline(__always)
    func walkLookupOrder<Found>(
        overrides: OverrideScope?,
        inOverrides: (OverrideScope, Container) -> Found?,
        inStore: (RegistrationStore) -> LookupAnswer<Found>
    ) -> LookupAnswer<Found> {
        var container = Unmanaged.passUnretained(self)
        while true {
            let step = container._withUnsafeGuaranteedRef { container -> LookupStep<Found> in
                if let overrides, let found = inOverrides(overrides, container) {
                    return .done(.found(found))
                }
                switch inStore(container.store) {
                case .found(let found):
                    return .done(.found(found))
                case .unknown:
                    return .done(.unknown)
                case .absent:
                    guard let parent = container.parent else { return .done(.absent) }
                    return .parent(Unmanaged.passUnretained(parent))
                }
            }
            switch step {
            case .done(let answer):
                return answer
            case .parent(let parent):
                container = parent
            }
        }
    }

    /// The registration a load of `name` uses, retained: a test override, this container's
    /// own, or the nearest ancestor's.
    @inline(__always)
    func findRegistration(named name: String, thread: ThreadState) -> Registration? {
        let answer = walkLookupOrder(
            overrides: OverrideScope.current,
            inOverrides: { $0.registration(named: name, for: $1, thread: thread) },
            inStore: { store in
                store.registration(named: name, thread: thread).map { .found($0) } ?? .absent
            })
        guard case .found(let registration) = answer else { return nil }
        return registration
    }

    /// The registration a load of `name` uses, borrowed from the snapshots this thread has
    /// cached, without a lock and without changing any reference count.
    ///
    /// Loads on every thread read the same snapshots and registrations; retaining them would
    /// make each load write to cache lines that all cores share, which serializes readers.
    ///
    /// - Returns: `unknown` when a test override is active or a snapshot is missing or stale,
    ///   so that the caller falls back to ``findRegistration(named:thread:)``.
    @inline(__always)
    func borrowedRegistration(named name: String, thread: ThreadState) -> LookupAnswer<BorrowedRegistration> {
        // Rule 4: overrides are consulted only on the general path.
        guard !OverrideScope.isAnyActive else { return .unknown }
        return walkLookupOrder(
            overrides: nil,
            inOverrides: { _, _ in nil },
            inStore: { $0.cachedRegistration(named: name, thread: thread) })
    }
}

/// One container's part of a lookup: an answer or the parent to ask next.
private enum LookupStep<Found> {
    case done(LookupAnswer<Found>)
    case parent(Unmanaged<Container>)
}
