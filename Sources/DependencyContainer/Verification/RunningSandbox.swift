import DependencyContainerKernel

/// The registrations `Container.verify(running:)` copies into its sandbox and checks: every
/// registration the container's loads reach, nearest per ID, and the nearest contribution of
/// each name to each extension point.
struct RunningSandbox {
    /// The registrations a load finds, by ID, extension points aside.
    private var services: [String: Registration] = [:]
    /// Each extension point's nearest registration and the contributions a load of it uses.
    private var points: [String: (point: Registration, entries: [ContributionSet.Entry])] = [:]
    /// The services and contributions to run, in lookup order.
    private var checked: [Registration] = []

    init(container: Container) {
        var names: [String: Set<String>] = [:]
        _ = container.walkLookupOrder(overrides: OverrideScope.current) { place in
            for registration in place.store.read({ Array($0.values) }) {
                let id = registration.id
                guard let set = registration.contributions else {
                    if services[id] == nil, points[id] == nil {
                        services[id] = registration
                        checked.append(registration)
                    }
                    continue
                }
                guard services[id] == nil else { continue }
                var point = points[id] ?? (registration, [])
                // A point of another element type farther away: a load of it fails.
                guard ObjectIdentifier(point.point.serviceType) == ObjectIdentifier(registration.serviceType)
                else {
                    continue
                }
                for entry in set.entries where names[id, default: []].insert(entry.name).inserted {
                    point.entries.append(entry)
                    checked.append(entry.registration)
                }
                points[id] = point
            }
            return .absent
        }
    }

    /// Registers fresh copies of every registration into `replacements`, the sandbox's.
    func fill(_ replacements: Container) {
        replacements.store.modify { entries in
            for registration in services.values {
                entries.updateValue(Registration(freshCopyOf: registration))
            }
            for (id, point) in points {
                guard let elementType = point.point.contributions?.elementType else { continue }
                let fresh = point.entries.map {
                    ContributionSet.Entry(
                        name: $0.name, priority: $0.priority,
                        registration: Registration(freshCopyOf: $0.registration))
                }
                entries.replacePoint(
                    id,
                    with: Registration(
                        copying: point.point,
                        contributions: ContributionSet(elementType: elementType, entries: fresh)),
                    dropping: [])
            }
        }
    }

    /// Runs each checked factory once, inside the sandbox's override scope, and returns what
    /// each one's loads show.
    ///
    /// Each runs as a load of a fresh copy of its registration, with its hooks, keeping what
    /// its scope keeps; `holdings` holds the copy and the service until the check ends.
    func runEach(in container: Container, holding holdings: inout Holdings) -> [(
        Registration, [VerificationProblem]
    )] {
        CreationTraceReaders.counting(.loads) { runEachCounted(in: container, holding: &holdings) }
    }

    /// ``runEach(in:holding:)`` while the trace counts its recording.
    private func runEachCounted(
        in container: Container, holding holdings: inout Holdings
    ) -> [(Registration, [VerificationProblem])] {
        let thread = ThreadState.current
        let previous = thread.loadRecorder
        defer { thread.loadRecorder = previous }
        var results: [(Registration, [VerificationProblem])] = []
        for registration in checked {
            guard let dependencies = registration.dependencies, !registration.skipsRunningCheck,
                registration.argumentFactory == nil, registration.isolation == .nonisolated
            else { continue }
            let probe = Registration(freshCopyOf: registration)
            holdings.probes.append(probe)
            let recorder = LoadRecorder(loader: probe)
            thread.loadRecorder = recorder
            var failure: ContainerError?
            do {
                holdings.services.append(try container.runProbe(probe))
            } catch {
                failure = error
            }
            thread.loadRecorder = previous
            results.append((registration, Self.problems(registration, dependencies, recorder.loads, failure)))
        }
        return results
    }

    /// Runs each checked main-actor and `async` factory once, inside the sandbox's override
    /// scope: a main-actor one on the main actor, an `async` one awaited; each as
    /// ``runEach(in:holding:)`` runs one.
    func runEachIsolated(
        in container: Container, holding holdings: inout Holdings
    ) async -> [(Registration, [VerificationProblem])] {
        var results: [(Registration, [VerificationProblem])] = []
        for registration in checked {
            guard let dependencies = registration.dependencies, !registration.skipsRunningCheck,
                registration.argumentFactory == nil, registration.isolation != .nonisolated
            else { continue }
            let probe = Registration(freshCopyOf: registration)
            holdings.probes.append(probe)
            let recorder = LoadRecorder(loader: probe)
            let outcome = await recorder.recording {
                () async -> Result<ServiceTransfer<Any>, ContainerError> in
                do throws(ContainerError) {
                    return .success(try await container.runProbeAsync(probe))
                } catch {
                    return .failure(error)
                }
            }
            var failure: ContainerError?
            switch outcome {
            case .success(let made): holdings.services.append(made.value)
            case .failure(let error): failure = error
            }
            results.append((registration, Self.problems(registration, dependencies, recorder.loads, failure)))
        }
        return results
    }

    /// The loads the declaration misses, and the factory's failure.
    private static func problems(
        _ registration: Registration, _ dependencies: [Dependency], _ loads: [(id: String, found: Bool)],
        _ failure: ContainerError?
    ) -> [VerificationProblem] {
        let declared = Set(dependencies.map(\.id))
        var reported: Set<String> = []
        var problems: [VerificationProblem] = []
        let location = CompositionVerifier.location(of: registration)
        for load in loads where !declared.contains(load.id) && reported.insert(load.id).inserted {
            let outcome = load.found ? "" : ", and got nil: nothing provides it"
            problems.append(
                VerificationProblem(
                    severity: .error, kind: .undeclaredLoad, registrationID: registration.id,
                    dependencyID: load.id,
                    message:
                        "the factory of '\(registration.id)' loaded '\(load.id)'\(outcome); its declared dependencies do not list it",
                    location: location))
        }
        if let failure {
            problems.append(
                VerificationProblem(
                    severity: .note, kind: .factoryFailed, registrationID: registration.id, dependencyID: nil,
                    message: "the factory of '\(registration.id)' failed when run in the sandbox: \(failure)",
                    location: location))
        }
        return problems
    }

    /// What the check made, held until it ends: the fresh copies it loaded, which keep what
    /// their scopes keep, and the services the loads returned, so that a weak one is still
    /// alive to be disposed.
    struct Holdings {
        var probes: [Registration] = []
        var services: [Any] = []

        /// Lets go of everything as a container being freed does: the dispose hooks of the kept
        /// services run, last kept first, and those that fail are reported through `disposals`.
        mutating func release(reportingTo disposals: DisposalLedger) {
            var boxes: [RetiredBox] = []
            for probe in probes {
                probe.retireWithContributions(into: &boxes, disposals: disposals)
            }
            InstanceReclaimer.shared.retire(boxes)
            services.removeAll()
            probes.removeAll()
        }
    }
}
