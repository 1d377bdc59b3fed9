import DependencyContainerKernel

/// Checks declared dependencies over the registrations of one lookup order: what
/// `Container.verify()` runs once it has walked the order.
///
/// Registrations are added nearest place first. The graph's nodes are registrations in the
/// creation context a load makes them in (``CreationContexts``): each ID's top-level load
/// from the verified container is a root, and a node's dependencies are looked up from its
/// context, so that a cached service of a farther place gets the registrations its factory
/// sees, whose own dependencies are then checked there too. An extension point gathers, per
/// context, the nearest visible contribution of each name, as a load of the point does.
/// Problems belong to registrations: one reached in several contexts reports each once.
struct CompositionVerifier {
    /// One registration of an ID at one place of the lookup order.
    private struct Candidate {
        enum Kind {
            case service(unit: Int)
            /// An extension point: its registration, for its type, and the units of its
            /// contributions, in the order of its entries.
            case point(Registration, units: Range<Int>)
        }

        let place: Int
        let kind: Kind
        /// The next farther candidate of the same ID, or -1.
        var next = -1
    }

    /// A registration (its unit) in a creation context: a node, or a point's contributions.
    private struct ContextKey: Hashable {
        let index: Int
        let context: Int
    }

    /// Whether the container fails loads of captive dependencies, which makes them errors.
    private let captiveIsError: Bool
    /// The places of the lookup order and what each context sees.
    private let contexts: CreationContexts
    /// How many places have begun: the last is where registrations are being added.
    private var placesBegun = 0
    /// Every registration added, services and contributions alike: the units problems belong to.
    private var units: [Registration] = []
    /// What each unit's factory loads: its declared dependencies, or those inferred for its
    /// place in source (``Container/addInferredDependencies(_:forRegistrationAt:line:)``);
    /// `nil` when it is unchecked.
    private var unitDependencies: [[Dependency]?] = []
    /// The load sites to check, each group with the context its loads are made in.
    private var siteGroups: [(sites: [LoadSite], context: Int)] = []
    /// The near miss of each missing ID asked so far, `nil` inside when there is none.
    private var nearMisses: [String: String?] = [:]
    /// The service units keyed by their own concrete type's name (`NotifierImpl`), found when
    /// an existential type key is first missing; `nil` until then.
    private var selfKeyedUnits: [Int]?
    /// Each missing existential type key (`any Notifier`) with the self-keyed units that
    /// conform to it: registrations keyed by their implementation type.
    private var implementationKeyed: [(id: String, units: [Int])] = []
    /// The place each unit was found at.
    private var unitPlaces: [Int] = []
    private var candidates: [Candidate] = []
    /// The nearest candidate of each ID; farther ones follow `Candidate.next`.
    private var nearest: [String: Int] = [:]
    /// The nearest candidate of each ID, in the order added: the top-level loads.
    private var roots: [Int] = []
    /// Each unit's named scope, isolation and caching, read once by ``report()``.
    private var scopeNames: [String?] = []
    private var isolations: [FactoryIsolation] = []
    private var shared: [Bool] = []
    /// The nodes: a unit and the context its factory runs in.
    private var nodeUnits: [Int] = []
    private var nodeContexts: [Int] = []
    /// Each unit's node in the loader's context, or -1: the common case, without a dictionary.
    private var loaderNodes: [Int] = []
    /// The nodes in other contexts.
    private var contextNodes: [ContextKey: Int] = [:]
    /// The contribution units a load of a point gets, by its first visible candidate and context.
    private var pointUnits: [ContextKey: [Int]] = [:]
    /// Whether each unit is a node in some context: a registration a load can reach.
    private var reached: [Bool] = []
    /// The nodes each node's eager dependencies lead to, filled in by ``report()``.
    ///
    /// Those of node *i* are `eagerEdges[edgeStarts[i]..<edgeStarts[i + 1]]`: flat, so that a
    /// graph of *n* nodes costs two arrays rather than *n*.
    private var eagerEdges: [Int] = []
    private var edgeStarts: [Int] = []
    /// The nodes each node's `lazy` handles lead to, laid out as ``eagerEdges``: a cached
    /// service keeps what they load, but they break cycles.
    private var lazyEdges: [Int] = []
    private var lazyStarts: [Int] = []

    init(captiveIsError: Bool, contexts: CreationContexts) {
        self.captiveIsError = captiveIsError
        self.contexts = contexts
    }

    /// Starts the next place of the lookup order, making room for its `count` registrations.
    ///
    /// - Parameter count: How many registrations the place has.
    mutating func beginPlace(count: Int) {
        placesBegun += 1
        units.reserveCapacity(units.count + count)
        unitDependencies.reserveCapacity(units.count + count)
        unitPlaces.reserveCapacity(units.count + count)
        candidates.reserveCapacity(candidates.count + count)
        nearest.reserveCapacity(nearest.count + count)
    }

