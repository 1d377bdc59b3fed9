extension Container {
    /// Checks the declared dependencies of every registration this container's loads can
    /// reach, without running any factory, and reports every problem at once.
    ///
    /// A registration declares what its factory loads with `dependencies:` (see
    /// ``Dependency``); RegistrationPlugin's generated `register(into:)` declares them for
    /// providers and contributions. The check looks each dependency up in the container's
    /// lookup order (its own registrations, then its ancestors', after the current task's
    /// overrides, as a load would) and reports:
    /// - a required dependency that nothing provides (an optional one is a note);
    /// - a dependency registered with another service type than the one declared;
    /// - a cycle of eager dependencies, with its path (`lazy` and `provider` handles break cycles);
    /// - a singleton or weak service that keeps a named-scope service captive;
    /// - a synchronous factory that loads a main-actor or async service eagerly.
    ///
    /// A cached service (singleton, weak, named scope) is made where it is registered, as a
    /// load makes it, so the dependencies of one an ancestor registers are looked up from that
    /// ancestor on, without the nearer registrations it cannot see. Registrations that declare
    /// nothing are listed as unchecked; that is not a problem.
    ///
    /// ```swift
    /// let report = container.verify()
    /// #expect(report.isClean, "\(report)")
    /// ```
    ///
    /// - Returns: The report.
    /// - Complexity: O(*n* · *d*) in the reachable registrations and the dependencies each declares.
    public func verify() -> VerificationReport {
        var verifier = CompositionVerifier(captiveIsError: captiveDependencyPolicy == .fail)
        // The lookup order of rule 5, with the task's overrides, nearest place first.
        var isFirstPlace = true
        _ = walkLookupOrder(overrides: OverrideScope.current) { place in
            let entries = place.store.read { Array($0.values) }
            verifier.beginPlace(isOverride: place.isOverride, count: entries.count)
            for registration in entries {
                verifier.add(registration, mayBeShadowed: !isFirstPlace)
            }
            isFirstPlace = false
            return .absent
        }
        return verifier.report()
    }
}
