/// Checks declared dependencies over the registrations of one lookup order: what
/// `Container.verify()` runs once it has walked the order.
///
/// Registrations are added nearest place first, so the first one added for an ID is the one a
/// load would use; an extension point gathers the nearest contribution of each name, as a load
/// of the point does.
struct CompositionVerifier {
    /// What an ID names in the lookup order.
    private enum Target {
        case service(Int)
        /// An extension point: its registration, for its type, and its contributions' nodes.
        case point(Registration, [Int])
    }

    /// Whether the container fails loads of captive dependencies, which makes them errors.
    private let captiveIsError: Bool
    /// The registrations a load can reach, checked or not: the graph's nodes.
    private var nodes: [Registration] = []
    private var targets: [String: Target] = [:]
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
    /// Each node's named scope and isolation, read once by ``report()``: every edge into a
    /// node checks them.
    private var scopeNames: [String?] = []
    private var isolations: [FactoryIsolation] = []
    /// The contribution names each point has, to keep the nearest contribution of each.
    private var contributionNames: [String: Set<String>] = [:]
    /// Whether each place of the lookup order so far is an override scope, nearest first.
    private var placeIsOverride: [Bool] = []
    /// The place each node was found at.
    private var nodePlaces: [Int] = []
    /// The registrations a nearer place shadows, by ID, with their places: a cached service
    /// made in a farther place's context loads them (see `Container.runInOwnContext`).
    private var shadowed: [String: [(place: Int, registration: Registration)]] = [:]

    init(captiveIsError: Bool) {
        self.captiveIsError = captiveIsError
    }

    /// Starts the next place of the lookup order, making room for its `count` registrations.
    mutating func beginPlace(isOverride: Bool, count: Int) {
        placeIsOverride.append(isOverride)
        nodes.reserveCapacity(nodes.count + count)
        nodePlaces.reserveCapacity(nodes.count + count)
        targets.reserveCapacity(targets.count + count)
    }

    /// The place registrations are being added at.
    private var place: Int { placeIsOverride.count - 1 }

    /// Adds a registration found at the next place of the lookup order.
    ///
    /// - Parameters:
    ///   - registration: The registration.
    ///   - mayBeShadowed: Whether a nearer place may have registered its ID: `false` for the
    ///     first place, whose IDs are unique, which saves a lookup per registration.
    mutating func add(_ registration: Registration, mayBeShadowed: Bool) {
        guard let contributions = registration.contributions else {
            if mayBeShadowed, targets[registration.id] != nil {
                shadowed[registration.id, default: []].append((place, registration))
                return
            }
            targets[registration.id] = .service(nodes.count)
            nodes.append(registration)
            nodePlaces.append(place)
            return
        }
        var indices: [Int]
        switch targets[registration.id] {
        case nil:
            indices = []
        case .point(let nearest, let existing):
            // A point of another element type in a farther container: a load of it fails.
            guard ObjectIdentifier(nearest.serviceType) == ObjectIdentifier(registration.serviceType) else {
                return
            }
            indices = existing
        case .service:
            return
        }
        var names = contributionNames[registration.id] ?? []
        for entry in contributions.entries where names.insert(entry.name).inserted {
            indices.append(nodes.count)
            nodes.append(entry.registration)
            nodePlaces.append(place)
        }
        contributionNames[registration.id] = names
        if case .point(let nearest, _) = targets[registration.id] {
            targets[registration.id] = .point(nearest, indices)
        } else {
            targets[registration.id] = .point(registration, indices)
        }
    }

    /// Checks every added registration.
    mutating func report() -> VerificationReport {
        var problems = [[VerificationProblem]](repeating: [], count: nodes.count)
        var checkedCount = 0
        edgeStarts.reserveCapacity(nodes.count + 1)
        scopeNames = nodes.map(\.scopeName)
        isolations = nodes.map(\.isolation)
        lazyStarts.reserveCapacity(nodes.count + 1)
        for index in nodes.indices {
            edgeStarts.append(eagerEdges.count)
            lazyStarts.append(lazyEdges.count)
            guard let dependencies = nodes[index].dependencies else { continue }
            checkedCount += 1
            for dependency in dependencies {
                check(dependency, of: index, into: &problems[index])
            }
        }
        edgeStarts.append(eagerEdges.count)
        lazyStarts.append(lazyEdges.count)
        checkCaptiveThroughUncached(&problems)
        for cycle in cycles() {
            let first = nodes[cycle[0]]
            let path = cycle.map { nodes[$0].id } + [first.id]
            problems[cycle[0]].append(
                problem(
                    .error, .cycle, first, dependency: nil,
                    "eager dependency cycle: \(path.joined(separator: " → ")); take a lazy or provider handle to break it",
                    path: path))
        }
        var withProblems: [VerifiedRegistration] = []
        var unchecked: [VerifiedRegistration] = []
        for index in nodes.indices {
            let registration = nodes[index]
            if registration.dependencies == nil {
                unchecked.append(Self.verified(registration, problems: []))
            } else if !problems[index].isEmpty {
                let sorted = problems[index].enumerated().sorted {
                    ($0.element.severity, $0.offset) < ($1.element.severity, $1.offset)
                }
                withProblems.append(Self.verified(registration, problems: sorted.map(\.element)))
            }
        }
        return VerificationReport(
            registrations: withProblems.sorted { $0.id < $1.id },
            unchecked: unchecked.sorted { $0.id < $1.id },
            checkedCount: checkedCount)
    }