    /// The place registrations are being added at.
    private var place: Int { placesBegun - 1 }

    /// Adds a registration found at the next place of the lookup order.
    ///
    /// - Parameters:
    ///   - registration: The registration.
    ///   - mayBeShadowed: Whether a nearer place may have registered its ID: `false` for the
    ///     first place, whose IDs are unique, which saves a lookup per registration.
    ///   - inferred: The dependencies inferred for registrations of this place, by their place
    ///     in source.
    mutating func add(
        _ registration: Registration, mayBeShadowed: Bool,
        inferred: [LoadSiteBook.SourcePlace: [Dependency]] = [:]
    ) {
        let kind: Candidate.Kind
        if let contributions = registration.contributions {
            let start = units.count
            for entry in contributions.entries {
                units.append(entry.registration)
                unitDependencies.append(Self.dependencies(of: entry.registration, inferred: inferred))
                unitPlaces.append(place)
            }
            kind = .point(registration, units: start..<units.count)
        } else {
            kind = .service(unit: units.count)
            units.append(registration)
            unitDependencies.append(Self.dependencies(of: registration, inferred: inferred))
            unitPlaces.append(place)
        }
        let index = candidates.count
        candidates.append(Candidate(place: place, kind: kind))
        if mayBeShadowed, var last = nearest[registration.id] {
            while candidates[last].next >= 0 { last = candidates[last].next }
            candidates[last].next = index
            return
        }
        nearest[registration.id] = index
        roots.append(index)
    }

    /// What `registration`'s factory loads: what it declares, or what was inferred for its
    /// place in source when it declares nothing.
    private static func dependencies(
        of registration: Registration, inferred: [LoadSiteBook.SourcePlace: [Dependency]]
    ) -> [Dependency]? {
        if let declared = registration.dependencies { return declared }
        // Most containers have nothing inferred: no place is spelled out for them.
        guard !inferred.isEmpty, let location = location(of: registration) else { return nil }
        return inferred[LoadSiteBook.SourcePlace(file: location.file, line: location.line)]
    }

    /// Adds load sites, checked as loads made from the place `place` of the lookup order
    /// (``CreationContexts``), or from the verified container itself when it is `nil`.
    ///
    /// - Parameters:
    ///   - sites: The sites.
    ///   - place: The place of the container they were added to; `nil` for the verified one.
    mutating func addSites(_ sites: [LoadSite], recordedAt place: Int?) {
        guard !sites.isEmpty else { return }
        let context =
            place.map {
                contexts.context(ofRegistrationAt: $0, isShared: true, loadedFrom: CreationContexts.loader)
            }
            ?? CreationContexts.loader
        siteGroups.append((sites, context))
    }

