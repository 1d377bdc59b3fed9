extension Container {
    /// Discards the services of `scope` that this container's registrations hold, so that
    /// the next load of each creates a fresh one.
    ///
    /// Services already handed out stay valid: a load that raced with the reset may still
    /// return the old service, and a load that starts after it returns a new one. Only this
    /// container's own registrations and contributions are reset, not those it inherits
    /// from its parent; reset the parent to reset those. ``Injected`` properties keep what
    /// they loaded.
    ///
    /// ```swift
    /// container.reset(scope: .session)
    /// ```
    ///
    /// Only named scopes (``Scope/named(_:)``) can be reset. Resetting a built-in scope,
    /// such as ``Scope/singleton``, changes nothing, returns 0 and reports
    /// ``DiagnosticEvent/ignoredReset(scope:)``: a singleton lives as long as its registration.
    ///
    /// - Parameter scope: The named scope to reset.
    /// - Returns: The number of registrations and contributions reset.
    /// - Complexity: O(*n*) in the number of registrations.
    @discardableResult
    public func reset(scope: Scope) -> Int {
        guard let name = scope.resetName else {
            report(.ignoredReset(scope: scope))
            return 0
        }
        // The read path reads singletons in place without retaining them, so an instance is
        // never cleared in place: each registration of the scope is replaced by a fresh copy.
        // The old registrations are retired: their services go before this returns, or, if
        // loads are in progress, when the last of them ends.
        return store.modify { entries -> Int in
            var count = 0
            for registration in Array(entries.values) {
                if registration.scopeName == name {
                    entries.replacePoint(
                        registration.id, with: Registration(freshCopyOf: registration), dropping: [])
                    count += 1
                } else if let contributions = registration.contributions?.resetting(scope: name) {
                    entries.replacePoint(
                        registration.id,
                        with: Registration(copying: registration, contributions: contributions.set),
                        dropping: contributions.replaced)
                    count += contributions.replaced.count
                }
            }
            return count
        }
    }
}
