import DependencyContainerKernel

/// `verify()`'s walk: the engine's lookup, contribution gathering and ``LoadPlan`` over the
/// declared dependencies, depth first, the stack as a load's frames; a node is a unit (a
/// registration, which problems belong to) in the context its plan makes it in.
struct CompositionVerifier {
    private struct Unit {
        let registration: Registration
        /// Declared, or inferred for its place in source; `nil` when it is unchecked.
        let dependencies: [Dependency]?
        /// Its place in the verified lookup order.
        let place: Int
        /// Its service type, whether it shares its services, and whether they are a named
        /// scope's: read on each edge.
        let type: ObjectIdentifier
        let isShared: Bool
        let isScoped: Bool
    }

    /// A factory running, as on a load's stack of frames.
    private struct Frame {
        let node: Int
        /// Its eager edges: `edges[next..<end]` are still to follow.
        let start: Int
        var next: Int
        let end: Int
        /// The named-scope units that the cached service loading this one keeps through it.
        var kept: [Int]
        /// The units reported as kept through an uncached service.
        var reported: Set<Int> = []
    }

    /// What a load gets: the unit of a service (`service`, else -1) or an extension point's
    /// contributions' (`units`); `self[0..<count]` are both, without an array for a service.
    private struct Found {
        let service: Int
        /// An extension point's registration, `nil` for a service.
        var point: Registration?
        var units: [Int] = []
        var count: Int { service >= 0 ? 1 : units.count }
        subscript(offset: Int) -> Int { service >= 0 ? service : units[offset] }
    }
    /// Whose load a declaration is: a unit's factory's, or a load site's.
    private enum Loader {
        case unit(Int)
        /// The group of ``siteGroups`` and the index in it.
        case site(Int, Int)
    }

    /// The order of one severity's problems: the order of the passes that add them.
    private enum Phase: Int { case dependency, captiveThroughUncached, implementationKey, cycle }

    private let captiveIsError: Bool
    private let thread = ThreadState.current
    /// The verified lookup order, nearest first, each place's context and its container's book.
    private let places: [LookupPlace]
    private let placeContexts: [Int]
    private let books: [LoadSiteBook]
    /// The contexts factories run in; the first is a top-level load's.
    private let contexts: [CreationContext]
    /// The service unit each ID's lookup found in each context, or -1 when it found none.
    private var services: [[StoreKey: Int]]
    /// The nearest place's registrations, which a top-level load of their IDs finds unlooked.
    private let nearest: RegistrationStore.RegistrationsByID
    /// The IDs of the farther places; a shadowed one again at each place.
    private var fartherIDs: [String] = []
    /// Made for the first missing dependency: a clean composition needs none.
    private lazy var idSet = Set(nearest.keys).union(fartherIDs)
    private var units: [Unit] = []
    private var unitOf: [ObjectIdentifier: Int] = [:]
    /// Each unit's problems; most units of a clean composition have none, and no entry.
    private var problems: [Int: [(phase: Phase, problem: VerificationProblem)]] = [:]
    /// Each node: its unit, its context, whether it was walked and, once walked, what an
    /// uncached one keeps (``Frame/kept``).
    private var nodes: [(unit: Int, context: Int, visited: Bool, kept: [Int])] = []
    /// `nodeOf[unit * contexts.count + context]`: the node, or -1.
    private var nodeOf: [Int] = []
    /// Where each unit is on the stack, or -1.
    private var stackPositions: [Int] = []
    private var stack: [Frame] = []
    private var edges: [Int] = []
    /// The nodes to walk from, in the order made.
    private var pending: [Int] = []
    /// When walking again for re-entries, the unit whose cycles are looked for.
    private var reentering: Int?
    /// The checked load sites of each container, with what they load, and the others.
    private var siteGroups: [(sites: [LoadSite], dependencies: [Dependency], context: Int)] = []
    private var uncheckedSites: [LoadSite] = []
    private var siteProblems: [VerificationProblem] = []
    private var nearMisses: [String: String?] = [:]
    /// Each missing existential type key (`any Notifier`) with the root services keyed by their
    /// own concrete type's name that conform to it.
    private var implementationKeyed: [(id: String, units: [Int])] = []