    /// Checks every registration a load can reach.
    mutating func report() -> VerificationReport {
        scopeNames = units.map(\.scopeName)
        isolations = units.map(\.isolation)
        shared = units.map(\.isShared)
        loaderNodes = [Int](repeating: -1, count: units.count)
        reached = [Bool](repeating: false, count: units.count)
        nodeUnits.reserveCapacity(units.count)
        nodeContexts.reserveCapacity(units.count)
        for root in roots {
            switch candidates[root].kind {
            case .service(let unit):
                _ = node(unit, loadedFrom: CreationContexts.loader)
            case .point:
                for unit in contributionUnits(root, from: CreationContexts.loader) {
                    _ = node(unit, loadedFrom: CreationContexts.loader)
                }
            }
        }
        // Before the nodes: a site of an ancestor may reach registrations in its context only.
        let sites = checkSites()
        var problems = [[VerificationProblem]](repeating: [], count: units.count)
        edgeStarts.reserveCapacity(nodeUnits.count + 1)
        lazyStarts.reserveCapacity(nodeUnits.count + 1)
        // Checking a node may add the nodes its dependencies lead to: they are checked in turn.
        var index = 0
        while index < nodeUnits.count {
            edgeStarts.append(eagerEdges.count)
            lazyStarts.append(lazyEdges.count)
            let unit = nodeUnits[index]
            if let dependencies = unitDependencies[unit] {
                for dependency in dependencies {
                    check(dependency, of: index, into: &problems[unit])
                }
            }
            index += 1
        }
        edgeStarts.append(eagerEdges.count)
        lazyStarts.append(lazyEdges.count)
        checkCaptiveThroughUncached(&problems)
        reportImplementationKeys(&problems)
        for cycle in cycles() + reentries() {
            // A re-entry through another context may retrace a cycle already reported.
            guard !problems[nodeUnits[cycle[0]]].contains(where: { $0.kind == .cycle }) else { continue }
            let first = units[nodeUnits[cycle[0]]]
            let path = cycle.map { units[nodeUnits[$0]].id } + [first.id]
            problems[nodeUnits[cycle[0]]].append(
                problem(
                    .error, .cycle, first, dependency: nil,
                    "eager dependency cycle: \(path.joined(separator: " → ")); take a lazy or provider handle to break it",
                    path: path))
        }
        var checkedCount = 0
        var withProblems: [(unit: Int, verified: VerifiedRegistration)] = []
        var unchecked: [(unit: Int, verified: VerifiedRegistration)] = []
        for unit in units.indices where reached[unit] {
            let registration = units[unit]
            let isChecked = unitDependencies[unit] != nil
            if isChecked {
                checkedCount += 1
            } else {
                unchecked.append((unit, Self.verified(registration, problems: [], isChecked: false)))
            }
            // An unchecked registration has problems only of its key, which need no declaration.
            guard !problems[unit].isEmpty else { continue }
            // A registration reached in several contexts finds the same problem in each.
            var seen: Set<VerificationProblem> = []
            let distinct =
                problems[unit].count == 1
                ? problems[unit] : problems[unit].filter { seen.insert($0).inserted }
            let sorted = distinct.enumerated().sorted {
                ($0.element.severity, $0.offset) < ($1.element.severity, $1.offset)
            }
            withProblems.append(
                (unit, Self.verified(registration, problems: sorted.map(\.element), isChecked: isChecked)))
        }
        func byID(
            _ lhs: (unit: Int, verified: VerifiedRegistration),
            _ rhs: (unit: Int, verified: VerifiedRegistration)
        ) -> Bool {
            (lhs.verified.id, lhs.unit) < (rhs.verified.id, rhs.unit)
        }
        var report = VerificationReport(
            registrations: withProblems.sorted(by: byID).map(\.verified),
            unchecked: unchecked.sorted(by: byID).map(\.verified),
            checkedCount: checkedCount)
        report.siteProblems = sites.problems
        report.uncheckedSites = sites.unchecked
        report.checkedSiteCount = sites.checkedCount
        return report
    }

    /// Checks every load site with the rules of a declared dependency, from its context.
    ///
    /// - Complexity: O(*s*) in the sites, one dictionary lookup each, plus the near misses of
    ///   the missing ones.
    private mutating func checkSites() -> (
        problems: [VerificationProblem], unchecked: [LoadSite], checkedCount: Int
    ) {
        var problems: [VerificationProblem] = []
        var unchecked: [LoadSite] = []
        var checkedCount = 0
        for group in siteGroups {
            for site in group.sites {
                guard let dependency = site.dependency else {
                    unchecked.append(site)
                    continue
                }
                checkedCount += 1
                let subject = "`\(site.expression)`"
                let findings: [Finding]
                switch find(dependency, from: group.context) {
                case .missing(let inOwnContext):
                    findings = [
                        missingFinding(
                            dependency, subject: subject,
                            what: inOwnContext
                                ? "nothing in the lookup order of the container it was added to provides"
                                : nil)
                    ]
                case .service(let unit):
                    _ = node(unit, loadedFrom: group.context)
                    findings =
                        typeFinding(dependency, subject: subject, registeredAs: units[unit]).map { [$0] }
                        ?? []
                case .point(let point, let contributions):
                    for unit in contributions { _ = node(unit, loadedFrom: group.context) }
                    findings =
                        typeFinding(dependency, subject: subject, registeredAs: point).map { [$0] } ?? []
                }
                for finding in findings {
                    problems.append(
                        VerificationProblem(
                            severity: finding.severity, kind: finding.kind, registrationID: site.expression,
                            dependencyID: dependency.id, message: finding.message, location: site.location,
                            site: site))
                }
            }
        }
        // Errors first, then by place in source.
        problems.sort {
            ($0.severity, $0.location?.file ?? "", $0.location?.line ?? 0)
                < ($1.severity, $1.location?.file ?? "", $1.location?.line ?? 0)
        }
        return (problems, unchecked, checkedCount)
    }

    /// The node of `unit` for a load made in `context`, added if it is new.
    private mutating func node(_ unit: Int, loadedFrom context: Int) -> Int {
        let made = contexts.context(
            ofRegistrationAt: unitPlaces[unit], isShared: shared[unit], loadedFrom: context)
        if made == CreationContexts.loader {
            if loaderNodes[unit] >= 0 { return loaderNodes[unit] }
            loaderNodes[unit] = nodeUnits.count
        } else {
            let key = ContextKey(index: unit, context: made)
            if let existing = contextNodes[key] { return existing }
            contextNodes[key] = nodeUnits.count
        }
        reached[unit] = true
        nodeUnits.append(unit)
        nodeContexts.append(made)
        return nodeUnits.count - 1
    }

