/// What an adoption does about the cached services made without the adopted registrations
/// (``AdoptionOutcome/dependents``).
package enum AdoptionDependents: Sendable {
    /// They are not looked for: a first load, which reports none.
    case ignored
    /// They are named in the outcome and left as they are.
    case named
    /// They are named and reset in the same change, so that their next load uses the adopted.
    case reset
}

/// What ``Container/adoptRegistrations(of:replacingExisting:declaring:owner:dependents:)`` did.
package struct AdoptionOutcome: Sendable {
    /// Whether the registrations moved.
    package let adopted: Bool
    /// The IDs that conflicted: on failure, why nothing moved; on success, what was replaced.
    package let conflicts: [String]
    /// What withdraws the adopted registrations; `nil` when nothing moved or nobody owns them.
    package let record: OwnedRegistrations?
    /// The IDs (or `Point[name]`) of the cached services made while nothing answered one of
    /// the adopted IDs, or with an adopted extension point's contributions as they were, sorted;
    /// empty when the adoption did not look for them.
    package var dependents: [String] = []
}

/// The registrations one owner put into a container, and what they replaced there: what
/// ``Container/withdrawRegistrations(_:resettingDependents:whenChanged:)`` takes out and
/// brings back.
///
/// `Sendable`: the registrations it keeps were never in a store, and are only copied.
package struct OwnedRegistrations: Sendable {
    /// Who owns them.
    package let owner: RegistrationOwner
    /// The IDs of the owner's registrations, sorted; extension points are in `contributions`.
    package internal(set) var ids: [String] = []
    /// The owner's contributions, by extension point and contribution name.
    var contributions: [(point: String, name: String)] = []
    /// Unused copies of the registrations the owner's replaced, by ID.
    var replaced: [String: Registration] = [:]
    /// Unused copies of the contributions the owner's replaced, by `Point[name]`.
    var replacedContributions: [String: ContributionSet.Entry] = [:]
}

/// What a withdrawal changed, as one store change.
package struct WithdrawalOutcome: Sendable, Equatable {
    /// The owner's IDs taken out, sorted, with the ones that brought back what they had replaced.
    package var removedIDs: [String] = []
    /// The owner's contributions taken out, as `Point[name]`, sorted.
    package var removedContributions: [String] = []
    /// The IDs and contributions (`Point[name]`) whose replaced registrations came back, sorted.
    package var restored: [String] = []
    /// The owner's IDs and contributions that something else had replaced since: left as they are.
    package var leftInPlace: [String] = []
    /// The IDs (or `Point[name]`) of the cached services made with the owner's services, sorted.
    package var dependents: [String] = []
    /// Whether the dependents were reset, so that their next load makes them anew.
    package var resetDependents = false

    package init(resetDependents: Bool = false) {
        self.resetDependents = resetDependents
    }
}