    init(verifying container: Container) {
        captiveIsError = container.captiveDependencyPolicy == .fail
        var places: [LookupPlace] = []
        _ = container.walkLookupOrder(overrides: OverrideScope.current) { place in
            places.append(place)
            return .absent
        }
        self.places = places
        var contexts: [CreationContext] = [(container, OverrideScope.current)]
        placeContexts = places.map { place in
            let context = place.creationContext
            let index = contexts.firstIndex {
                $0.container === context.container && $0.overrides === context.overrides
            }
            if index == nil { contexts.append(context) }
            return index ?? contexts.count - 1
        }
        self.contexts = contexts
        services = contexts.map { _ in [:] }
        // An override's registrations use the book of the container it overrides.
        books = places.map { $0.container.loadSiteBook.withLock { $0 } }
        nearest = places[0].store.read { $0 }
        for (index, place) in places.enumerated() {
            if case .own(let owner) = place {
                let checked = books[index].sites.filter { $0.dependency != nil }
                uncheckedSites += books[index].sites.filter { $0.dependency == nil }
                let context = owner === container ? 0 : placeContexts[index]
                siteGroups.append((checked, checked.compactMap(\.dependency), context))
            }
            if index > 0 { fartherIDs += place.store.read { $0.keys } }
        }
        // Room for every ID once, as most are registered in one place: no rehashing.
        services[0].reserveCapacity(nearest.count + fartherIDs.count)
        unitOf.reserveCapacity(nearest.count + fartherIDs.count)
    }

    /// Checks every registration a load can reach, and every load site.
    mutating func report() -> VerificationReport {
        for (id, registration) in nearest { addNodes(found(registration, at: 0, named: StoreKey(id), in: 0)) }
        for id in fartherIDs { addNodes(find(id, from: 0)) }
        // Each load site with the rules of a declared dependency, from its context, before the
        // nodes: a site of an ancestor may reach registrations in its context only.
        for (group, (_, dependencies, context)) in siteGroups.enumerated() {
            for index in dependencies.indices {
                addNodes(
                    check(dependencies, index, from: context, by: .site(group, index)), loadedFrom: context)
            }
        }
        var index = 0
        while index < pending.count {
            walk(from: pending[index])
            index += 1
        }
        // A node of an uncached unit may reach its node of another context through a cached
        // service walked already: walked again from each, afresh, for the unit's own cycles.
        for unit in units.indices where contexts.count > 1 {
            let starts = nodeOf[unit * contexts.count..<(unit + 1) * contexts.count].filter { $0 >= 0 }
            guard starts.count > 1 else { continue }
            reentering = unit
            for node in starts.sorted() {
                for index in nodes.indices { nodes[index].visited = false }
                walk(from: node)
            }
        }
        reportImplementationKeys()
        var report = VerificationReport(
            registrations: [], unchecked: [], checkedCount: units.lazy.filter { $0.dependencies != nil }.count
        )
        report.checkedSiteCount = siteGroups.reduce(0) { $0 + $1.sites.count }
        // Site problems: errors first, then by place in source.
        let order = { (problem: VerificationProblem) in
            (problem.severity, problem.location?.file ?? "", problem.location?.line ?? 0)
        }
        (report.siteProblems, report.uncheckedSites) = (
            siteProblems.sorted { order($0) < order($1) }, uncheckedSites
        )
        // Sorted by ID, then place: only those listed, as most of a clean composition is not.
        let listed = units.indices.filter { units[$0].dependencies == nil || problems[$0] != nil }
        let key = { [units] (unit: Int) in (units[unit].registration.id, units[unit].place, unit) }
        for index in listed.sorted(by: { key($0) < key($1) }) {
            let (registration, isChecked) = (units[index].registration, units[index].dependencies != nil)
            if !isChecked {
                report.unchecked.append(VerifiedRegistration(registration, problems: [], isChecked: false))
            }
            guard let problems = problems[index] else { continue }
            // A registration reached in several contexts finds the same problem in each; the sort
            // is stable.
            var seen: Set<VerificationProblem> = []
            let found = problems.filter { seen.insert($0.problem).inserted }.sorted {
                ($0.problem.severity, $0.phase.rawValue) < ($1.problem.severity, $1.phase.rawValue)
            }
            report.registrations.append(
                VerifiedRegistration(registration, problems: found.map(\.problem), isChecked: isChecked))
        }
        return report
    }

