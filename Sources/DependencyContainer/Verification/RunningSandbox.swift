import DependencyContainerKernel

/// The registrations `Container.verify(running:)` copies into its sandbox and checks: what
/// the container's loads reach (``LookupOrderCopy``).
struct RunningSandbox {
    private let reach: LookupOrderCopy
    /// The services and contributions to run, in lookup order.
    private var checked: [Registration] { reach.all }

    init(container: Container) {
        reach = LookupOrderCopy(of: container, overrides: OverrideScope.current)
    }

    /// Admits fresh copies of every registration into `replacements`, the sandbox's.
    func fill(_ replacements: Container) {
        reach.fill(replacements)
    }

    /// Runs each checked factory once, inside the sandbox's override scope, and returns what
    /// each one's loads show.
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
