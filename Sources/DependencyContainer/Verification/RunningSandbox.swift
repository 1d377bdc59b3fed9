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
        CreationTraceReaders.counting(.loads) {
            let thread = ThreadState.current
            let previous = thread.loadRecorder
            defer { thread.loadRecorder = previous }
            return candidates(isolated: false).map { registration, dependencies in
                let (probe, recorder) = holdings.probe(registration)
                thread.loadRecorder = recorder
                let outcome: Result<ServiceTransfer<Any>, ContainerError>
                do throws(ContainerError) {
                    outcome = .success(ServiceTransfer(value: try container.runProbe(probe)))
                } catch {
                    outcome = .failure(error)
                }
                thread.loadRecorder = previous
                return holdings.record(outcome, of: registration, dependencies, recorder)
            }
        }
    }

    /// Runs each checked main-actor and `async` factory once, inside the sandbox's override
    /// scope: a main-actor one on the main actor, an `async` one awaited; each as
    /// ``runEach(in:holding:)`` runs one.
    func runEachIsolated(
        in container: Container, holding holdings: inout Holdings
    ) async -> [(Registration, [VerificationProblem])] {
        var results: [(Registration, [VerificationProblem])] = []
        for (registration, dependencies) in candidates(isolated: true) {
            let (probe, recorder) = holdings.probe(registration)
            let outcome = await recorder.recording {
                () async -> Result<ServiceTransfer<Any>, ContainerError> in
                do throws(ContainerError) { return .success(try await container.runProbeAsync(probe)) } catch
                {
                    return .failure(error)
                }
            }
            results.append(holdings.record(outcome, of: registration, dependencies, recorder))
        }
        return results
    }

    /// The checked registrations with declared dependencies that the check runs, synchronous
    /// or isolated ones.
    private func candidates(isolated: Bool) -> [(Registration, [Dependency])] {
        checked.compactMap { registration in
            guard let dependencies = registration.dependencies, !registration.skipsRunningCheck,
                registration.argumentFactory == nil, (registration.isolation != .nonisolated) == isolated
            else { return nil }
            return (registration, dependencies)
        }
    }

    /// The loads the declaration misses, and the factory's failure.
    fileprivate static func problems(
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

        /// A fresh copy of `registration`, held, and the recorder of its loads.
        mutating func probe(_ registration: Registration) -> (Registration, LoadRecorder) {
            let probe = Registration(freshCopyOf: registration)
            probes.append(probe)
            return (probe, LoadRecorder(loader: probe))
        }

        /// Holds what a probe made and returns the problems its run shows.
        mutating func record(
            _ outcome: Result<ServiceTransfer<Any>, ContainerError>, of registration: Registration,
            _ dependencies: [Dependency], _ recorder: LoadRecorder
        ) -> (Registration, [VerificationProblem]) {
            var failure: ContainerError?
            switch outcome {
            case .success(let made): services.append(made.value)
            case .failure(let error): failure = error
            }
            return (
                registration, RunningSandbox.problems(registration, dependencies, recorder.loads, failure)
            )
        }

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