    /// Adds the nodes of what a load from `context` found.
    private mutating func addNodes(_ found: Found?, loadedFrom context: Int = 0) {
        for offset in 0..<(found?.count ?? 0) { _ = node(found![offset], loadedFrom: context) }
    }

    /// What a load of `name` made in `context` gets.
    private mutating func find(_ name: String, marker: Any.Type? = nil, from context: Int) -> Found? {
        // A service's lookup once per context: most IDs are loaded by several factories.
        let key = StoreKey(name)
        if let service = services[context][key] { return service < 0 ? nil : Found(service: service) }
        let loader = contexts[context]
        guard let found = loader.container.lookUp(name, overrides: loader.overrides, thread: thread) else {
            services[context][key] = -1
            return nil
        }
        let place = places.firstIndex { $0.store === found.place.store } ?? 0
        return self.found(found.registration, at: place, named: key, in: context, marker: marker)
    }

    /// What a load of `name` made in `context` gets from `registration`, found at `place`.
    private mutating func found(
        _ registration: Registration, at place: Int, named key: StoreKey, in context: Int,
        marker: Any.Type? = nil
    ) -> Found {
        guard registration.contributions != nil else {
            let service = unit(registration, at: place)
            services[context][key] = service
            return Found(service: service)
        }
        let loader = contexts[context]
        let entries = OverrideScope.binding(loader.overrides) {
            loader.container.contributionEntries(
                pointNamed: key.id, marker: marker ?? registration.serviceType, elementType: Any.self,
                thread: thread
            ).entries
        }
        return Found(service: -1, point: registration, units: entries.map { unit($0.registration, at: nil) })
    }

    /// The unit of `registration`, found at the place `index` (`nil` for a contribution: the
    /// place that holds it), added if it is new.
    private mutating func unit(_ registration: Registration, at index: Int?) -> Int {
        if let known = unitOf.updateValue(units.count, forKey: ObjectIdentifier(registration)) {
            unitOf[ObjectIdentifier(registration)] = known
            return known
        }
        let index =
            index
            ?? contexts[0].container.place(holding: registration, overrides: contexts[0].overrides).flatMap {
                holder in places.firstIndex { $0.store === holder.store }
            } ?? 0
        // Most containers have nothing inferred: no place is spelled out for them.
        let dependencies =
            registration.dependencies
            ?? (books[index].inferred.isEmpty ? nil : Self.location(of: registration))
            .flatMap { books[index].inferred[$0] }
        units.append(
            Unit(
                registration: registration, dependencies: dependencies, place: index,
                type: ObjectIdentifier(registration.serviceType), isShared: registration.isShared,
                isScoped: registration.scopeName != nil))
        stackPositions.append(-1)
        nodeOf += repeatElement(-1, count: contexts.count)
        return units.count - 1
    }

    /// The plan of a load of `unit` made in `context` by the factory of `holder`, and the node
    /// it makes, added if it is new.
    private mutating func node(_ unit: Int, loadedFrom context: Int, by holder: Registration? = nil)
        -> (node: Int, plan: LoadPlan<Int>)
    {
        let plan = LoadPlan(
            units[unit].registration, registeredIn: placeContexts[units[unit].place], loadedIn: context,
            heldBy: holder?.isShared == true ? holder : nil, onMainThread: holder?.isolation == .mainActor)
        let key = unit * contexts.count + plan.context
        if nodeOf[key] < 0 {
            nodeOf[key] = nodes.count
            pending.append(nodes.count)
            nodes.append((unit, plan.context, false, []))
        }
        return (nodeOf[key], plan)
    }

