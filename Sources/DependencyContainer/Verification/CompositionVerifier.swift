/// Checks declared dependencies over the registrations of one lookup order: what
/// `Container.verify()` runs once it has walked the order.
///
/// Registrations are added nearest place first, so the first one added for an ID is the one a
/// load would use; an extension point gathers the nearest contribution of each name, as a load
/// of the point does.
struct CompositionVerifier {
    /// One registration that a load can reach, checked or not.
    private struct Node {
        let registration: Registration
        /// The nodes its eager dependencies lead to, filled in by ``report()``.
        var eagerEdges: [Int] = []
    }

    /// What an ID names in the lookup order.
    private enum Target {
        case service(Int)
        /// An extension point: its registration, for its type, and its contributions' nodes.
        case point(Registration, [Int])
    }

    /// Whether the container fails loads of captive dependencies, which makes them errors.
    private let captiveIsError: Bool
    private var nodes: [Node] = []
    private var targets: [String: Target] = [:]
    /// The contribution names each point has, to keep the nearest contribution of each.
    private var contributionNames: [String: Set<String>] = [:]

    init(captiveIsError: Bool) {
        self.captiveIsError = captiveIsError
    }

    /// Adds a registration found at the next place of the lookup order.
    mutating func add(_ registration: Registration) {
        guard let contributions = registration.contributions else {
            guard targets[registration.id] == nil else { return }
            targets[registration.id] = .service(nodes.count)
            nodes.append(Node(registration: registration))
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
            nodes.append(Node(registration: entry.registration))
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
        for index in nodes.indices {
            let registration = nodes[index].registration
            guard let dependencies = registration.dependencies else { continue }
            checkedCount += 1
            for dependency in dependencies {
                check(dependency, of: index, into: &problems[index])
            }
        }
        for cycle in cycles() {
            let first = nodes[cycle[0]].registration
            let path = cycle.map { nodes[$0].registration.id } + [first.id]
            problems[cycle[0]].append(
                problem(
                    .error, .cycle, first, dependency: nil,
                    "eager dependency cycle: \(path.joined(separator: " → ")); take a lazy or provider handle to break it",
                    path: path))
        }
        var withProblems: [VerifiedRegistration] = []
        var unchecked: [VerifiedRegistration] = []
        for index in nodes.indices {
            let registration = nodes[index].registration
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
        let holder = nodes[index].registration
        let reached: [Registration]
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
            if dependency.kind == .eager { nodes[index].eagerEdges.append(target) }
            reached = [nodes[target].registration]
            checkType(dependency, of: holder, registeredAs: nodes[target].registration, &problems)
        case .point(let point, let contributions):
            if dependency.kind == .eager { nodes[index].eagerEdges += contributions }
            reached = contributions.map { nodes[$0].registration }
            checkType(dependency, of: holder, registeredAs: point, &problems)
        }
        for target in reached {
            checkCaptive(dependency, of: holder, target: target, &problems)
            checkIsolation(dependency, of: holder, target: target, &problems)
        }
    }

    private func checkType(
        _ dependency: Dependency, of holder: Registration, registeredAs target: Registration,
        _ problems: inout [VerificationProblem]
    ) {
        // The types first: a type's name takes a reflection call to make.
        if let type = dependency.registeredType, type == ObjectIdentifier(target.serviceType) { return }
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
        _ dependency: Dependency, of holder: Registration, target: Registration,
        _ problems: inout [VerificationProblem]
    ) {
        guard dependency.kind != .provider, holder.isShared, let targetScope = target.scopeName,
            holder.scopeName != targetScope
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
        _ dependency: Dependency, of holder: Registration, target: Registration,
        _ problems: inout [VerificationProblem]
    ) {
        guard dependency.kind == .eager, holder.isolation != .asynchronous else { return }
        let message: String
        switch (holder.isolation, target.isolation) {
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

    /// Each cycle of eager edges once, as node indices from the node where the walk entered it.
    ///
    /// An iterative depth-first search: O(*n* + *e*), and no recursion for long chains.
    private func cycles() -> [[Int]] {
        enum Mark { case unvisited, onPath, done }
        var marks = [Mark](repeating: .unvisited, count: nodes.count)
        var found: [[Int]] = []
        var path: [Int] = []
        var positions: [Int: Int] = [:]
        var stack: [(node: Int, next: Int)] = []
        for start in nodes.indices where marks[start] == .unvisited && !nodes[start].eagerEdges.isEmpty {
            stack.append((start, 0))
            marks[start] = .onPath
            positions[start] = path.count
            path.append(start)
            while let (node, next) = stack.last {
                let edges = nodes[node].eagerEdges
                guard next < edges.count else {
                    stack.removeLast()
                    marks[node] = .done
                    positions[node] = nil
                    path.removeLast()
                    continue
                }
                stack[stack.count - 1].next += 1
                let target = edges[next]
                switch marks[target] {
                case .unvisited:
                    marks[target] = .onPath
                    positions[target] = path.count
                    path.append(target)
                    stack.append((target, 0))
                case .onPath:
                    if let position = positions[target] { found.append(Array(path[position...])) }
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

    private static func location(of registration: Registration) -> VerifiedRegistration.Location? {
        guard case .closure(let file, let line) = registration.provider else { return nil }
        return VerifiedRegistration.Location(file: "\(file)", line: Int(line))
    }

    private static func verified(_ registration: Registration, problems: [VerificationProblem])
        -> VerifiedRegistration
    {
        VerifiedRegistration(
            id: registration.id, provider: registration.provider.description,
            location: location(of: registration),
            isChecked: registration.dependencies != nil, problems: problems)
    }
}
