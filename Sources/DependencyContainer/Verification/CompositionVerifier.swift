import DependencyContainerKernel

/// `verify()`'s walk: the engine's lookup (`Container.lookUp`), contribution gathering
/// (`contributionEntries`) and ``LoadPlan`` over the declared dependencies, depth first, with
/// the stack as a load's frames.
///
/// A node is a registration (a unit, which problems belong to) in the context its plan makes
/// it in; each ID of the lookup order and each load site is a root. Contexts that see the same
/// places are one, so a lookup order without child containers or overrides has one context.
struct CompositionVerifier {
    private struct Unit {
        let registration: Registration
        /// What its factory loads: declared, or inferred for its place in source; `nil` when it
        /// is unchecked.
        let dependencies: [Dependency]?
        /// Its place in the verified lookup order.
        let place: Int
        let scopeName: String?
        let isolation: FactoryIsolation
    }

    /// A factory running, as on a load's stack of frames.
    private struct Frame {
        let node: Int
        /// Its eager edges: `edges[next..<end]` are still to follow.
        let start: Int
        var next: Int
        let end: Int
        /// For an uncached service, the named-scope units its loader keeps through it.
        var kept: [Int]
        /// For a cached one, the units already reported as kept through an uncached service.
        var reported: Set<Int> = []
    }

    /// A problem's severity, kind and message, before it is given its registration or site.
    private struct Finding {
        let severity: VerificationProblem.Severity
        let kind: VerificationProblem.Kind
        let message: String
    }

    /// The order problems of one severity are listed in, as each pass adds them.
    private enum Phase: Int { case dependency, captiveThroughUncached, implementationKey, cycle }

    private let captiveIsError: Bool
    private let thread = ThreadState.current
    /// The verified lookup order, nearest first, each place's context and its container's book.
    private let places: [LookupPlace]
    private let placeContexts: [Int]
    private let books: [(sites: [LoadSite], inferred: [LoadSiteBook.SourcePlace: [Dependency]])]
    /// The contexts factories run in; the first is a top-level load's.
    private let contexts: [CreationContext]
    /// Every ID of the lookup order, nearest place first.
    private var ids: [String] = []
    private var idSet: Set<String> = []
    private var units: [Unit] = []
    private var unitOf: [ObjectIdentifier: Int] = [:]
    private var rootServices: [Int] = []
    private var problems: [[(phase: Phase, problem: VerificationProblem)]] = []
    private var nodeUnits: [Int] = []
    private var nodeContexts: [Int] = []
    /// `nodeOf[unit * contexts.count + context]`: the node, or -1.
    private var nodeOf: [Int] = []
    private var visited: [Bool] = []
    /// What each uncached node keeps (``Frame/kept``), once walked.
    private var kept: [[Int]] = []
    /// Where each unit is on the stack, or -1.
    private var stackPositions: [Int] = []
    private var stack: [Frame] = []
    private var edges: [Int] = []
    /// Each node's eager edges, kept only with several contexts, for ``reentries()``.
    private var eagerEdges: [[Int]] = []
    /// The nodes to walk from, in the order made: each is walked once, from no frame unless an
    /// eager edge reached it first.
    private var pending: [Int] = []
    private var siteGroups: [(sites: [LoadSite], context: Int)] = []
    private var nearMisses: [String: String?] = [:]
    /// Each missing existential type key (`any Notifier`) with the self-keyed units that
    /// conform to it; `selfKeyed`, the root units keyed by their own concrete type's name.
    private var implementationKeyed: [(id: String, units: [Int])] = []
    private var selfKeyed: [Int]?

