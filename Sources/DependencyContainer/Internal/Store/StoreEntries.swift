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

    /// What one change did to one ID, for observers.
    struct Touch {
        /// The registration before the change, if any.
        let previous: Registration?
        /// Whether a ``Container/reset(scope:)`` replaced it with a fresh copy.
        var isReset: Bool
    }

    init(_ dictionary: [String: Registration]) {
        self.dictionary = dictionary
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
    mutating func updateValue(_ registration: Registration) -> Registration? {
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
        return previous
    }

    /// Removes every registration with its contributions.
    mutating func removeAll() {
        for registration in dictionary.values {
            touch(registration.id, previous: registration)
            registration.appendSelfAndContributions(to: &removed)
        }
        dictionary = [:]
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