    /// Checks one declared dependency of the node at `index`, recording its eager edges.
    private mutating func check(
        _ dependency: Dependency, of index: Int, into problems: inout [VerificationProblem]
    ) {
        let holder = nodes[index]
        switch targets[dependency.id] {
        case nil:
            let isPoint = dependency.serviceType.hasPrefix("extension point of ")
            let what = isPoint ? "no contribution in its lookup order" : "nothing in its lookup order"
            if dependency.isOptional {
                problems.append(
                    problem(
                        .note, .missingOptionalDependency, holder, dependency: dependency.id,
                        "'\(holder.id)' loads optional '\(dependency.id)' (\(dependency.serviceType)), which \(what) provides: it gets nil"
                    ))
            } else {
                problems.append(
                    problem(
                        .error, .missingDependency, holder, dependency: dependency.id,
                        "'\(holder.id)' requires '\(dependency.id)' (\(dependency.serviceType)), which \(what) provides"
                    ))
            }
            return
        case .service(let target):
            // A cached service is made where it is registered: its factory does not see nearer places.
            if placeIsOverride.count > 1, holder.isShared, !sees(nodePlaces[target], from: nodePlaces[index])
            {
                checkInOwnContext(dependency, of: index, &problems)
                return
            }
            if dependency.kind == .eager { eagerEdges.append(target) }
            if dependency.kind == .lazy { lazyEdges.append(target) }
            checkType(dependency, of: holder, registeredAs: nodes[target], &problems)
            checkReached(target, by: dependency, of: index, &problems)
        case .point(let point, let contributions):
            if dependency.kind == .eager { eagerEdges += contributions }
            if dependency.kind == .lazy { lazyEdges += contributions }
            checkType(dependency, of: holder, registeredAs: point, &problems)
            for target in contributions {
                checkReached(target, by: dependency, of: index, &problems)
            }
        }
    }

    /// Whether a cached service made at place `holder` sees place `target`: a later place,
    /// and, for a service made in a container rather than an override scope, not an override.
    private func sees(_ target: Int, from holder: Int) -> Bool {
        target >= holder && (placeIsOverride[holder] || !placeIsOverride[target])
    }

    /// Checks a dependency of the cached service at node `index`, whose nearest registration
    /// its factory does not see, against the registration it does see, if any.
    ///
    /// That registration is not a node of the graph, so the cycles through it are not
    /// followed.
    private func checkInOwnContext(
        _ dependency: Dependency, of index: Int, _ problems: inout [VerificationProblem]
    ) {
        let holder = nodes[index]
        let holderPlace = nodePlaces[index]
        guard let seen = shadowed[dependency.id]?.first(where: { sees($0.place, from: holderPlace) }) else {
            let nearer =
                "it is cached where it is registered, whose factory does not see the nearer registration"
            problems.append(
                problem(
                    dependency.isOptional ? .note : .error,
                    dependency.isOptional ? .missingOptionalDependency : .missingDependency, holder,
                    dependency: dependency.id,
                    "'\(holder.id)' \(dependency.isOptional ? "loads optional" : "requires") '\(dependency.id)' (\(dependency.serviceType)), which nothing in its own context provides: \(nearer)"
                ))
            return
        }
        let target = seen.registration
        checkType(dependency, of: holder, registeredAs: target, &problems)
        if let targetScope = target.scopeName {
            checkCaptive(dependency, of: holder, target: target, targetScope: targetScope, &problems)
        }
        checkIsolation(
            dependency, of: holder, holderIsolation: isolations[index], target: target,
            targetIsolation: target.isolation, &problems)
    }

    /// Checks what loading the node `target` does to the node `holder`: captive dependencies
    /// and isolation, from the facts ``report()`` read once per node.
    private func checkReached(
        _ target: Int, by dependency: Dependency, of holder: Int, _ problems: inout [VerificationProblem]
    ) {
        // Most nodes are neither isolated nor in a named scope: two array reads rule both out.
        if let targetScope = scopeNames[target] {
            checkCaptive(
                dependency, of: nodes[holder], target: nodes[target], targetScope: targetScope, &problems)
        }
        if isolations[target] != .nonisolated {
            checkIsolation(
                dependency, of: nodes[holder], holderIsolation: isolations[holder], target: nodes[target],
                targetIsolation: isolations[target], &problems)
        }
    }