    /// Walks the eager edges from `root`, as a load would run the factories.
    private mutating func walk(from root: Int) {
        guard !nodes[root].visited else { return }
        push(root)
        // By index: a copy of the frame would cost its sets' reference counts.
        while let top = stack.indices.last {
            if stack[top].next < stack[top].end {
                let target = edges[stack[top].next]
                stack[top].next += 1
                if stackPositions[nodes[target].unit] >= 0 {
                    // The engine's rule: a factory already running is asked for again.
                    reportCycle(stack[stackPositions[nodes[target].unit]...].map { nodes[$0.node].unit })
                } else if !nodes[target].visited {
                    push(target)
                } else {
                    absorb(target)
                }
                continue
            }
            let frame = stack.removeLast()
            edges.removeLast(edges.count - frame.start)
            stackPositions[nodes[frame.node].unit] = -1
            var seen: Set<Int> = []
            nodes[frame.node].kept = frame.kept.filter { seen.insert($0).inserted }
            if !stack.isEmpty { absorb(frame.node) }
        }
    }

    /// Starts `node`'s factory: checks each declared dependency by its plan, and records its
    /// eager edges.
    private mutating func push(_ node: Int) {
        let holder = nodes[node].unit
        let registration = units[holder].registration
        let isolation = registration.isolation
        nodes[node].visited = true
        stackPositions[holder] = stack.count
        let start = edges.count
        var keptLazily: [Int] = []
        let (context, dependencies) = (nodes[node].context, units[holder].dependencies ?? [])
        for index in dependencies.indices {
            guard let found = check(dependencies, index, from: context, by: .unit(holder)) else { continue }
            for offset in 0..<found.count {
                let (unit, kind) = (found[offset], dependencies[index].kind)
                let (target, plan) = self.node(unit, loadedFrom: context, by: registration)
                if kind != .provider, plan.captiveHolder != nil {
                    reportCaptive(
                        unit, of: holder, how: kind == .lazy ? "through a lazy handle" : "eagerly")
                }
                // An async factory awaits its loads.
                if kind == .eager, isolation != .asynchronous, !plan.mayRunFactory {
                    reportIsolation(unit, of: holder)
                }
                if kind == .eager { edges.append(target) }
                if kind == .lazy, units[unit].isScoped { keptLazily.append(unit) }
            }
        }
        stack.append(Frame(node: node, start: start, next: start, end: edges.count, kept: keptLazily))
    }

    /// Takes what the walked `target` keeps into the frame that loaded it: the engine's holder
    /// is the innermost cached frame, so a cached service keeps what the uncached ones it loads
    /// load, eagerly or through a `lazy` handle.
    private mutating func absorb(_ target: Int) {
        let top = stack.count - 1
        let (holder, loaded) = (nodes[stack[top].node].unit, nodes[target].unit)
        if units[loaded].isShared {
            if units[loaded].isScoped { stack[top].kept.append(loaded) }
        } else if !units[holder].isShared {
            stack[top].kept += nodes[target].kept
        } else {
            for scoped in nodes[target].kept
            where Container.keepsCaptive(units[holder].registration, units[scoped].registration)
                && stack[top].reported.insert(scoped).inserted
            {
                reportCaptive(scoped, of: holder, how: "", through: loaded)
            }
        }
    }

    /// Reports the cycle along `path`, units of the stack, once for its first registration.
    private mutating func reportCycle(_ path: [Int]) {
        guard reentering == nil || reentering == path[0],
            problems[path[0]]?.contains(where: { $0.problem.kind == .cycle }) != true
        else { return }
        let ids = path.map { units[$0].registration.id } + [units[path[0]].registration.id]
        add(
            .error, .cycle,
            "eager dependency cycle: \(ids.joined(separator: " → ")); take a lazy or provider handle to break it",
            to: .unit(path[0]), dependency: nil, phase: .cycle, path: ids)
    }

    /// Adds a problem of `loader`'s load of `dependency`, or its cycle's.
    private mutating func add(
        _ severity: VerificationProblem.Severity, _ kind: VerificationProblem.Kind, _ message: String,
        to loader: Loader, dependency: String?, phase: Phase = .dependency, path: [String] = []
    ) {
        switch loader {
        case .unit(let unit):
            let problem = VerificationProblem(
                units[unit].registration, severity, kind, dependency: dependency, message, path: path)
            problems[unit, default: []].append((phase, problem))
        case .site(let group, let index):
            let site = siteGroups[group].sites[index]
            siteProblems.append(
                VerificationProblem(
                    severity: severity, kind: kind, registrationID: site.expression, dependencyID: dependency,
                    message: message, location: site.location, site: site))
        }
    }

