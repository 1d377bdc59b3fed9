/// The registrations as ``RegistrationStore/modify(_:)`` hands them to a change: a dictionary
/// whose changes record every registration they take out, so that `modify` retires and
/// releases them after unlocking and no caller can forget one.
struct StoreEntries {
    private(set) var dictionary: [StoreKey: Registration]
    /// What the changes took out, in the order they did; a change that drops a parked
    /// registration, never in the entries, appends it.
    var removed: [Registration] = []
    /// The IDs the changes touched, with what each held before the first touch and whether
    /// only resets replaced it (with fresh copies); `nil` when nobody observes the store.
    private(set) var touched: [String: (previous: Registration?, isReset: Bool)]?
    /// The registrations for contexts that do not answer now; `nil` in a store that never had
    /// one, whose writes then pay one check for contexts.
    var contexts: ContextTable?

    /// Takes the registrations out of `dictionary`, leaving it empty: moved, not copied, so
    /// that a change does not copy it.
    @inline(__always)
    init(moving dictionary: inout [StoreKey: Registration], recordingTouches: Bool) {
        self.dictionary = dictionary
        // `Dictionary()`, not a literal: the empty singleton, built without an array.
        dictionary = Dictionary()
        if recordingTouches { touched = Dictionary() }
    }

    @inline(__always)
    private mutating func touch(_ id: String, previous: Registration?, isReset: Bool = false) {
        guard touched != nil else { return }
        if touched![id] == nil {
            touched![id] = (previous, isReset)
        } else if !isReset {
            // A later ordinary change of the same ID makes the whole write an ordinary one.
            touched![id]!.isReset = false
        }
    }

    /// The IDs whose entry the changes added, removed or replaced, sorted; empty unless
    /// touches are recorded.
    var changedIDs: [String] {
        (touched ?? [:]).compactMap { id, touch in dictionary[StoreKey(id)] === touch.previous ? nil : id }
            .sorted()
    }

    /// Moves the registrations back into `dictionary`, leaving these entries empty.
    mutating func moveDictionary(into dictionary: inout [StoreKey: Registration]) {
        swap(&self.dictionary, &dictionary)
    }

    subscript(id: String) -> Registration? {
        dictionary[StoreKey(id)]
    }

    var values: Dictionary<StoreKey, Registration>.Values { dictionary.values }

    /// Removes every registration of `id`, those for contexts included, with its contributions.
    @discardableResult
    mutating func removeValue(forKey id: String) -> Registration? {
        let previous = setEntry(id, to: nil)
        guard contexts != nil else { return previous }
        let parked = contexts!.parked.removeValue(forKey: id) ?? []
        removed += parked + (contexts!.parkedContributions.removeValue(forKey: id) ?? []).map(\.registration)
        if contexts!.isEmpty { contexts = nil }
        return previous ?? parked.first
    }

    /// Removes every registration with its contributions.
    mutating func removeAll() {
        for key in Array(dictionary.keys) { setEntry(key.id, to: nil) }
        guard contexts != nil else { return }
        removed += contexts!.parked.values.joined()
        removed += contexts!.parkedContributions.values.joined().map(\.registration)
        contexts!.parked = [:]
        contexts!.parkedContributions = [:]
        if contexts!.activeOverride == nil { contexts = nil }
    }

    /// Makes `registration` the entry of `id`, or removes the entry when `nil`, and returns
    /// the one it replaces, which goes with its contributions; with `dropped`, a point's
    /// rewrite: the new registration shares the contributions, but for `dropped`, which go.
    @discardableResult
    mutating func setEntry(
        _ id: String, to registration: Registration?, dropping dropped: [Registration]? = nil
    )
        -> Registration?
    {
        let key = StoreKey(id)
        let previous =
            if let registration { dictionary.updateValue(registration, forKey: key) } else {
                dictionary.removeValue(forKey: key)
            }
        guard let dropped else {
            if previous != nil || registration != nil { touch(id, previous: previous) }
            if let previous { removed += previous.selfAndContributions }
            return previous
        }
        if let previous { removed.append(previous) }
        removed += dropped
        // Only a reset replaces a registration that is not a point's this way, and a point's
        // only with a set that `ContributionSet.resetting(where:)` made.
        touch(
            id, previous: previous, isReset: registration.map { $0.contributions?.isReset ?? true } ?? false)
        return previous
    }
}

/// What admitting a registration did.
enum Admission {
    case added
    case replaced(Registration)
    case kept(Registration)
    case rejected(ContainerError)
}