    init(verifying container: Container) {
        captiveIsError = container.captiveDependencyPolicy == .fail
        let overrides = OverrideScope.current
        var places: [LookupPlace] = []
        _ = container.walkLookupOrder(overrides: overrides) { place in
            places.append(place)
            return .absent
        }
        self.places = places
        var contexts: [CreationContext] = [(container, overrides)]
        var keys = [Self.key(of: contexts[0])]
        placeContexts = places.map { place in
            let key = Self.key(of: place.creationContext)
            if let index = keys.firstIndex(where: { $0 == key }) { return index }
            keys.append(key)
            contexts.append(place.creationContext)
            return contexts.count - 1
        }
        self.contexts = contexts
        // An override's registrations use the book of the container it overrides.
        books = places.map { $0.creationContext.container.loadSiteBook.snapshot }
        for (index, place) in places.enumerated() {
            // A container's sites once, at its own place.
            if case .own(let owner) = place {
                siteGroups.append((books[index].sites, owner === container ? 0 : placeContexts[index]))
            }
            for id in place.store.read({ Array($0.keys) }) where idSet.insert(id).inserted { ids.append(id) }
        }
    }

    /// A context's identity: its container and the first of its override scopes that is for
    /// that container or an ancestor, the rest being the same walk.
    private static func key(of context: CreationContext) -> (ObjectIdentifier, ObjectIdentifier?) {
        var scope = context.overrides
        scopes: while let current = scope {
            var container: Container? = context.container
            while let candidate = container {
                if current.target === candidate { break scopes }
                container = candidate.parent
            }
            scope = current.enclosing
        }
        return (ObjectIdentifier(context.container), scope.map(ObjectIdentifier.init))
    }

    /// Checks every registration a load can reach, and every load site.
    mutating func report() -> VerificationReport {
        for id in ids {
            guard let found = find(id, marker: nil, from: 0) else { continue }
            if found.service >= 0 { rootServices.append(found.service) }
            for unit in found.service >= 0 ? [found.service] : found.units { _ = node(unit, loadedFrom: 0, by: nil) }
        }
        // Before the nodes: a site of an ancestor may reach registrations in its context only.
        let sites = checkSites()
        var index = 0
        while index < pending.count {
            walk(from: pending[index])
            index += 1
        }
        if contexts.count > 1 { reentries() }
        reportImplementationKeys()
        var checkedCount = 0
        var withProblems: [(unit: Int, verified: VerifiedRegistration)] = []
        var unchecked: [(unit: Int, verified: VerifiedRegistration)] = []
        for (index, unit) in units.enumerated() {
            let isChecked = unit.dependencies != nil
            if isChecked {
                checkedCount += 1
            } else {
                unchecked.append((index, Self.verified(unit.registration, problems: [], isChecked: false)))
            }
            guard !problems[index].isEmpty else { continue }
            // A registration reached in several contexts finds the same problem in each.
            var seen: Set<VerificationProblem> = []
            let sorted = problems[index].filter { seen.insert($0.problem).inserted }.enumerated().sorted {
                ($0.element.problem.severity, $0.element.phase.rawValue, $0.offset)
                    < ($1.element.problem.severity, $1.element.phase.rawValue, $1.offset)
            }
            withProblems.append(
                (index, Self.verified(unit.registration, problems: sorted.map(\.element.problem), isChecked: isChecked)))
        }
        func byID(_ lhs: (unit: Int, verified: VerifiedRegistration), _ rhs: (unit: Int, verified: VerifiedRegistration))
            -> Bool
        {
            (lhs.verified.id, units[lhs.unit].place, lhs.unit) < (rhs.verified.id, units[rhs.unit].place, rhs.unit)
        }
        var report = VerificationReport(
            registrations: withProblems.sorted(by: byID).map(\.verified),
            unchecked: unchecked.sorted(by: byID).map(\.verified), checkedCount: checkedCount)
        report.siteProblems = sites.problems
        report.uncheckedSites = sites.unchecked
        report.checkedSiteCount = sites.checkedCount
        return report
    }