    /// The first candidate from `first` on that a factory running in `context` sees: the
    /// registration its load of the ID gets.
    private func visibleCandidate(from first: Int, in context: Int) -> Int? {
        var index = first
        while index >= 0 {
            if contexts.sees(candidates[index].place, from: context) { return index }
            index = candidates[index].next
        }
        return nil
    }

    /// The contribution units a load of the point whose first visible candidate is `first`
    /// gets in `context`: the nearest visible contribution of each name, from the visible
    /// candidates of the first one's type, as `LookupPlace.contributionEntries` gathers them.
    private mutating func contributionUnits(_ first: Int, from context: Int) -> [Int] {
        guard case .point(let point, let firstUnits) = candidates[first].kind else { return [] }
        var next = candidates[first].next
        while next >= 0, !contexts.sees(candidates[next].place, from: context) {
            next = candidates[next].next
        }
        // One place contributes: its entries, whose names are unique.
        guard next >= 0 else { return Array(firstUnits) }
        let key = ContextKey(index: first, context: context)
        if let gathered = pointUnits[key] { return gathered }
        var names: Set<String> = []
        var gathered: [Int] = []
        var index = first
        while index >= 0 {
            defer { index = candidates[index].next }
            guard contexts.sees(candidates[index].place, from: context),
                case .point(let registration, let units) = candidates[index].kind,
                // A point of another element type in a farther container: a load of it skips it.
                // A point of a plugin's placeholders only has none yet.
                ObjectIdentifier(registration.serviceType) == ObjectIdentifier(point.serviceType)
                    || registration.isPlaceholderPoint || point.isPlaceholderPoint,
                let entries = registration.contributions?.entries
            else { continue }
            for (offset, unit) in units.enumerated() where names.insert(entries[offset].name).inserted {
                gathered.append(unit)
            }
        }
        pointUnits[key] = gathered
        return gathered
    }

    /// What a load of a dependency finds from a context.
    private enum Found {
        /// Nothing; `inOwnContext` when a registration exists that the context does not see.
        case missing(inOwnContext: Bool)
        case service(unit: Int)
        /// A point: its registration, for its type, and the contributions a load gets.
        case point(Registration, contributions: [Int])
    }

    /// What a load of `dependency` made in `context` finds: the lookup that declared
    /// dependencies and load sites share.
    private mutating func find(_ dependency: Dependency, from context: Int) -> Found {
        guard let first = nearest[dependency.id] else { return .missing(inOwnContext: false) }
        guard let found = visibleCandidate(from: first, in: context) else {
            return .missing(inOwnContext: true)
        }
        switch candidates[found].kind {
        case .service(let unit):
            return .service(unit: unit)
        case .point(let point, _):
            return .point(point, contributions: contributionUnits(found, from: context))
        }
    }

    /// Checks one declared dependency of node `index`, from its context, recording its edges
    /// and adding the nodes they lead to.
    private mutating func check(
        _ dependency: Dependency, of index: Int, into problems: inout [VerificationProblem]
    ) {
        let holderUnit = nodeUnits[index]
        let holder = units[holderUnit]
        let context = nodeContexts[index]
        switch find(dependency, from: context) {
        case .missing(let inOwnContext):
            reportMissing(dependency, of: holder, inOwnContext: inOwnContext, &problems)
        case .service(let unit):
            let target = node(unit, loadedFrom: context)
            if dependency.kind == .eager { eagerEdges.append(target) }
            if dependency.kind == .lazy { lazyEdges.append(target) }
            checkType(dependency, of: holder, registeredAs: units[unit], &problems)
            checkReached(unit, by: dependency, of: holderUnit, &problems)
        case .point(let point, let contributions):
            for unit in contributions {
                let target = node(unit, loadedFrom: context)
                if dependency.kind == .eager { eagerEdges.append(target) }
                if dependency.kind == .lazy { lazyEdges.append(target) }
            }
            checkType(dependency, of: holder, registeredAs: point, &problems)
            for unit in contributions {
                checkReached(unit, by: dependency, of: holderUnit, &problems)
            }
        }
    }

    /// A problem's severity, kind and message, before it is given its registration or site.
    private struct Finding {
        let severity: VerificationProblem.Severity
        let kind: VerificationProblem.Kind
        let message: String
    }