/// Who admits a registration: whether keep-existing applies and what is reported.
enum AdmissionWriter {
    /// A registration verb: keep-existing applies; rejections, replacements and an ignored
    /// scope are reported.
    case verb
    /// A copy of an admitted registration (`setScope`, which its caller reports as a verb,
    /// adoption, the sandbox, isolated instances, withdrawal): keep-existing does not apply.
    case copy
    /// A fresh copy in place of the registration it copies, which keeps its place, silent.
    case reset(dropping: [Registration])

    var isVerb: Bool {
        if case .verb = self { true } else { false }
    }
}

/// Where an admitted registration goes.
enum AdmissionPlacement {
    /// The entry of its ID, for its context.
    case entry
    /// Contributions to the point whose registration is admitted: a point registration of
    /// their element type, whose copies hold the point's sets.
    case contributions([ContributionSet.Entry])
}

extension StoreEntries {
    /// The one admission: every writer puts registrations into a store through it (the
    /// register verbs, `contribute`, plugin adoption and withdrawal, `setScope`, the running
    /// check's sandbox, isolated instances, and resets), so a feature that adds a field adds
    /// one check here.
    ///
    /// Checks the ID (a contribution's point and name), the time to live, the context's name,
    /// keep-existing, and a contribution's element type against its point's. A writer that
    /// brings registrations from elsewhere makes the store follow their contexts first, and a
    /// verb reports the outcome and the scope's fit after unlocking (``Container/add(_:to:)``).
    mutating func admit(
        _ registration: Registration, to placement: AdmissionPlacement = .entry,
        as writer: AdmissionWriter = .verb
    ) -> Admission {
        if case .reset(let dropped) = writer {
            setEntry(registration.id, to: registration, dropping: dropped)
            return .added
        }
        if let error = Self.refusal(of: registration, placement) { return .rejected(error) }
        switch placement {
        case .entry:
            // The registration of its ID and context, answering or not, stays.
            if writer.isVerb && registration.keepsExistingRegistration,
                let existing =
                    ([self[registration.id]].compactMap { $0 } + (contexts?.parked[registration.id] ?? []))
                    .first(where: { $0.context == registration.context })
            {
                return .kept(existing)
            }
            // One check for a store without contexts (ContextTable.swift).
            let isContextual =
                registration.context != nil || (contexts != nil && contexts!.parked[registration.id] != nil)
            let previous =
                isContextual ? updateContextual(registration) : setEntry(registration.id, to: registration)
            return previous.map(Admission.replaced) ?? .added
        case .contributions(let added):
            return addContributions(added, to: registration, keepingExisting: writer.isVerb)
        }
    }

    /// The error that rejects `registration` whatever the store holds: an invalid ID, time
    /// to live or context name, its own or a contribution's (a point has no options).
    @inline(__always)
    private static func refusal(of registration: Registration, _ placement: AdmissionPlacement)
        -> ContainerError?
    {
        if let refusal = refusal(of: registration, named: registration.id) { return refusal }
        guard case .contributions(let added) = placement else { return nil }
        return added.lazy.compactMap { Self.refusal(of: $0.registration, named: $0.name) }.first
    }

    /// The error that rejects `registration`, or a contribution of it as `name`, for its ID,
    /// time to live or context name.
    @inline(__always)
    private static func refusal(of registration: Registration, named name: String) -> ContainerError? {
        if let problem = IDValidation.problem(with: name) {
            return .invalidID(name, reason: problem)
        }
        guard registration.hasExtras else { return nil }
        if let problem = ServiceExpiry.problem(with: registration.timeToLive) {
            return .invalidID(registration.id, reason: problem)
        }
        if let name = registration.context?.name, let problem = IDValidation.problem(with: name) {
            return .invalidID(registration.id, reason: "its context's name is invalid: \(problem)")
        }
        return nil
    }

