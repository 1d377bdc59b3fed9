extension Container {
    /// Walks the lookup order (rule 5 of ``RegistrationStore``): for this container, then each
    /// ancestor, an override set for it, then its own registration.
    ///
    /// The walk holds no references: each container keeps its parent alive, and the caller
    /// keeps this one alive.
    ///
    /// - Parameters:
    ///   - overrides: The current task's override scopes, or `nil` to skip them.
    ///   - inOverrides: Looks a container up in the override scopes; `true` ends the walk.
    ///   - inStore: Looks a container up in its own store; anything but `absent` ends the walk.
    /// - Returns: What ended the walk, or `absent`.
    @inline(__always)
    func walkLookupOrder(
        overrides: OverrideScope?,
        inOverrides: (OverrideScope, Container) -> Bool,
        inStore: (RegistrationStore) -> LookupAnswer
    ) -> LookupAnswer {
        // Non-generic enums throughout: `load` runs unspecialized in client modules, where
        // passing a generic instance to `_withUnsafeGuaranteedRef` would cost a metadata lookup.
        var container = Unmanaged.passUnretained(self)
        while true {
            let step = container._withUnsafeGuaranteedRef { container -> LookupStep in
                if let overrides, inOverrides(overrides, container) {
                    return .done(.foundInOverrides)
                }
                let answer = inStore(container.store)
                guard case .absent = answer else { return .done(answer) }
                guard let parent = container.parent else { return .done(.absent) }
                return .parent(Unmanaged.passUnretained(parent))
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
        var found: Registration?
        _ = walkLookupOrder(
            overrides: OverrideScope.current,
            inOverrides: { scopes, container in
                found = scopes.registration(named: name, for: container, thread: thread)
                return found != nil
            },
            inStore: { store in
                found = store.registration(named: name, thread: thread)
                return found == nil ? .absent : .foundInStore
            })
        return found
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
    func borrowedRegistration(named name: String, thread: ThreadState) -> LookupAnswer {
        // Rule 4: overrides are consulted only on the general path.
        guard !OverrideScope.isAnyActive else { return .unknown }
        return walkLookupOrder(
            overrides: nil,
            inOverrides: { _, _ in false },
            inStore: { $0.cachedRegistration(named: name, thread: thread) })
    }
}

/// One container's part of a lookup: an answer or the parent to ask next.
private enum LookupStep {
    case done(LookupAnswer)
    case parent(Unmanaged<Container>)
}
