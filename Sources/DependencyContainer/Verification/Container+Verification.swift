extension Container {
    /// Checks the declared dependencies of every registration this container's loads can
    /// reach, without running any factory, and reports every problem at once.
    ///
    /// A registration declares what its factory loads with `dependencies:` (see
    /// ``Dependency``); RegistrationPlugin's generated `register(into:)` declares them for
    /// providers and contributions. The check looks each dependency up in the container's
    /// lookup order (its own registrations, then its ancestors', after the current task's
    /// overrides, as a load would) and reports:
    /// - a required dependency that nothing provides (an optional one is a note);
    /// - a dependency registered with another service type than the one declared;
    /// - a cycle of eager dependencies, with its path (`lazy` and `provider` handles break cycles);
    /// - a singleton or weak service that keeps a named-scope service captive;
    /// - a synchronous factory that loads a main-actor or async service eagerly.
    ///
    /// A cached service (singleton, weak, named scope) is made where it is registered, as a
    /// load makes it, so the dependencies of one an ancestor registers are looked up from that
    /// ancestor on, without the nearer registrations it cannot see; the registrations it gets
    /// there, and the transient and graph services it loads, which run in its context, are
    /// checked in that context too. Registrations that declare nothing are listed as
    /// unchecked: not a problem (``VerificationReport/hasNoProblems``), but the report is not
    /// clean while it has any (``VerificationReport/isClean``). A registration keyed by its
    /// implementation type (`.type(NotifierImpl.self)`) where loads ask for a protocol's type
    /// key it conforms to, which nothing registers, is an error at the registration.
    ///
    /// ```swift
    /// let report = container.verify()
    /// #expect(report.isClean, "\(report)")
    /// ```
    ///
    /// - Returns: The report.
    /// - Complexity: O(*n* · *d*) in the reachable registrations and the dependencies each declares,
    ///   each registration counted once per creation context that reaches it: once without
    ///   child containers or overrides.
    public func verify() -> VerificationReport {
        // The lookup order of rule 5, with the task's overrides, nearest place first.
        var places: [LookupPlace] = []
        _ = walkLookupOrder(overrides: OverrideScope.current) { place in
            places.append(place)
            return .absent
        }
        var verifier = CompositionVerifier(
            captiveIsError: captiveDependencyPolicy == .fail, contexts: CreationContexts(places: places))
        for (index, place) in places.enumerated() {
            let entries = place.store.read { Array($0.values) }
            // A container's sites and inferred dependencies once, at its own place; an
            // override's registrations use those of the container it overrides.
            let book = place.container.loadSiteBook.snapshot
            if !place.isOverride {
                verifier.addSites(book.sites, recordedAt: place.container === self ? nil : index)
            }
            verifier.beginPlace(count: entries.count)
            for registration in entries {
                verifier.add(registration, mayBeShadowed: index > 0, inferred: book.inferred)
            }
        }
        return verifier.report()
    }
}

extension Container {
    /// Checks the declared dependencies as `verify()` does and, when `running` is `true`, also
    /// runs each checked factory once to catch the loads its declaration misses.
    ///
    /// Each registration that declares its dependencies, runs on any thread and does not opt
    /// out (`verify: .skip`, or a provider's `runningCheck`) has its factory run once inside a
    /// sandbox: an override scope holding fresh copies of every registration this container's
    /// loads can reach, so that nothing it makes is cached in the container; the services the
    /// sandbox made are released, and their dispose hooks run, when the check ends. The
    /// lookups the factory makes are recorded, and one of an ID the declaration does not list,
    /// including an ID built at run time, is an `undeclared-load` error. A factory that fails
    /// in the sandbox is a note. Main-actor and async factories are run by
    /// ``verifyRunningIncludingIsolated()``; argument factories are never run. (In async code,
    /// `verify(running:)` is the last release's deprecated `async` spelling of that one.)
    ///
    /// ```swift
    /// let report = container.verify(running: true)
    /// #expect(report.isClean, "\(report)")
    /// ```
    ///
    /// Failures inside the sandbox are reported to the diagnostics handler, as loads report them.
    ///
    /// - Parameter running: Whether to run the factories; `false` is `verify()`.
    /// - Returns: The report.
    /// - Complexity: `verify()`'s, plus running each checked factory once, with its
    ///   dependencies' factories as they are first loaded in the sandbox.
    public func verify(running: Bool) -> VerificationReport {
        var report = verify()
        guard running else { return report }
        let sandbox = RunningSandbox(container: self)
        let scope = OverrideScope(target: self) { sandbox.fill($0) }
        var holdings = RunningSandbox.Holdings()
        let results = OverrideScope.binding(scope) { sandbox.runEach(in: self, holding: &holdings) }
        holdings.release(reportingTo: store.disposals)
        for (registration, problems) in results where !problems.isEmpty {
            report.add(problems, for: registration)
        }
        return report
    }