    /// Reports the named-scope `target` kept by the cached service of `holder`: loaded `how`, or
    /// `through` an uncached unit it loads eagerly.
    private mutating func reportCaptive(_ target: Int, of holder: Int, how: String, through via: Int? = nil) {
        let registration = units[holder].registration
        let kept = "'\(units[target].registration.id)' of scope \(units[target].registration.scopeName ?? "")"
        let scope = registration.scopeName.map { "scope \($0)" } ?? "\(registration.scope)"
        add(
            captiveIsError ? .error : .warning, .captiveDependency,
            via.map {
                "'\(registration.id)' (\(scope)) keeps \(kept) through the uncached '\(units[$0].registration.id)' it loads eagerly, after reset(scope:); take a provider handle"
            }
                ?? "'\(registration.id)' (\(scope)) loads \(kept) \(how) and keeps it after reset(scope:); take a provider handle",
            to: .unit(holder), dependency: units[target].registration.id,
            phase: via == nil ? .dependency : .captiveThroughUncached)
    }

    /// Reports a synchronous factory that loads a service it may not make: on the main thread
    /// only if it is a main-actor one.
    private mutating func reportIsolation(_ target: Int, of holder: Int) {
        let (holderID, targetID) = (units[holder].registration.id, units[target].registration.id)
        // The plan refused it: the target is async, or main-actor with a nonisolated holder.
        let message =
            units[target].registration.isolation == .asynchronous
            ? "synchronous factory of '\(holderID)' loads async '\(targetID)': it gets nil unless the service exists; register it with registerAsync and load it with loadAsync"
            : "nonisolated factory of '\(holderID)' loads main-actor '\(targetID)' synchronously: off the main actor it gets nil unless the service exists; register it with registerOnMainActor or take a handle"
        add(.error, .isolation, message, to: .unit(holder), dependency: targetID)
    }

    /// What a load of `declared[index]` from `context` by `loader` finds, after reporting its
    /// problem: nothing found or another type than the one asked for.
    private mutating func check(_ declared: [Dependency], _ index: Int, from context: Int, by loader: Loader)
        -> Found?
    {
        // By index: a copy of each declaration would cost its strings' reference counts.
        guard let found = find(declared[index].id, marker: declared[index].registeredType, from: context)
        else {
            reportMissing(declared[index], by: loader)
            return nil
        }
        // Most declarations name the type of the unit's registration, which is not read.
        if found.point == nil,
            declared[index].registeredType.map(ObjectIdentifier.init) == units[found.service].type
        {
            return found
        }
        let dependency = declared[index]
        let target = found.point ?? units[found.service].registration
        // Registered as `Any` (a plugin's placeholder until its library loads), a point of
        // placeholders only, or loaded by the original API's `load(for:)`, which wraps anything, it
        // matches; a type's name, which takes a reflection call to make, comes last.
        guard dependency.registeredType.map(ObjectIdentifier.init) != ObjectIdentifier(target.serviceType),
            ObjectIdentifier(target.serviceType) != ObjectIdentifier(Any.self), !target.isPlaceholderPoint,
            dependency.registeredType != nil || dependency.serviceType != Dependency.originalAPIServiceType,
            case let actual = target.serviceTypeName, actual != dependency.serviceType
        else { return found }
        add(
            .error, .typeMismatch,
            "\(subject(loader)) asks for '\(dependency.id)' as \(dependency.serviceType), but it is registered as \(actual)",
            to: loader, dependency: dependency.id)
        return found
    }

    /// How a problem's message names `loader`.
    private func subject(_ loader: Loader) -> String {
        switch loader {
        case .unit(let unit): return "'\(units[unit].registration.id)'"
        case .site(let group, let index): return "`\(siteGroups[group].sites[index].expression)`"
        }
    }

