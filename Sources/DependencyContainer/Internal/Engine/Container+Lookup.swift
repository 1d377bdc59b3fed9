import DependencyContainerKernel

extension Container {
    // MARK: Step 1: find the registration in the lookup order

    /// Walks the lookup order (rule 5 of ``RegistrationStore``): for this container, then each
    /// ancestor, the override sets for it, innermost first, then its own registrations.
    ///
    /// The one place that order is coded: loads, contributions, ``registrations``, the IDs a
    /// `notRegistered` message names, and the context a cached service is created in all
    /// walk it through here. The walk holds no references: each container keeps its parent
    /// alive, and the caller keeps this one alive.
    ///
    /// - Parameters:
    ///   - overrides: The current task's override scopes, or `nil` to skip them.
    ///   - visit: Looks at one place of the order; anything but `absent` ends the walk. A
    ///     walk that must see every place returns `absent` throughout.
    /// - Returns: What ended the walk, or `absent`.
    @inline(__always)
    func walkLookupOrder(overrides: OverrideScope?, _ visit: (LookupPlace) -> LookupAnswer) -> LookupAnswer {
        // Non-generic enums throughout: `load` runs unspecialized in client modules, where
        // lending a generic instance through a borrow would cost a metadata lookup.
        var container = Borrowed(self)
        while true {
            let step = container.withObject { container -> LookupStep in
                var scope = overrides
                while let override = scope {
                    // A scope whose container is gone answers for no container.
                    if override.target === container {
                        let answer = visit(.override(override, of: container))
                        guard case .absent = answer else { return .done(answer) }
                    }
                    scope = override.enclosing
                }
                let answer = visit(.own(container))
                guard case .absent = answer else { return .done(answer) }
                guard let parent = container.parent else { return .done(.absent) }
                return .parent(Borrowed(parent))
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
        _ = walkLookupOrder(overrides: OverrideScope.current) { place in
            found = place.store.registration(named: name, thread: thread)
            return found == nil ? .absent : .foundAndHeld
        }
        traceLookup(of: name, found: found != nil, thread: thread)
        return found
    }

    /// The registration a load of `name` uses or, when a write retired it, its replacement.
    ///
    /// A load racing a replacement or a reset gets the old or the new service, not a third.
    /// For the loads off the fast path.
    func findCurrentRegistration(named name: String, thread: ThreadState) -> Registration? {
        // The thread's snapshots answer most lookups without a lock.
        switch borrowedRegistration(named: name, thread: thread) {
        case .found(let borrowed):
            let registration = borrowed.retained
            if !registration.isRetired { return registration }
        case .absent:
            return nil
        case .unknown, .foundAndHeld:
            break
        }
        guard let found = findRegistration(named: name, thread: thread) else { return nil }
        guard found.isRetired else { return found }
        return findRegistration(named: name, thread: thread)
    }

    /// The registration a load of `name` as `Service` uses, or `nil` after reporting the miss.
    func registrationReportingMiss<Service>(named name: String, as _: Service.Type, thread: ThreadState)
        -> Registration?
    {
        guard let registration = findCurrentRegistration(named: name, thread: thread) else {
            reportMissing(name, Service.self)
            return nil
        }
        return registration
    }

    /// The registration a `require` of `name` as `Service` uses.
    ///
    /// - Throws: ``ContainerError/notRegistered(id:requestedType:registeredIDs:)`` when there is none.
    func requiredRegistration<Service>(named name: String, as _: Service.Type, thread: ThreadState)
        throws(ContainerError) -> Registration
    {
        guard let registration = findCurrentRegistration(named: name, thread: thread) else {
            noteLookupWithoutProvider(of: name, thread: thread)
            throw .notRegistered(
                id: name, requestedType: typeName(Service.self),
                registeredIDs: registeredIDsForMessage(missing: name))
        }
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
    func borrowedRegistration(named name: String, thread: ThreadState) -> LookupAnswer {
        // Rule 4: overrides are consulted only on the general path.
        guard !OverrideScope.isAnyActive else { return .unknown }
        return walkLookupOrder(overrides: nil) { $0.store.cachedRegistration(named: name, thread: thread) }
    }
}

/// One place of the lookup order: an override set for a container, or a container's own
/// registrations.
enum LookupPlace {
    case override(OverrideScope, of: Container)
    case own(Container)

    /// The registrations of this place.
    @inline(__always)
    var store: RegistrationStore {
        switch self {
        case .override(let scope, _): return scope.replacements.store
        case .own(let container): return container.store
        }
    }

    /// Whether this place is a test override.
    @inline(__always)
    var isOverride: Bool {
        if case .override = self { return true }
        return false
    }

    /// The container whose loads this place answers.
    var container: Container {
        switch self {
        case .override(_, let container), .own(let container): return container
        }
    }
}

/// One container's part of a lookup: an answer or the parent to ask next.
private enum LookupStep {
    case done(LookupAnswer)
    case parent(Borrowed<Container>)
}
