extension Container {
    /// Discards every service this container's registrations and contributions keep, of
    /// every scope, and keeps the registrations: the next load of each creates a fresh one.
    ///
    /// As with ``reset(scope:)``, services already handed out stay valid, dispose hooks run
    /// for the services let go of, and only this container's own registrations are reset,
    /// not those it inherits.
    ///
    /// ```swift
    /// container.register(.analytics, scope: .singleton) { ConsoleAnalytics() }
    /// _ = container.load(.analytics)
    /// container.resetCaches()  // 1: the next load makes a new one
    /// ```
    ///
    /// - Returns: The number of services discarded.
    /// - Complexity: O(*n*) in the number of registrations and contributions.
    @discardableResult
    public func resetCaches() -> Int {
        store.modify { entries in entries.resetServices { $0.hasCachedServiceIgnoringExpiry } }
    }

    /// Removes the registrations of `id` for contexts (see ``RegistrationContext``) from this
    /// container and keeps its default registration, which answers from then on.
    ///
    /// The default registration keeps its service when it was the one that answered; a
    /// service made with a removed registration is discarded, and so are the services made
    /// with it, as when a context stops being active.
    ///
    /// ```swift
    /// container.register(.analytics) { ConsoleAnalytics() }
    /// container.register(.analytics, context: .preview) { ConsoleAnalytics() }
    /// container.removeContextRegistrations(of: .analytics)  // 1: the default stays
    /// ```
    ///
    /// - Parameter id: The ID whose context registrations to remove.
    /// - Returns: The number of registrations removed.
    /// - Complexity: O(*c*) in the registrations of `id`.
    @discardableResult
    public func removeContextRegistrations<Service>(of id: InjectID<Service>) -> Int {
        store.modify { entries in entries.removeContextRegistrations(of: id.name) }
    }

    /// Changes the scope of this container's registration of `id`, keeping its factory and
    /// its other options.
    ///
    /// The change is a re-registration: the registration is replaced by one with the new
    /// scope, so its cached service is let go of (its dispose hook runs), observers see a
    /// ``RegistrationChange/replaced(previous:replacement:)`` and the diagnostics handler
    /// ``DiagnosticEvent/replaced(previous:replacement:)``, as for any registration that
    /// replaces another. Of an ID with registrations for contexts, the one that answers now
    /// changes.
    ///
    /// ```swift
    /// container.register(.analytics) { ConsoleAnalytics() }
    /// container.setScope(.singleton, for: .analytics)  // .replaced(the transient one)
    /// ```
    ///
    /// - Parameters:
    ///   - scope: The new scope.
    ///   - id: The ID whose registration changes.
    /// - Returns: ``RegistrationOutcome/replaced(_:)`` with the registration as it was, or
    ///   ``RegistrationOutcome/rejected(_:)`` with
    ///   ``ContainerError/notRegistered(id:requestedType:registeredIDs:)`` when this container
    ///   has no registration of `id` of its own (an inherited one is its parent's to change).
    /// - Complexity: Amortized O(1).
    @discardableResult
    public func setScope<Service>(_ scope: Scope, for id: InjectID<Service>) -> RegistrationOutcome {
        let replacement = store.modify { entries -> (previous: Registration, current: Registration)? in
            guard let previous = entries[id.name] else { return nil }
            let current = Registration(copying: previous, scope: scope)
            entries.updateValue(current)
            return (previous, current)
        }
        guard let replacement else {
            let error = ContainerError.notRegistered(
                id: id.name, requestedType: typeName(Service.self),
                registeredIDs: registeredIDsForMessage(missing: id.name))
            report(.rejected(error))
            return .rejected(error)
        }
        // Reported after unlocking, so that a handler may itself use the container.
        reportIgnoredScope(of: replacement.current)
        report(.replaced(previous: replacement.previous.info, replacement: replacement.current.info))
        return .replaced(replacement.previous.info)
    }
}