    /// Reports a dependency that no registration provides, or, with `inOwnContext`, none that
    /// the context `holder` is made in sees: a cached service of a farther place made where it
    /// is registered, or an uncached service such a service loads.
    private mutating func reportMissing(
        _ dependency: Dependency, of holder: Registration, inOwnContext: Bool,
        _ problems: inout [VerificationProblem]
    ) {
        let what: String?
        if !inOwnContext {
            what = nil
        } else if holder.isShared {
            what =
                "nothing in its own context provides: it is cached where it is registered, whose factory does not see the nearer registration"
        } else {
            what =
                "nothing in its own context provides when a cached service of a farther place loads it: made in that service's context, it does not see the nearer registration"
        }
        let finding = missingFinding(dependency, subject: "'\(holder.id)'", what: what)
        problems.append(
            problem(finding.severity, finding.kind, holder, dependency: dependency.id, finding.message))
    }

    /// The problem of a dependency that nothing provides, for a declaration and a load site
    /// alike: an error if it is required, a note if it is optional, with the registered ID
    /// nearest to it.
    ///
    /// - Parameters:
    ///   - dependency: The dependency.
    ///   - subject: Who loads it, as the message names it.
    ///   - what: Why nothing provides it, when a registration exists that the load cannot see;
    ///     `nil` when nothing in the lookup order does.
    /// - Returns: The finding.
    private mutating func missingFinding(_ dependency: Dependency, subject: String, what: String?) -> Finding
    {
        let isPoint = dependency.serviceType.hasPrefix("extension point of ")
        var why =
            what
            ?? (isPoint
                ? "no contribution in its lookup order provides" : "nothing in its lookup order provides")
        if what == nil, let keyed = implementationKeyedUnits(for: dependency), !keyed.isEmpty {
            let names = keyed.map { "'\(units[$0].id)'" }.joined(separator: ", ")
            why +=
                "; \(names) conform\(keyed.count == 1 ? "s" : "") to it, registered under \(keyed.count == 1 ? "its implementation type" : "their implementation types")"
        } else if what == nil, let nearMiss = nearMiss(of: dependency.id) {
            why += "; did you mean '\(IDValidation.abbreviated(nearMiss))'?"
        }
        if dependency.isOptional {
            return Finding(
                severity: .note, kind: .missingOptionalDependency,
                message:
                    "\(subject) loads optional '\(dependency.id)' (\(dependency.serviceType)), which \(why): it gets \(isPoint ? "[]" : "nil")"
            )
        }
        return Finding(
            severity: .error, kind: .missingDependency,
            message: "\(subject) requires '\(dependency.id)' (\(dependency.serviceType)), which \(why)")
    }

    /// The registrations keyed by their own concrete type that conform to a missing type key.
    ///
    /// For a dependency on an existential asked for by its type key (`any Notifier`) that
    /// nothing registers; `nil` for any other dependency. Recorded once per ID, for
    /// ``reportImplementationKeys(_:)``.
    ///
    /// - Complexity: O(*n*) in the registered IDs the first time, to name their types; then
    ///   one conformance check per self-keyed registration, per missing existential ID.
    private mutating func implementationKeyedUnits(for dependency: Dependency) -> [Int]? {
        guard let wanted = dependency.registeredType, isExistential(wanted),
            dependency.id == typeName(wanted)
        else { return nil }
        if let known = implementationKeyed.first(where: { $0.id == dependency.id }) { return known.units }
        if selfKeyedUnits == nil {
            selfKeyedUnits = nearest.values.compactMap { index -> Int? in
                guard case .service(let unit) = candidates[index].kind else { return nil }
                let type = units[unit].serviceType
                return !isExistential(type) && String(describing: type) == units[unit].id ? unit : nil
            }
            .sorted()
        }
        let conforming = (selfKeyedUnits ?? []).filter {
            conformsToExistential(units[$0].serviceType, wanted)
        }
        implementationKeyed.append((dependency.id, conforming))
        return conforming
    }

    /// Reports, at its registering line, each registration keyed by its implementation type
    /// that conforms to an existential type key nothing registers: loads ask for the protocol,
    /// and only a key of the protocol's type answers them.
    ///
    /// A registration whose own key some declaration or site loads is meant to be keyed so: the
    /// missing protocol key stays reported where it is asked for, and the registration is not.
    private func reportImplementationKeys(_ problems: inout [[VerificationProblem]]) {
        guard implementationKeyed.contains(where: { !$0.units.isEmpty }) else { return }
        var loaded: Set<String> = []
        for dependencies in unitDependencies {
            for dependency in dependencies ?? [] { loaded.insert(dependency.id) }
        }
        for group in siteGroups {
            for site in group.sites { if let dependency = site.dependency { loaded.insert(dependency.id) } }
        }
        for (id, keyed) in implementationKeyed {
            let wanted = String(id.dropFirst("any ".count))
            // `Notifier.self` names `any Notifier`; a composition needs its `any` and parentheses.
            let spelled =
                wanted.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
                ? "\(wanted).self" : "(\(id)).self"
            for unit in keyed where !loaded.contains(units[unit].id) {
                let registration = units[unit]
                problems[unit].append(
                    problem(
                        .error, .implementationTypeKey, registration, dependency: id,
                        "'\(registration.id)' is registered under its implementation type; loads ask for '\(id)', which it conforms to: register it as .type(\(spelled))"
                    ))
            }
        }
    }