    /// What a load of `name` made in `context` gets, by the engine's lookup and, for an
    /// extension point, its gathering: the unit of a service (`service`, else -1) or the
    /// contributions' (`units`).
    private mutating func find(_ name: String, marker: Any.Type?, from context: Int)
        -> (registration: Registration, service: Int, units: [Int])?
    {
        let loader = contexts[context]
        guard let found = loader.container.lookUp(name, overrides: loader.overrides, thread: thread) else {
            return nil
        }
        guard found.registration.contributions != nil else {
            return (found.registration, unit(found.registration, at: found.place), [])
        }
        let entries = OverrideScope.binding(loader.overrides) {
            loader.container.contributionEntries(
                pointNamed: name, marker: marker ?? found.registration.serviceType, elementType: Any.self,
                thread: thread
            ).entries
        }
        return (found.registration, -1, entries.map { unit($0.registration, at: nil) })
    }

    /// The unit of `registration`, found at `place` (`nil` for a contribution: the one that
    /// holds it), added if it is new.
    private mutating func unit(_ registration: Registration, at place: LookupPlace?) -> Int {
        if let known = unitOf[ObjectIdentifier(registration)] { return known }
        let holder = place ?? contexts[0].container.place(holding: registration, overrides: contexts[0].overrides)
        let index = holder.flatMap { holder in places.firstIndex { $0.store === holder.store } } ?? 0
        var dependencies = registration.dependencies
        // Most containers have nothing inferred: no place is spelled out for them.
        if dependencies == nil, !books[index].inferred.isEmpty, let location = Self.location(of: registration) {
            dependencies = books[index].inferred[LoadSiteBook.SourcePlace(file: location.file, line: location.line)]
        }
        units.append(
            Unit(
                registration: registration, dependencies: dependencies, place: index,
                scopeName: registration.scopeName, isolation: registration.isolation))
        unitOf[ObjectIdentifier(registration)] = units.count - 1
        problems.append([])
        stackPositions.append(-1)
        nodeOf += repeatElement(-1, count: contexts.count)
        return units.count - 1
    }

    /// The node of `unit` for a load made in `context` by the factory of `holder`, added if it
    /// is new, with the load's plan.
    private mutating func node(_ unit: Int, loadedFrom context: Int, by holder: Int?) -> (
        node: Int, plan: LoadPlan<Int>
    ) {
        let holder = holder.map { units[$0] }
        let plan = LoadPlan(
            units[unit].registration, registeredIn: placeContexts[units[unit].place], loadedIn: context,
            heldBy: holder.flatMap { $0.registration.isShared ? $0.registration : nil },
            onMainThread: holder?.isolation == .mainActor)
        let key = unit * contexts.count + plan.context
        if nodeOf[key] < 0 {
            nodeOf[key] = nodeUnits.count
            nodeUnits.append(unit)
            nodeContexts.append(plan.context)
            visited.append(false)
            kept.append([])
            if contexts.count > 1 { eagerEdges.append([]) }
            pending.append(nodeUnits.count - 1)
        }
        return (nodeOf[key], plan)
    }

    /// Walks the eager edges from `root`, as a load would run the factories.
    private mutating func walk(from root: Int) {
        guard !visited[root] else { return }
        push(root)
        while let frame = stack.last {
            if frame.next < frame.end {
                stack[stack.count - 1].next += 1
                let target = edges[frame.next]
                if stackPositions[nodeUnits[target]] >= 0 {
                    // The engine's rule: a factory already running is asked for again.
                    reportCycle(from: stackPositions[nodeUnits[target]])
                } else if !visited[target] {
                    push(target)
                } else {
                    absorb(target)
                }
                continue
            }
            stack.removeLast()
            edges.removeLast(edges.count - frame.start)
            stackPositions[nodeUnits[frame.node]] = -1
            if !frame.kept.isEmpty {
                var seen: Set<Int> = []
                kept[frame.node] = frame.kept.filter { seen.insert($0).inserted }
            }
            if !stack.isEmpty { absorb(frame.node) }
        }
    }

