/// The changes that let go of cached services but keep the registrations, and that take out
/// an ID's context registrations: what ``Container/reset(scope:)``,
/// ``Container/resetCaches()``, an expired time to live and
/// ``Container/removeContextRegistrations(of:)`` write.
extension StoreEntries {
    /// Replaces every registration, and every contribution, that `isReset` accepts with a
    /// fresh copy, which has no services yet: the one way a change resets services.
    ///
    /// The read path reads singletons in place without retaining them, so a service is never
    /// cleared in place (rule 3 of ``RegistrationStore``); the old registrations are retired,
    /// their services disposed of once no load reads them.
    ///
    /// - Returns: How many registrations and contributions were reset.
    /// - Complexity: O(*n*) in the registrations and contributions.
    mutating func resetServices(where isReset: (Registration) -> Bool) -> Int {
        var count = 0
        for registration in Array(values) {
            if isReset(registration) {
                replacePoint(registration.id, with: Registration(freshCopyOf: registration), dropping: [])
                count += 1
            } else if let contributions = registration.contributions?.resetting(where: isReset) {
                replacePoint(
                    registration.id,
                    with: Registration(copying: registration, contributions: contributions.set),
                    dropping: contributions.replaced)
                count += contributions.replaced.count
            }
        }
        return count
    }

    /// Resets the services of `registration` alone, if it is still one of these entries or of
    /// its point's contributions: for a service whose time to live is over.
    ///
    /// - Returns: Whether it was; `false` when a write replaced it first.
    @discardableResult
    mutating func resetServices(of registration: Registration) -> Bool {
        let id = registration.id
        if self[id] === registration {
            replacePoint(id, with: Registration(freshCopyOf: registration), dropping: [])
            return true
        }
        for point in RegistrationStore.points(naming: id) {
            guard let holder = self[point],
                let contributions = holder.contributions?.resetting(where: { $0 === registration })
            else { continue }
            replacePoint(
                point, with: Registration(copying: holder, contributions: contributions.set),
                dropping: contributions.replaced)
            return true
        }
        return false
    }

    /// Removes every registration of `id` for a context, keeping the default one: with its
    /// services when it answers now, else put back in the entries as the one that answers.
    ///
    /// - Returns: How many context registrations were removed.
    /// - Complexity: O(*c*) in the registrations of `id`.
    mutating func removeContextRegistrations(of id: String) -> Int {
        guard var table = contexts else { return 0 }
        let parked = table.parked.removeValue(forKey: id) ?? []
        let current = self[id]
        var count = 0
        var defaultRegistration: Registration?
        for registration in parked {
            if registration.context == nil {
                defaultRegistration = registration
            } else {
                appendRemoved(registration)
                count += 1
            }
        }
        if let current, current.context != nil {
            // The default, parked, has never held a service: it answers from now on.
            setEntry(id, to: defaultRegistration, previous: current)
            count += 1
            // As when a context stops answering: no service keeps what the removed one made.
            resetDependents(of: [id])
        } else if let defaultRegistration {
            // Only if the entry is not the default already, which it cannot be with one parked.
            table.parked[id] = [defaultRegistration]
        }
        if table.parked.isEmpty && table.parkedContributions.isEmpty && table.activeOverride == nil {
            contexts = nil
        } else {
            contexts = table
        }
        return count
    }

    /// The registration of `id` for `context` (the default one when `nil`), answering or not.
    func registration(of id: String, for context: RegistrationContext?) -> Registration? {
        if let current = self[id], current.context == context { return current }
        return contexts?.parked[id]?.first { $0.context == context }
    }
}