    /// Runs every checked factory as `verify(running: true)` does, main-actor ones included, on
    /// the main actor, and `async` ones, awaited.
    ///
    /// Named apart from `verify(running:)`, which skips them: async code chooses which check
    /// it runs, instead of getting this one because it can `await`.
    ///
    /// ```swift
    /// let report = await container.verifyRunningIncludingIsolated()
    /// ```
    ///
    /// Every factory runs in one sandbox, as in the synchronous check: nothing it makes is
    /// cached in the container, and the sandbox's services are released when the check ends.
    ///
    /// - Returns: The report.
    /// - Complexity: As `verify(running:)`, plus the isolated factories' runs.
    public func verifyRunningIncludingIsolated() async -> VerificationReport {
        var report = verify()
        let sandbox = RunningSandbox(container: self)
        let scope = OverrideScope(target: self) { sandbox.fill($0) }
        var holdings = RunningSandbox.Holdings()
        let results = await OverrideScope.binding(scope) {
            () async -> [(Registration, [VerificationProblem])] in
            let synchronous = sandbox.runEach(in: self, holding: &holdings)
            return await synchronous + sandbox.runEachIsolated(in: self, holding: &holdings)
        }
        holdings.release(reportingTo: store.disposals)
        for (registration, problems) in results where !problems.isEmpty {
            report.add(problems, for: registration)
        }
        return report
    }

    /// The last release's `async` running check, kept so that code written for it keeps its
    /// behaviour: with `running`, it runs ``verifyRunningIncludingIsolated()``, main-actor and
    /// `async` factories included; without, it is `verify()`.
    ///
    /// Without it, `await container.verify(running: true)` would compile to the synchronous
    /// `verify(running:)`, with only a "no 'async' operations" warning, and skip those
    /// factories. In async code, `verify(running:)` is this one: `await` it, or call the
    /// synchronous form from a synchronous function. See <doc:MigratingToVersion0Next>.
    ///
    /// - Parameter running: Whether to run the factories.
    /// - Returns: The report.
    @available(
        *, deprecated, renamed: "verifyRunningIncludingIsolated()",
        message: "renamed verifyRunningIncludingIsolated(); it runs main-actor and async factories as before"
    )
    public func verify(running: Bool) async -> VerificationReport {
        running ? await verifyRunningIncludingIsolated() : verify()
    }

    /// Runs `probe`, a fresh copy of a checked main-actor or `async` registration, as an
    /// `await` load does: on the main actor, or awaited.
    func runProbeAsync(_ probe: Registration) async throws(ContainerError) -> ServiceTransfer<Any> {
        func make<Service>(_: Service.Type) async throws(ContainerError) -> ServiceTransfer<Any> {
            ServiceTransfer(value: try await resolveAsync(probe, as: Service.self))
        }
        return try await make(probe.serviceType)
    }

    /// Runs `probe`, a fresh copy of a checked registration, as a top-level load, and returns
    /// the service.
    func runProbe(_ probe: Registration) throws(ContainerError) -> Any {
        let thread = ThreadState.current
        func make<Service>(_: Service.Type) throws(ContainerError) -> Any {
            try resolve(probe, as: Service.self, thread: thread)
        }
        return try make(probe.serviceType)
    }
}

extension VerificationReport {
    /// Adds problems the running check found for `registration`, keeping the groups sorted.
    mutating func add(_ problems: [VerificationProblem], for registration: Registration) {
        if let index = registrations.firstIndex(where: { $0.id == registration.id }) {
            registrations[index].problems += problems
            registrations[index].problems.sort { $0.severity < $1.severity }
            return
        }
        registrations.append(CompositionVerifier.verified(registration, problems: problems))
        registrations.sort { $0.id < $1.id }
    }
}