    /// The registered ID nearest to `id`, by the rule of a failed load's message
    /// (`RegisteredIDs.Collector`), once per missing ID.
    ///
    /// - Complexity: O(*n*) in the registered IDs, the first time `id` is asked.
    private mutating func nearMiss(of id: String) -> String? {
        if let known = nearMisses[id] { return known }
        var collector = RegisteredIDs.Collector(requested: id)
        for candidate in nearest.keys { collector.add(candidate) }
        let found = collector.summary.nearMiss
        nearMisses[id] = .some(found)
        return found
    }

    /// Checks what loading the unit `target` does to the unit `holder`: captive dependencies
    /// and isolation, from the facts ``report()`` read once per unit.
    private func checkReached(
        _ target: Int, by dependency: Dependency, of holder: Int, _ problems: inout [VerificationProblem]
    ) {
        // Most units are neither isolated nor in a named scope: two array reads rule both out.
        if let targetScope = scopeNames[target] {
            checkCaptive(
                dependency, of: units[holder], target: units[target], targetScope: targetScope, &problems)
        }
        if isolations[target] != .nonisolated {
            checkIsolation(
                dependency, of: units[holder], holderIsolation: isolations[holder], target: units[target],
                targetIsolation: isolations[target], &problems)
        }
    }

    private func checkType(
        _ dependency: Dependency, of holder: Registration, registeredAs target: Registration,
        _ problems: inout [VerificationProblem]
    ) {
        guard let finding = typeFinding(dependency, subject: "'\(holder.id)'", registeredAs: target) else {
            return
        }
        problems.append(
            problem(finding.severity, finding.kind, holder, dependency: dependency.id, finding.message))
    }

    /// The problem of a dependency registered with another type than the one asked for, for a
    /// declaration and a load site alike, or `nil`.
    private func typeFinding(_ dependency: Dependency, subject: String, registeredAs target: Registration)
        -> Finding?
    {
        // The types first: a type's name takes a reflection call to make.
        if let type = dependency.registeredType,
            ObjectIdentifier(type) == ObjectIdentifier(target.serviceType)
        {
            return nil
        }
        // Registered as `Any` (a plugin's placeholder until its library loads): each load casts
        // what it makes, so no type can be judged here.
        if ObjectIdentifier(target.serviceType) == ObjectIdentifier(Any.self) { return nil }
        // So is a point of placeholders only: its element type is known only to the libraries.
        if target.isPlaceholderPoint { return nil }
        // The original API's `load(for:)` wraps whatever is registered as an item.
        if dependency.registeredType == nil, dependency.serviceType == Dependency.originalAPIServiceType {
            return nil
        }
        let actual = target.serviceTypeName
        guard actual != dependency.serviceType else { return nil }
        return Finding(
            severity: .error, kind: .typeMismatch,
            message:
                "\(subject) asks for '\(dependency.id)' as \(dependency.serviceType), but it is registered as \(actual)"
        )
    }

    /// A cached service keeps what it loads eagerly and what its `lazy` handles load; the
    /// engine's rule (`Container.checkNotCaptive(_:heldBy:)`) on declared edges.
    private func checkCaptive(
        _ dependency: Dependency, of holder: Registration, target: Registration, targetScope: String,
        _ problems: inout [VerificationProblem]
    ) {
        guard dependency.kind != .provider, holder.isShared,
            Container.keepsCaptive(holderScope: holder.scopeName, dependencyScope: targetScope)
        else { return }
        let holderScope = holder.scopeName.map { "scope \($0)" } ?? "\(holder.scope)"
        let how = dependency.kind == .lazy ? "through a lazy handle" : "eagerly"
        problems.append(
            problem(
                captiveIsError ? .error : .warning, .captiveDependency, holder, dependency: dependency.id,
                "'\(holder.id)' (\(holderScope)) loads '\(target.id)' of scope \(targetScope) \(how) and keeps it after reset(scope:); take a provider handle"
            ))
    }

