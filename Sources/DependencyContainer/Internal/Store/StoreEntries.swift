/// The registrations as ``RegistrationStore/modify(_:)`` hands them to a change: a dictionary
/// whose changes record every registration they take out of the store, so that `modify`
/// retires and releases them after unlocking and no caller can forget one.
///
/// A registration replaced or removed whole goes with its contributions. An extension
/// point's registration replaced by one that shares its contributions goes alone, with the
/// contributions the change drops (``replacePoint(_:with:dropping:)``).
///
/// While the store has observers, the entries also record which IDs the change touched and
/// what each held before (``touched``), so that ``RegistrationStore/modify(_:)`` reports the
/// changes without comparing whole dictionaries; without observers they record nothing.
struct StoreEntries {
    /// The registrations by ID.
    private(set) var dictionary: [String: Registration]
    /// What the changes took out, in the order they did.
    private(set) var removed: [Registration] = []
    /// The IDs the changes touched, with what each held before the first touch; `nil` when
    /// nobody observes the store.
    private(set) var touched: [String: Touch]?
    /// The registrations for contexts that do not answer now; `nil` in a store that has
    /// never had a context registration, whose writes then pay one check for contexts.
    var contexts: ContextTable?

    /// What one change did to one ID, for observers.
    struct Touch {
        /// The registration before the change, if any.
        let previous: Registration?
        /// Whether a ``Container/reset(scope:)`` replaced it with a fresh copy.
        var isReset: Bool
    }

    init(_ dictionary: [String: Registration], contexts: ContextTable? = nil) {
        self.dictionary = dictionary
        self.contexts = contexts
    }

    /// Takes the registrations out of `dictionary`, leaving it empty: moved, not copied, so
    /// that the dictionary stays uniquely referenced and a change does not copy it.
    ///
    /// - Parameters:
    ///   - dictionary: The store's registrations.
    ///   - recordingTouches: Whether to record what the changes touch, for observers.
    init(moving dictionary: inout [String: Registration], recordingTouches: Bool = false) {
        self.dictionary = [String: Registration]()
        swap(&self.dictionary, &dictionary)
        if recordingTouches { touched = [:] }
    }

    /// Records that a change touches `id`, keeping what it held before the first touch.
    @inline(__always)
    private mutating func touch(_ id: String, previous: Registration?, isReset: Bool = false) {
        guard touched != nil else { return }
        if touched![id] == nil {
            touched![id] = Touch(previous: previous, isReset: isReset)
        } else if !isReset {
            // A later ordinary change of the same ID makes the whole write an ordinary one.
            touched![id]!.isReset = false
        }
    }

    /// Moves the registrations back into `dictionary`, leaving these entries empty.
    mutating func moveDictionary(into dictionary: inout [String: Registration]) {
        swap(&self.dictionary, &dictionary)
    }

    /// The registration of `id`, if any.
    subscript(id: String) -> Registration? {
        dictionary[id]
    }

    /// The registrations, in no particular order.
    var values: Dictionary<String, Registration>.Values { dictionary.values }

    /// Stores `registration` under its ID; the one it replaces goes with its contributions.
    ///
    /// - Returns: The replaced registration, if any.
    @discardableResult
    @inline(__always)
    mutating func updateValue(_ registration: Registration) -> Registration? {
        // One check for a store without contexts; a context registration, or one of an ID
        // that has some, replaces the registration of its own context (ContextTable.swift).
        if registration.context != nil || (contexts != nil && contexts!.parked[registration.id] != nil) {
            return updateContextual(registration)
        }
        let previous = dictionary.updateValue(registration, forKey: registration.id)
        touch(registration.id, previous: previous)
        previous?.appendSelfAndContributions(to: &removed)
        return previous
    }

    /// Removes the registration of `id` with its contributions.
    ///
    /// - Returns: The removed registration, if any.
    @discardableResult
    mutating func removeValue(forKey id: String) -> Registration? {
        let previous = dictionary.removeValue(forKey: id)
        if previous != nil { touch(id, previous: previous) }
        previous?.appendSelfAndContributions(to: &removed)
        // Every context's registration of the ID goes too.
        if contexts != nil, let parked = contexts!.parked.removeValue(forKey: id) {
            removed += parked
            if contexts!.parked.isEmpty && contexts!.activeOverride == nil { contexts = nil }
            return previous ?? parked.first
        }
        return previous
    }

    /// Removes every registration with its contributions.
    mutating func removeAll() {
        for registration in dictionary.values {
            touch(registration.id, previous: registration)
            registration.appendSelfAndContributions(to: &removed)
        }
        dictionary = [:]
        if contexts != nil {
            removed += contexts!.parked.values.joined()
            contexts!.parked = [:]
            if contexts!.activeOverride == nil { contexts = nil }
        }
    }

    /// Records `registration`, parked and never in the entries, as taken out of the store.
    mutating func appendRemoved(_ registration: Registration) {
        removed.append(registration)
    }

    /// Makes `registration` the entry of `id`, or removes the entry when it is `nil`; the
    /// entry it replaces, `previous`, goes with its contributions.
    mutating func setEntry(_ id: String, to registration: Registration?, previous: Registration?) {
        if let registration {
            dictionary[id] = registration
        } else {
            dictionary.removeValue(forKey: id)
        }
        touch(id, previous: previous)
        previous?.appendSelfAndContributions(to: &removed)
    }

    /// Replaces the registration of `id` with `replacement`, which shares every contribution
    /// of the old one except `dropped`; `nil` removes it, after its contributions were all
    /// dropped.
    ///
    /// Used for extension points and for the registrations of a reset scope, whose
    /// replacements are fresh copies: only the old registration and `dropped` go.
    mutating func replacePoint(
        _ id: String, with replacement: Registration?, dropping dropped: [Registration]
    ) {
        let previous =
            if let replacement { dictionary.updateValue(replacement, forKey: id) } else {
                dictionary.removeValue(forKey: id)
            }
        if let previous { removed.append(previous) }
        removed += dropped
        // Only a reset replaces a registration that is not a point's this way, and a point's
        // only with a set that `ContributionSet.resetting(scope:)` made.
        touch(id, previous: previous, isReset: replacement.map { $0.contributions?.isReset ?? true } ?? false)
    }
}
