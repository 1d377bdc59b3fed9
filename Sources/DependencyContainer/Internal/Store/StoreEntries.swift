/// The registrations as ``RegistrationStore/modify(_:)`` hands them to a change: a dictionary
/// whose changes record every registration they take out of the store, so that `modify`
/// retires and releases them after unlocking and no caller can forget one.
///
/// A registration replaced or removed whole goes with its contributions. An extension
/// point's registration replaced by one that shares its contributions goes alone, with the
/// contributions the change drops (``replacePoint(_:with:dropping:)``).
struct StoreEntries {
    /// The registrations by ID.
    private(set) var dictionary: [String: Registration]
    /// What the changes took out, in the order they did.
    private(set) var removed: [Registration] = []

    init(_ dictionary: [String: Registration]) {
        self.dictionary = dictionary
    }

    /// Takes the registrations out of `dictionary`, leaving it empty: moved, not copied, so
    /// that the dictionary stays uniquely referenced and a change does not copy it.
    init(moving dictionary: inout [String: Registration]) {
        self.dictionary = [String: Registration]()
        swap(&self.dictionary, &dictionary)
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
        previous?.appendSelfAndContributions(to: &removed)
        return previous
    }

    /// Removes the registration of `id` with its contributions.
    ///
    /// - Returns: The removed registration, if any.
    @discardableResult
    mutating func removeValue(forKey id: String) -> Registration? {
        let previous = dictionary.removeValue(forKey: id)
        previous?.appendSelfAndContributions(to: &removed)
        return previous
    }

    /// Removes every registration with its contributions.
    mutating func removeAll() {
        for registration in dictionary.values {
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
    }
}