    /// Starts `node`'s factory: checks each declared dependency by its plan and records the
    /// edges.
    private mutating func push(_ node: Int) {
        let holderIndex = nodeUnits[node]
        let holder = units[holderIndex]
        let context = nodeContexts[node]
        visited[node] = true
        stackPositions[holderIndex] = stack.count
        let start = edges.count
        var keptLazily: [Int] = []
        for dependency in holder.dependencies ?? [] {
            guard let found = find(dependency.id, marker: dependency.registeredType, from: context) else {
                reportMissing(dependency, of: holder.registration, inOwnContext: idSet.contains(dependency.id), at: holderIndex)
                continue
            }
            if let finding = typeFinding(dependency, subject: "'\(holder.registration.id)'", registeredAs: found.registration) {
                add(finding, at: holderIndex, dependency: dependency.id)
            }
            // Allocation-free for a service: one edge per dependency.
            for offset in 0..<(found.service >= 0 ? 1 : found.units.count) {
                let unit = found.service >= 0 ? found.service : found.units[offset]
                let (target, plan) = self.node(unit, loadedFrom: context, by: holderIndex)
                if dependency.kind != .provider, plan.captiveHolder != nil {
                    reportCaptive(unit, of: holderIndex, how: dependency.kind == .lazy ? "through a lazy handle" : "eagerly")
                }
                if dependency.kind == .eager, holder.isolation != .asynchronous, !plan.mayRunFactory {
                    reportIsolation(unit, of: holderIndex)
                }
                switch dependency.kind {
                case .eager:
                    edges.append(target)
                    if contexts.count > 1 { eagerEdges[node].append(target) }
                case .lazy:
                    if units[unit].scopeName != nil { keptLazily.append(unit) }
                case .provider:
                    break
                }
            }
        }
        stack.append(Frame(node: node, start: start, next: start, end: edges.count, kept: keptLazily))
    }

    /// Takes in what the finished `target` keeps into the frame that loaded it: the named-scope
    /// services an uncached service loads are kept by the cached service that loads it.
    private mutating func absorb(_ target: Int) {
        let top = stack.count - 1
        let targetUnit = nodeUnits[target]
        guard !units[targetUnit].registration.isShared else {
            if units[targetUnit].scopeName != nil { stack[top].kept.append(targetUnit) }
            return
        }
        let holderIndex = nodeUnits[stack[top].node]
        guard units[holderIndex].registration.isShared else {
            stack[top].kept += kept[target]
            return
        }
        for scoped in kept[target]
        where Container.keepsCaptive(units[holderIndex].registration, units[scoped].registration)
            && stack[top].reported.insert(scoped).inserted
        {
            reportCaptive(scoped, of: holderIndex, through: targetUnit)
        }
    }

    /// Reports the cycle of the units on the stack from `position` on, once per registration.
    private mutating func reportCycle(from position: Int) {
        reportCycle(stack[position...].map { nodeUnits[$0.node] })
    }

    private mutating func reportCycle(_ path: [Int]) {
        let first = units[path[0]].registration
        guard !problems[path[0]].contains(where: { $0.problem.kind == .cycle }) else { return }
        let ids = path.map { units[$0].registration.id } + [first.id]
        problems[path[0]].append(
            (
                .cycle,
                problem(
                    .error, .cycle, first, dependency: nil,
                    "eager dependency cycle: \(ids.joined(separator: " → ")); take a lazy or provider handle to break it",
                    path: ids)
            ))
    }

    /// The cycles the walk cannot see: an uncached registration whose node in one context reaches,
    /// through a cached service of a farther place whose walk was done already, its node in
    /// another. Breadth first, from each node of a registration reached in several contexts.
    private mutating func reentries() {
        for unit in units.indices {
            let nodes = nodeOf[unit * contexts.count..<(unit + 1) * contexts.count].filter { $0 >= 0 }.sorted()
            guard nodes.count > 1 else { continue }
            for start in nodes {
                var cameFrom = [start: start]
                var queue = [start]
                var head = 0
                search: while head < queue.count {
                    let node = queue[head]
                    head += 1
                    for target in eagerEdges[node] {
                        if target != start, nodeUnits[target] == unit {
                            var path = [node]
                            while path[path.count - 1] != start { path.append(cameFrom[path[path.count - 1]] ?? start) }
                            reportCycle(path.reversed().map { nodeUnits[$0] })
                            break search
                        }
                        if cameFrom[target] == nil {
                            cameFrom[target] = node
                            queue.append(target)
                        }
                    }
                }
                if problems[unit].contains(where: { $0.problem.kind == .cycle }) { break }
            }
        }
    }