    /// Reports a dependency that nothing provides, or that the load of `loader` cannot see: an
    /// error if it is required, a note if it is optional.
    private mutating func reportMissing(_ dependency: Dependency, by loader: Loader) {
        let isPoint = dependency.serviceType.hasPrefix("extension point of ")
        var why =
            isPoint ? "no contribution in its lookup order provides" : "nothing in its lookup order provides"
        if idSet.contains(dependency.id), case .unit(let holder) = loader {
            why =
                units[holder].registration.isShared
                ? "nothing in its own context provides: it is cached where it is registered, whose factory does not see the nearer registration"
                : "nothing in its own context provides when a cached service of a farther place loads it: made in that service's context, it does not see the nearer registration"
        } else if idSet.contains(dependency.id) {
            why = "nothing in the lookup order of the container it was added to provides"
        } else if let keyed = implementationKeyedUnits(for: dependency), !keyed.isEmpty {
            let names = keyed.map { "'\(units[$0].registration.id)'" }.joined(separator: ", ")
            why +=
                "; \(names) conform\(keyed.count == 1 ? "s" : "") to it, registered under \(keyed.count == 1 ? "its implementation type" : "their implementation types")"
        } else if let nearMiss = nearMiss(of: dependency.id) {
            why += "; did you mean '\(IDValidation.abbreviated(nearMiss))'?"
        }
        let (subject, id, type) = (subject(loader), dependency.id, dependency.serviceType)
        let message =
            dependency.isOptional
            ? "\(subject) loads optional '\(id)' (\(type)), which \(why): it gets \(isPoint ? "[]" : "nil")"
            : "\(subject) requires '\(id)' (\(type)), which \(why)"
        add(
            dependency.isOptional ? .note : .error,
            dependency.isOptional ? .missingOptionalDependency : .missingDependency, message, to: loader,
            dependency: id)
    }

    /// The root services keyed by their own concrete type that conform to a missing existential
    /// type key (`any Notifier`); `nil` for any other dependency.
    private mutating func implementationKeyedUnits(for dependency: Dependency) -> [Int]? {
        guard let wanted = dependency.registeredType, isExistential(wanted), dependency.id == typeName(wanted)
        else { return nil }
        if let known = implementationKeyed.first(where: { $0.id == dependency.id }) { return known.units }
        // What a top-level load of each ID finds: the same lookups as the roots.
        let conforming = Set(services[0].values.lazy.filter { $0 >= 0 }).filter {
            let type = units[$0].registration.serviceType
            return !isExistential(type) && String(describing: type) == units[$0].registration.id
                && conformsToExistential(type, wanted)
        }
        implementationKeyed.append((dependency.id, conforming.sorted()))
        return implementationKeyed[implementationKeyed.count - 1].units
    }

    /// Reports, at its registering line, each registration keyed by its implementation type
    /// that conforms to a missing existential type key, unless some load asks for its own key.
    private mutating func reportImplementationKeys() {
        guard implementationKeyed.contains(where: { !$0.units.isEmpty }) else { return }
        let loaded = Set(
            units.flatMap { $0.dependencies ?? [] }.map(\.id)
                + siteGroups.flatMap { $0.dependencies.map(\.id) })
        for (id, keyed) in implementationKeyed {
            let wanted = String(id.dropFirst("any ".count))
            // `Notifier.self` names `any Notifier`; a composition needs its `any` and parentheses.
            let spelled =
                wanted.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
                ? "\(wanted).self" : "(\(id)).self"
            for unit in keyed where !loaded.contains(units[unit].registration.id) {
                add(
                    .error, .implementationTypeKey,
                    "'\(units[unit].registration.id)' is registered under its implementation type; loads ask for '\(id)', which it conforms to: register it as .type(\(spelled))",
                    to: .unit(unit), dependency: id, phase: .implementationKey)
            }
        }
    }

    /// The registered ID nearest to `id`, by the rule of a failed load's message, once per ID.
    private mutating func nearMiss(of id: String) -> String? {
        if let known = nearMisses[id] { return known }
        var collector = RegisteredIDs.Collector(requested: id)
        for candidate in idSet { collector.add(candidate) }
        nearMisses[id] = .some(collector.summary.nearMiss)
        return collector.summary.nearMiss
    }

    /// Where `registration` was registered, if its provider says.
    static func location(of registration: Registration) -> VerifiedRegistration.Location? {
        switch registration.provider {
        case .closure(let file, let line), .declaredType(_, let file, let line):
            return VerifiedRegistration.Location(file: "\(file)", line: Int(line))
        case .type:
            return nil
        }
    }
}
