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
    /// ancestor on, without the nearer registrations it cannot see; the registrations it gets
    /// there, and the transient and graph services it loads, which run in its context, are
    /// checked in that context too. Registrations that declare nothing are listed as
    /// unchecked; that is not a problem.
    ///
    /// ```swift
    /// let report = container.verify()
    /// #expect(report.isClean, "\(report)")
    /// ```
    ///
    /// - Returns: The report.
    /// - Complexity: O(*n* · *d*) in the reachable registrations and the dependencies each declares,
    ///   each registration counted once per creation context that reaches it: once without
    ///   child containers or overrides.
    public func verify() -> VerificationReport {
        var verifier = CompositionVerifier(captiveIsError: captiveDependencyPolicy == .fail)
        // The lookup order of rule 5, with the task's overrides, nearest place first.
        var isFirstPlace = true
        let overrides = OverrideScope.current
        _ = walkLookupOrder(overrides: overrides) { place in
            let entries = place.store.read { Array($0.values) }
            verifier.beginPlace(overrideDepth: Self.depth(of: place, in: overrides), count: entries.count)
            for registration in entries {
                verifier.add(registration, mayBeShadowed: !isFirstPlace)
            }
            isFirstPlace = false
            return .absent
        }
        return verifier.report()
    }

    /// Where the override scope of `place` is in the chain `overrides`, innermost 0; `nil` for
    /// a container's own registrations.
    private static func depth(of place: LookupPlace, in overrides: OverrideScope?) -> Int? {
        guard case .override(let scope, _) = place else { return nil }
        var depth = 0
        var current = overrides
        while let enclosing = current, enclosing !== scope {
            depth += 1
            current = enclosing.enclosing
        }
        return depth
    }
}