    private func checkIsolation(
        _ dependency: Dependency, of holder: Registration, holderIsolation: FactoryIsolation,
        target: Registration,
        targetIsolation: FactoryIsolation, _ problems: inout [VerificationProblem]
    ) {
        // An async factory awaits its loads; another runs them synchronously, on the main
        // thread only if it is a main-actor one.
        guard dependency.kind == .eager, holderIsolation != .asynchronous,
            !Container.mayRunSynchronously(targetIsolation, onMainThread: holderIsolation == .mainActor)
        else { return }
        let message: String
        switch (holderIsolation, targetIsolation) {
        case (.nonisolated, .mainActor):
            message =
                "nonisolated factory of '\(holder.id)' loads main-actor '\(target.id)' synchronously: off the main actor it gets nil unless the service exists; register it with registerOnMainActor or take a handle"
        case (_, .asynchronous):
            message =
                "synchronous factory of '\(holder.id)' loads async '\(target.id)': it gets nil unless the service exists; register it with registerAsync and load it with loadAsync"
        default:
            return
        }
        problems.append(problem(.error, .isolation, holder, dependency: dependency.id, message))
    }

    /// Reports the named-scope services a cached service keeps through the uncached (transient
    /// or graph) services it loads eagerly: the engine's holder is the innermost cached frame,
    /// so what those load, eagerly or through a `lazy` handle, is kept by the cached service.
    ///
    /// Its direct dependencies are checked with the others (`checkReached`).
    ///
    /// - Complexity: O(*n* · *d*) to find what each uncached node keeps, once, plus the size
    ///   of those lists for each cached node that loads uncached ones.
    private func checkCaptiveThroughUncached(_ problems: inout [[VerificationProblem]]) {
        var kept = [[Int]?](repeating: nil, count: nodeUnits.count)
        for holder in nodeUnits.indices where shared[nodeUnits[holder]] {
            let holderRegistration = units[nodeUnits[holder]]
            var reported: Set<Int> = []
            for edge in edgeStarts[holder]..<edgeStarts[holder + 1] {
                let via = eagerEdges[edge]
                guard !shared[nodeUnits[via]] else { continue }
                if kept[via] == nil { keptScoped(from: via, into: &kept) }
                for target in kept[via] ?? [] {
                    let targetUnit = nodeUnits[target]
                    guard
                        Container.keepsCaptive(
                            holderScope: holderRegistration.scopeName, dependencyScope: scopeNames[targetUnit]
                        ),
                        reported.insert(targetUnit).inserted
                    else { continue }
                    let holderScope =
                        holderRegistration.scopeName.map { "scope \($0)" } ?? "\(holderRegistration.scope)"
                    problems[nodeUnits[holder]].append(
                        problem(
                            captiveIsError ? .error : .warning, .captiveDependency, holderRegistration,
                            dependency: units[targetUnit].id,
                            "'\(holderRegistration.id)' (\(holderScope)) keeps '\(units[targetUnit].id)' of scope \(scopeNames[targetUnit] ?? "") through the uncached '\(units[nodeUnits[via]].id)' it loads eagerly, after reset(scope:); take a provider handle"
                        ))
                }
            }
        }
    }

    /// Fills `kept` for the uncached node `root` and the uncached nodes it loads eagerly.
    ///
    /// Each gets the named-scope nodes it reaches through uncached nodes. Iterative, for long
    /// chains; a cycle of uncached nodes (reported as a cycle) ends the walk.
    private func keptScoped(from root: Int, into kept: inout [[Int]?]) {
        var onStack = Set<Int>([root])
        var stack: [(node: Int, next: Int)] = [(root, edgeStarts[root])]
        while let (node, next) = stack.last {
            if next < edgeStarts[node + 1] {
                stack[stack.count - 1].next += 1
                let target = eagerEdges[next]
                if !shared[nodeUnits[target]], kept[target] == nil, onStack.insert(target).inserted {
                    stack.append((target, edgeStarts[target]))
                }
                continue
            }
            var result: [Int] = []
            var seen: Set<Int> = []
            for edge in edgeStarts[node]..<edgeStarts[node + 1] {
                let target = eagerEdges[edge]
                if shared[nodeUnits[target]] {
                    if scopeNames[nodeUnits[target]] != nil, seen.insert(target).inserted {
                        result.append(target)
                    }
                } else {
                    for scoped in kept[target] ?? [] where seen.insert(scoped).inserted {
                        result.append(scoped)
                    }
                }
            }
            for edge in lazyStarts[node]..<lazyStarts[node + 1] {
                let target = lazyEdges[edge]
                if scopeNames[nodeUnits[target]] != nil, seen.insert(target).inserted {
                    result.append(target)
                }
            }
            kept[node] = result
            onStack.remove(node)
            stack.removeLast()
        }
    }