    private func checkType(
        _ dependency: Dependency, of holder: Registration, registeredAs target: Registration,
        _ problems: inout [VerificationProblem]
    ) {
        // The types first: a type's name takes a reflection call to make.
        if let type = dependency.registeredType, type == ObjectIdentifier(target.serviceType) { return }
        // Registered as `Any` (a plugin's placeholder until its library loads): each load casts
        // what it makes, so no type can be judged here.
        if ObjectIdentifier(target.serviceType) == ObjectIdentifier(Any.self) { return }
        let actual = target.serviceTypeName
        guard actual != dependency.serviceType else { return }
        problems.append(
            problem(
                .error, .typeMismatch, holder, dependency: dependency.id,
                "'\(holder.id)' asks for '\(dependency.id)' as \(dependency.serviceType), but it is registered as \(actual)"
            ))
    }

    /// A cached service keeps what it loads eagerly and what its `lazy` handles load; the
    /// engine's rule (`Container.checkNotCaptive(_:heldBy:)`) on declared edges.
    private func checkCaptive(
        _ dependency: Dependency, of holder: Registration, target: Registration, targetScope: String,
        _ problems: inout [VerificationProblem]
    ) {
        guard dependency.kind != .provider, holder.isShared, holder.scopeName != targetScope else { return }
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
        guard dependency.kind == .eager, holderIsolation != .asynchronous else { return }
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
        let shared = nodes.map(\.isShared)
        var kept = [[Int]?](repeating: nil, count: nodes.count)
        for holder in nodes.indices where shared[holder] {
            var reported: Set<Int> = []
            for edge in edgeStarts[holder]..<edgeStarts[holder + 1] {
                let via = eagerEdges[edge]
                guard !shared[via] else { continue }
                if kept[via] == nil { keptScoped(from: via, shared: shared, into: &kept) }
                for target in kept[via] ?? []
                where scopeNames[target] != nodes[holder].scopeName && reported.insert(target).inserted {
                    let holderRegistration = nodes[holder]
                    let holderScope =
                        holderRegistration.scopeName.map { "scope \($0)" } ?? "\(holderRegistration.scope)"
                    problems[holder].append(
                        problem(
                            captiveIsError ? .error : .warning, .captiveDependency, holderRegistration,
                            dependency: nodes[target].id,
                            "'\(holderRegistration.id)' (\(holderScope)) keeps '\(nodes[target].id)' of scope \(scopeNames[target] ?? "") through the uncached '\(nodes[via].id)' it loads eagerly, after reset(scope:); take a provider handle"
                        ))
                }
            }
        }
    }

    /// Fills `kept` for the uncached node `root` and the uncached nodes it loads eagerly.
    ///
    /// Each gets the named-scope nodes it reaches through uncached nodes. Iterative, for long
    /// chains; a cycle of uncached nodes (reported as a cycle) ends the walk.
    private func keptScoped(from root: Int, shared: [Bool], into kept: inout [[Int]?]) {
        var onStack = Set<Int>([root])
        var stack: [(node: Int, next: Int)] = [(root, edgeStarts[root])]
        while let (node, next) = stack.last {
            if next < edgeStarts[node + 1] {
                stack[stack.count - 1].next += 1
                let target = eagerEdges[next]
                if !shared[target], kept[target] == nil, onStack.insert(target).inserted {
                    stack.append((target, edgeStarts[target]))
                }
                continue
            }
            var result: [Int] = []
            var seen: Set<Int> = []
            for edge in edgeStarts[node]..<edgeStarts[node + 1] {
                let target = eagerEdges[edge]
                if shared[target] {
                    if scopeNames[target] != nil, seen.insert(target).inserted { result.append(target) }
                } else {
                    for scoped in kept[target] ?? [] where seen.insert(scoped).inserted {
                        result.append(scoped)
                    }
                }
            }
            for edge in lazyStarts[node]..<lazyStarts[node + 1] {
                let target = lazyEdges[edge]
                if scopeNames[target] != nil, seen.insert(target).inserted { result.append(target) }
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
        var marks = [Mark](repeating: .unvisited, count: nodes.count)
        var found: [[Int]] = []
        var path: [Int] = []
        /// Where each node on the path is in it.
        var positions = [Int](repeating: 0, count: nodes.count)
        var stack: [(node: Int, next: Int)] = []
        for start in nodes.indices
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
        guard case .closure(let file, let line) = registration.provider else { return nil }
        return VerifiedRegistration.Location(file: "\(file)", line: Int(line))
    }

    static func verified(_ registration: Registration, problems: [VerificationProblem])
        -> VerifiedRegistration
    {
        let context = registration.context.map { "\($0)" }
        return VerifiedRegistration(
            id: registration.id,
            provider: registration.provider.description + (context.map { " for context \($0)" } ?? ""),
            location: location(of: registration), isChecked: registration.dependencies != nil,
            problems: problems, context: context)
    }
}