    /// Adds `added` to the point `template` names, each replacing the contribution of its
    /// name and context; a point of placeholders only takes the element type of `template`.
    private mutating func addContributions(
        _ added: [ContributionSet.Entry], to template: Registration, keepingExisting: Bool
    ) -> Admission {
        let point = template.id
        let elementType = template.contributions!.elementType
        var base = template
        var set: ContributionSet?
        if let existing = self[point] {
            guard let present = existing.contributions, existing.acceptsContributions(to: template) else {
                return .rejected(
                    .typeMismatch(
                        id: point, requestedType: "extension point of \(typeName(elementType))",
                        actualType: existing.serviceTypeName))
            }
            if existing.isPlaceholderPoint && !template.isPlaceholderPoint {
                set = ContributionSet(elementType: elementType, entries: present.entries)
            } else {
                (base, set) = (existing, present)
            }
        }
        var parked = contexts?.parkedContributions[point]
        guard set != nil || parked != nil || added.contains(where: { $0.registration.context != nil }) else {
            // A new point without contexts: one set, sorted once.
            let set = ContributionSet(elementType: elementType, entries: added)
            setEntry(point, to: Registration(copying: base, contributions: set), dropping: [])
            return .added
        }
        var contributions = set ?? ContributionSet(elementType: elementType, entries: [])
        var dropped: [Registration] = []
        var admission = Admission.added
        for entry in added {
            let context = entry.registration.context
            if keepingExisting && entry.registration.keepsExistingRegistration,
                let kept = (contributions.entries + (parked ?? [])).first(where: {
                    $0.name == entry.name && $0.registration.context == context
                })
            {
                admission = .kept(kept.registration)
                continue
            }
            let replaced: ContributionSet.Entry?
            if context != nil || parked != nil {
                // Of each name, the contribution that answers; kept when empty, as a context's
                // contribution that answers now still follows the contexts.
                var rewrite = PointRewrite(set: contributions, parked: parked ?? [])
                replaced = rewrite.add(entry, active: (contexts ?? ContextTable()).active)
                (contributions, parked) = (rewrite.set, rewrite.parked)
                dropped += rewrite.dropped
            } else {
                (contributions, replaced) = contributions.adding(entry)
                dropped += replaced.map { [$0.registration] } ?? []
            }
            admission = replaced.map { .replaced($0.registration) } ?? .added
        }
        if let parked {
            contexts = contexts ?? ContextTable()
            contexts!.parkedContributions[point] = parked
        }
        if case .kept = admission, added.count == 1 { return admission }
        setEntry(point, to: Registration(copying: base, contributions: contributions), dropping: dropped)
        return admission
    }

    /// Replaces every registration and contribution that `isReset` accepts with a fresh
    /// copy, which has no services yet: the one way a change resets services (rule 3 of
    /// ``RegistrationStore``).
    @discardableResult
    mutating func resetServices(where isReset: (Registration) -> Bool) -> Int {
        Array(values).reduce(0) { count, registration in count + resetting(registration, where: isReset) }
    }

    /// Admits a fresh copy of `registration` if `isReset` accepts it, else of its point with
    /// fresh copies of the contributions `isReset` accepts; returns how many it reset.
    private mutating func resetting(_ registration: Registration, where isReset: (Registration) -> Bool)
        -> Int
    {
        if isReset(registration) {
            _ = admit(Registration(copying: registration), as: .reset(dropping: []))
            return 1
        }
        guard let contributions = registration.contributions?.resetting(where: isReset) else { return 0 }
        _ = admit(
            Registration(copying: registration, contributions: contributions.set),
            as: .reset(dropping: contributions.replaced))
        return contributions.replaced.count
    }

    /// Resets `dependents`, registrations or contributions of these entries.
    mutating func resetServices(of dependents: [Registration]) {
        guard !dependents.isEmpty else { return }
        let ids = Set(dependents.map(ObjectIdentifier.init))
        resetServices { ids.contains(ObjectIdentifier($0)) }
    }

    /// Resets the services of `registration` alone, if it is still one of these entries or of
    /// its point's contributions: for a service whose time to live is over.
    @discardableResult
    mutating func resetServices(of registration: Registration) -> Bool {
        guard let holder = RegistrationStore.holder(of: registration, in: dictionary) else { return false }
        return resetting(holder, where: { $0 === registration }) > 0
    }

    /// Removes every registration of `id` for a context, keeping the default one: with its
    /// services when it answers now, else put back in the entries as the one that answers.
    mutating func removeContextRegistrations(of id: String) -> Int {
        guard var table = contexts else { return 0 }
        let parked = table.parked.removeValue(forKey: id) ?? []
        let current = self[id]
        let defaultRegistration = parked.first { $0.context == nil }
        removed += parked.filter { $0.context != nil }
        var count = parked.count - (defaultRegistration == nil ? 0 : 1)
        if let current, current.context != nil {
            // The default, parked, has never held a service: it answers from now on.
            setEntry(id, to: defaultRegistration)
            count += 1
            resetDependents(of: [id])
        } else if let defaultRegistration {
            table.parked[id] = [defaultRegistration]
        }
        contexts = table.isEmpty ? nil : table
        return count
    }
}
