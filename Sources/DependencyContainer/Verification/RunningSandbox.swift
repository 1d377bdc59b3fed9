import DependencyContainerKernel

/// `Container.verify(running:)`'s sandbox: an override scope filled with fresh copies of what
/// the container's loads reach (``LookupOrderCopy``), in which each checked factory runs once.
struct RunningSandbox {
    private let container: Container
    /// The checked services and contributions the check may run, in lookup order.
    private let checked: [Registration]
    private let scope: OverrideScope
    /// Each checked registration run, its fresh copy and the service it returned, held until the
    /// check ends, so that a weak one is still alive to be disposed, and the problems found.
    private var results:
        [(registration: Registration, probe: Registration, made: Any?, [VerificationProblem])] = []

    /// `verify()`'s report, which ``finish()`` adds the problems found to.
    private let report: VerificationReport

    /// Verifies `container`, then runs each checked synchronous factory once in the sandbox.
    init(checking container: Container) {
        report = container.verify()
        let copy = LookupOrderCopy(of: container, overrides: OverrideScope.current)
        self.container = container
        checked = copy.all.filter {
            $0.dependencies != nil && !$0.skipsRunningCheck && $0.argumentFactory == nil
        }
        scope = OverrideScope(target: container) { copy.fill($0) }
        runEach()
    }

    /// Runs each checked synchronous factory once, as a top-level load in the sandbox.
    private mutating func runEach() {
        OverrideScope.binding(scope) {
            for registration in checked where registration.isolation == .nonisolated {
                let recorder = LoadRecorder(loader: Registration(copying: registration))
                func make<Service>(_: Service.Type) throws(ContainerError) -> ServiceTransfer<Any> {
                    ServiceTransfer(
                        value: try container.resolve(recorder.loader, as: Service.self, thread: .current))
                }
                let outcome = LoadSinks.binding(recorder, as: .loads) {
                    Result { () throws(ContainerError) in try make(recorder.loader.serviceType) }
                }
                record(outcome, of: registration, recorder)
            }
        }
    }

    /// Runs each checked main-actor and `async` factory once in the sandbox, as an `await`
    /// load does: a main-actor one on the main actor.
    mutating func runEachIsolated() async {
        for registration in checked where registration.isolation != .nonisolated {
            let recorder = LoadRecorder(loader: Registration(copying: registration))
            func make<Service>(_: Service.Type) async -> Result<ServiceTransfer<Any>, ContainerError> {
                do throws(ContainerError) {
                    return .success(
                        ServiceTransfer(
                            value: try await container.resolveAsync(recorder.loader, as: Service.self)))
                } catch {
                    return .failure(error)
                }
            }
            let outcome = await OverrideScope.binding(scope) {
                await LoadSinks.binding(recorder, as: .loads) { await make(recorder.loader.serviceType) }
            }
            record(outcome, of: registration, recorder)
        }
    }

    /// Holds the probe and what it made, and records the loads its declaration misses and its
    /// failure.
    private mutating func record(
        _ outcome: Result<ServiceTransfer<Any>, ContainerError>, of registration: Registration,
        _ recorder: LoadRecorder
    ) {
        // The declared IDs are seen already: each undeclared one is reported once.
        var seen = Set((registration.dependencies ?? []).map(\.id))
        var problems = recorder.loads.filter { seen.insert($0.id).inserted }.map { load in
            VerificationProblem(
                registration, .error, .undeclaredLoad, dependency: load.id,
                "the factory of '\(registration.id)' loaded '\(load.id)'\(load.found ? "" : ", and got nil: nothing provides it"); its declared dependencies do not list it"
            )
        }
        if case .failure(let failure) = outcome {
            problems.append(
                .init(
                    registration, .note, .factoryFailed, dependency: nil,
                    "the factory of '\(registration.id)' failed when run in the sandbox: \(failure)"))
        }
        results.append((registration, recorder.loader, try? outcome.get().value, problems))
    }

    /// Retires the probes as a container being freed does (failing dispose hooks are reported),
    /// and adds the problems found to the report, keeping its groups sorted.
    func finish() -> VerificationReport {
        var boxes: [RetiredBox] = []
        for result in results {
            result.probe.retireWithContributions(into: &boxes, disposals: container.store.disposals)
        }
        InstanceReclaimer.shared.retire(boxes)
        var report = report
        for (registration, _, _, problems) in results where !problems.isEmpty {
            if let index = report.registrations.firstIndex(where: { $0.id == registration.id }) {
                report.registrations[index].problems += problems
                report.registrations[index].problems.sort { $0.severity < $1.severity }
            } else {
                report.registrations.append(
                    VerifiedRegistration(registration, problems: problems, isChecked: true))
                report.registrations.sort { $0.id < $1.id }
            }
        }
        return report
    }
}