    /// Checks every load site with the rules of a declared dependency, from its context.
    private mutating func checkSites() -> (problems: [VerificationProblem], unchecked: [LoadSite], checkedCount: Int) {
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
                let finding: Finding?
                if let found = find(dependency.id, marker: dependency.registeredType, from: group.context) {
                    for unit in found.service >= 0 ? [found.service] : found.units {
                        _ = node(unit, loadedFrom: group.context, by: nil)
                    }
                    finding = typeFinding(dependency, subject: subject, registeredAs: found.registration)
                } else {
                    finding = missingFinding(
                        dependency, subject: subject,
                        what: idSet.contains(dependency.id)
                            ? "nothing in the lookup order of the container it was added to provides" : nil)
                }
                if let finding {
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

    private mutating func add(_ finding: Finding, at unit: Int, dependency: String, phase: Phase = .dependency) {
        problems[unit].append(
            (phase, problem(finding.severity, finding.kind, units[unit].registration, dependency: dependency, finding.message)))
    }

    private mutating func reportCaptive(_ target: Int, of holder: Int, how: String) {
        let registration = units[holder].registration
        add(
            Finding(
                severity: captiveIsError ? .error : .warning, kind: .captiveDependency,
                message:
                    "'\(registration.id)' (\(Self.scopeDescription(registration))) loads '\(units[target].registration.id)' of scope \(units[target].scopeName ?? "") \(how) and keeps it after reset(scope:); take a provider handle"
            ), at: holder, dependency: units[target].registration.id)
    }

    private mutating func reportCaptive(_ target: Int, of holder: Int, through via: Int) {
        let registration = units[holder].registration
        add(
            Finding(
                severity: captiveIsError ? .error : .warning, kind: .captiveDependency,
                message:
                    "'\(registration.id)' (\(Self.scopeDescription(registration))) keeps '\(units[target].registration.id)' of scope \(units[target].scopeName ?? "") through the uncached '\(units[via].registration.id)' it loads eagerly, after reset(scope:); take a provider handle"
            ), at: holder, dependency: units[target].registration.id, phase: .captiveThroughUncached)
    }

    private static func scopeDescription(_ registration: Registration) -> String {
        registration.scopeName.map { "scope \($0)" } ?? "\(registration.scope)"
    }

    /// An async factory awaits its loads; another runs them synchronously, on the main thread
    /// only if it is a main-actor one.
    private mutating func reportIsolation(_ target: Int, of holder: Int) {
        let (holderID, targetID) = (units[holder].registration.id, units[target].registration.id)
        let message: String
        switch (units[holder].isolation, units[target].isolation) {
        case (.nonisolated, .mainActor):
            message =
                "nonisolated factory of '\(holderID)' loads main-actor '\(targetID)' synchronously: off the main actor it gets nil unless the service exists; register it with registerOnMainActor or take a handle"
        case (_, .asynchronous):
            message =
                "synchronous factory of '\(holderID)' loads async '\(targetID)': it gets nil unless the service exists; register it with registerAsync and load it with loadAsync"
        default:
            return
        }
        add(Finding(severity: .error, kind: .isolation, message: message), at: holder, dependency: targetID)
    }

    /// The problem of a dependency registered with another type than the one asked for, for a
    /// declaration and a load site alike, or `nil`.
    private func typeFinding(_ dependency: Dependency, subject: String, registeredAs target: Registration)
        -> Finding?
    {
        // The types first: a type's name takes a reflection call to make.
        if let type = dependency.registeredType, ObjectIdentifier(type) == ObjectIdentifier(target.serviceType) {
            return nil
        }
        // Registered as `Any` (a plugin's placeholder until its library loads), or a point of
        // placeholders only: no type can be judged here.
        if ObjectIdentifier(target.serviceType) == ObjectIdentifier(Any.self) || target.isPlaceholderPoint {
            return nil
        }
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

    /// Reports a dependency that no registration provides, or, with `inOwnContext`, none that
    /// the context `holder` is made in sees.
    private mutating func reportMissing(
        _ dependency: Dependency, of holder: Registration, inOwnContext: Bool, at unit: Int
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
        add(missingFinding(dependency, subject: "'\(holder.id)'", what: what), at: unit, dependency: dependency.id)
    }

    /// The problem of a dependency that nothing provides: an error if it is required, a note if
    /// it is optional, with the registered ID nearest to it. `what` says why, when a
    /// registration exists that the load cannot see.
    private mutating func missingFinding(_ dependency: Dependency, subject: String, what: String?) -> Finding {
        let isPoint = dependency.serviceType.hasPrefix("extension point of ")
        var why =
            what
            ?? (isPoint ? "no contribution in its lookup order provides" : "nothing in its lookup order provides")
        if what == nil, let keyed = implementationKeyedUnits(for: dependency), !keyed.isEmpty {
            let names = keyed.map { "'\(units[$0].registration.id)'" }.joined(separator: ", ")
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

    /// The registrations keyed by their own concrete type that conform to a missing existential
    /// type key (`any Notifier`); `nil` for any other dependency.
    private mutating func implementationKeyedUnits(for dependency: Dependency) -> [Int]? {
        guard let wanted = dependency.registeredType, isExistential(wanted), dependency.id == typeName(wanted) else {
            return nil
        }
        if let known = implementationKeyed.first(where: { $0.id == dependency.id }) { return known.units }
        if selfKeyed == nil {
            selfKeyed = rootServices.filter {
                let type = units[$0].registration.serviceType
                return !isExistential(type) && String(describing: type) == units[$0].registration.id
            }
            .sorted()
        }
        let conforming = (selfKeyed ?? []).filter {
            conformsToExistential(units[$0].registration.serviceType, wanted)
        }
        implementationKeyed.append((dependency.id, conforming))
        return conforming
    }

    /// Reports, at its registering line, each registration keyed by its implementation type
    /// that conforms to a missing existential type key, unless some load asks for its own key.
    private mutating func reportImplementationKeys() {
        guard implementationKeyed.contains(where: { !$0.units.isEmpty }) else { return }
        var loaded: Set<String> = []
        for unit in units { for dependency in unit.dependencies ?? [] { loaded.insert(dependency.id) } }
        for group in siteGroups {
            for site in group.sites { if let dependency = site.dependency { loaded.insert(dependency.id) } }
        }
        for (id, keyed) in implementationKeyed {
            let wanted = String(id.dropFirst("any ".count))
            // `Notifier.self` names `any Notifier`; a composition needs its `any` and parentheses.
            let spelled =
                wanted.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
                ? "\(wanted).self" : "(\(id)).self"
            for unit in keyed where !loaded.contains(units[unit].registration.id) {
                add(
                    Finding(
                        severity: .error, kind: .implementationTypeKey,
                        message:
                            "'\(units[unit].registration.id)' is registered under its implementation type; loads ask for '\(id)', which it conforms to: register it as .type(\(spelled))"
                    ), at: unit, dependency: id, phase: .implementationKey)
            }
        }
    }

    /// The registered ID nearest to `id`, by the rule of a failed load's message, once per ID.
    private mutating func nearMiss(of id: String) -> String? {
        if let known = nearMisses[id] { return known }
        var collector = RegisteredIDs.Collector(requested: id)
        for candidate in ids { collector.add(candidate) }
        let found = collector.summary.nearMiss
        nearMisses[id] = .some(found)
        return found
    }

    private func problem(
        _ severity: VerificationProblem.Severity, _ kind: VerificationProblem.Kind, _ holder: Registration,
        dependency: String?, _ message: String, path: [String] = []
    ) -> VerificationProblem {
        VerificationProblem(
            severity: severity, kind: kind, registrationID: holder.id, dependencyID: dependency, message: message,
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

    static func verified(_ registration: Registration, problems: [VerificationProblem], isChecked: Bool? = nil)
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