    /// Each cycle of eager edges once, as node indices from the node where the walk entered it.
    ///
    /// An iterative depth-first search: O(*n* + *e*), and no recursion for long chains.
    private func cycles() -> [[Int]] {
        enum Mark { case unvisited, onPath, done }
        var marks = [Mark](repeating: .unvisited, count: nodeUnits.count)
        var found: [[Int]] = []
        var path: [Int] = []
        /// Where each node on the path is in it.
        var positions = [Int](repeating: 0, count: nodeUnits.count)
        var stack: [(node: Int, next: Int)] = []
        for start in nodeUnits.indices
        where marks[start] == .unvisited && edgeStarts[start] < edgeStarts[start + 1] {
            stack.append((start, edgeStarts[start]))
            marks[start] = .onPath
            positions[start] = path.count
            path.append(start)
            while let (node, next) = stack.last {
                guard next < edgeStarts[node + 1] else {
                    stack.removeLast()
                    marks[node] = .done
                    path.removeLast()
                    continue
                }
                stack[stack.count - 1].next += 1
                let target = eagerEdges[next]
                switch marks[target] {
                case .unvisited:
                    marks[target] = .onPath
                    positions[target] = path.count
                    path.append(target)
                    stack.append((target, edgeStarts[target]))
                case .onPath:
                    found.append(Array(path[positions[target]...]))
                case .done:
                    break
                }
            }
        }
        return found
    }

    /// The eager paths from a node to another node of the same registration, one per
    /// registration: the engine finds a cycle when a factory already running on the thread is
    /// asked for again (`Container.checkNoCycle`), whatever context each load is made in.
    ///
    /// Only an uncached registration has several nodes: one per context that loads it. The
    /// path leaves its first node and re-enters it, in another context, through a cached
    /// service of a farther place, so a lookup order without child containers or overrides
    /// has none of these and costs nothing here.
    ///
    /// - Complexity: O(*n* + *e*) per node of a registration reached in several contexts.
    private func reentries() -> [[Int]] {
        guard !contextNodes.isEmpty else { return [] }
        var nodesOfUnit: [Int: [Int]] = [:]
        for (key, node) in contextNodes {
            nodesOfUnit[key.index, default: loaderNodes[key.index] >= 0 ? [loaderNodes[key.index]] : []]
                .append(node)
        }
        var found: [[Int]] = []
        for unit in nodesOfUnit.keys.sorted() {
            guard let nodes = nodesOfUnit[unit], nodes.count > 1 else { continue }
            for start in nodes.sorted() {
                guard let path = eagerPath(from: start, toAnotherOf: unit) else { continue }
                found.append(path)
                break
            }
        }
        return found
    }

    /// The nodes of an eager path from `start` to the edge that reaches another node of
    /// `unit`, breadth first, or `nil`.
    private func eagerPath(from start: Int, toAnotherOf unit: Int) -> [Int]? {
        var cameFrom = [Int: Int]()
        cameFrom[start] = start
        var queue = [start]
        var head = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            for edge in edgeStarts[node]..<edgeStarts[node + 1] {
                let target = eagerEdges[edge]
                if target != start, nodeUnits[target] == unit {
                    var path = [node]
                    while path[path.count - 1] != start {
                        path.append(cameFrom[path[path.count - 1]] ?? start)
                    }
                    return path.reversed()
                }
                if cameFrom[target] == nil {
                    cameFrom[target] = node
                    queue.append(target)
                }
            }
        }
        return nil
    }

    private func problem(
        _ severity: VerificationProblem.Severity, _ kind: VerificationProblem.Kind, _ holder: Registration,
        dependency: String?, _ message: String, path: [String] = []
    ) -> VerificationProblem {
        VerificationProblem(
            severity: severity, kind: kind, registrationID: holder.id, dependencyID: dependency,
            message: message,
            path: path, location: Self.location(of: holder))
    }

    static func location(of registration: Registration) -> VerifiedRegistration.Location? {
        switch registration.provider {
        case .closure(let file, let line), .declaredType(_, let file, let line):
            return VerifiedRegistration.Location(file: "\(file)", line: Int(line))
        case .type:
            return nil
        }
    }

    static func verified(
        _ registration: Registration, problems: [VerificationProblem], isChecked: Bool? = nil
    )
        -> VerifiedRegistration
    {
        let context = registration.context.map { "\($0)" }
        return VerifiedRegistration(
            id: registration.id,
            provider: registration.provider.description + (context.map { " for context \($0)" } ?? ""),
            location: location(of: registration), isChecked: isChecked ?? (registration.dependencies != nil),
            problems: problems, context: context)
    }
}
