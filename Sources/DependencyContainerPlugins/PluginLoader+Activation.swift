import DependencyContainer
import Foundation

extension PluginLoader {
    // MARK: Listeners

    /// Adds `listener`, held weakly: it hears of every later deactivation and activation
    /// until it is freed or removed.
    ///
    /// - Parameter listener: The listener; adding one twice adds it once.
    public func addListener(_ listener: any PluginListener) {
        listeners.withLock { list in
            list.removeAll { $0.listener == nil }
            guard !list.contains(where: { $0.listener === listener }) else { return }
            list.append(WeakPluginListener(listener: listener))
        }
    }

    /// Removes `listener`.
    ///
    /// - Parameter listener: A listener added before; any other is ignored.
    public func removeListener(_ listener: any PluginListener) {
        listeners.withLock { list in list.removeAll { $0.listener == nil || $0.listener === listener } }
    }

    /// The listeners still alive, strongly, for one round of calls.
    private var liveListeners: [any PluginListener] {
        listeners.withLock { list in
            list.removeAll { $0.listener == nil }
            return list.compactMap(\.listener)
        }
    }

    // MARK: Deactivating

    /// Switches a loaded plugin off: everything it registered and contributed leaves the
    /// container as one change, and what it replaced comes back.
    ///
    /// The listeners are asked first, and any of them may refuse with a reason; then the
    /// plugin's registrations and contributions go in one store change, so a load sees all
    /// of the plugin or none of it. Its kept services are disposed through their dispose
    /// hooks, the services made with them first, and the container's observers hear
    /// `removed` for each ID. The registrations it replaced under
    /// ``ConflictPolicy/replace`` come back. Last, the listeners are told.
    ///
    /// The container's cached services that were made with one of the plugin's services are
    /// its *dependents*: the report names them, and `resettingDependents` replaces them in
    /// the same change, so that their next load is made without the plugin. Handles such as
    /// `Lazy`, `ServiceProvider` and kept resolvers load the plugin's IDs as `nil` from then on.
    ///
    /// The library stays mapped (Swift cannot unload type metadata), so
    /// ``activate(_:resettingDependents:)`` can bring the plugin back. Each step that
    /// runs others' code (the listeners, the dispose hooks and observers) is waited for at
    /// most ``deactivationTimeLimit``; what overruns is reported, and the plugin is
    /// deactivated all the same. This call blocks its thread meanwhile: on the main thread,
    /// dispose hooks that run on the main actor run after it returns, and are reported as
    /// overrunning. From the main actor, await ``deactivateWithoutBlocking(_:resettingDependents:)``.
    ///
    /// ```swift
    /// let report = try loader.deactivate(toastPlugin, resettingDependents: true)
    /// print(report.dependents)  // made with its services; made anew at their next load
    /// ```
    ///
    /// - Parameters:
    ///   - plugin: A plugin this loader loaded.
    ///   - resettingDependents: Whether the dependents are reset with the plugin.
    /// - Returns: What was removed, restored, reset and what overran.
    /// - Throws: ``PluginActivationError`` when the plugin is not this loader's, not active,
    ///   or a listener vetoed; nothing changed then.
    @discardableResult
    public func deactivate(_ plugin: LoadedPlugin, resettingDependents: Bool = false)
        throws(PluginActivationError) -> PluginDeactivationReport
    {
        guard plugin.loaderSerial == serial else { throw .fromAnotherLoader(name: plugin.manifest.name) }
        return try deactivate(pluginNamed: plugin.manifest.name, resettingDependents: resettingDependents)
    }

    /// Switches off the loaded plugin named `name`; see ``deactivate(_:resettingDependents:)``.
    ///
    /// - Parameters:
    ///   - name: The plugin's name, as its manifest gives it.
    ///   - resettingDependents: Whether the dependents are reset with the plugin.
    /// - Returns: What was removed, restored, reset and what overran.
    /// - Throws: ``PluginActivationError`` when no active plugin of this loader has that
    ///   name, or a listener vetoed; nothing changed then.
    @discardableResult
    public func deactivate(pluginNamed name: String, resettingDependents: Bool = false)
        throws(PluginActivationError) -> PluginDeactivationReport
    {
        let record = try claim(name, from: .active)
        let plugin = record.plugin
        var overruns: [PluginOverrun] = []
        // 1. The veto: every listener at once, each on a thread of its own.
        let listeners = liveListeners
        let votes = runBounded(listeners, step: .veto, overruns: &overruns) {
            $0.vetoDeactivation(of: plugin)
        }
        if let (listener, reason) = zip(listeners, votes).first(where: { $0.1 != nil }).map({ ($0.0, $0.1!) })
        {
            release(name, as: record)
            throw .vetoed(name: name, listener: WeakPluginListener.name(of: listener), reason: reason)
        }
        // 2. The registrations go, in one store change made on a thread of its own: the
        //    dispose hooks and observers that run after it are user code.
        guard let owned = record.owned else {
            // Unreachable: an active plugin has its adoption's record.
            release(name, as: record)
            throw .alreadyInactive(name: name)
        }
        var outcome = withdrawBounded(owned, resettingDependents: resettingDependents, overruns: &overruns)
        // An installed plugin whose library loaded: its registrations replaced its
        // placeholders, which the withdrawal brought back; they go too.
        if let placeholders = record.placeholders, record.descriptor != nil {
            let second = withdrawBounded(
                placeholders, resettingDependents: resettingDependents, overruns: &overruns)
            outcome = Self.merging(outcome, placeholdersWithdrawn: second)
        }
        // Its code no longer runs: `verify()` no longer checks its load sites.
        container.removeLoadSites(plugin.manifest.loadSites)
        var inactive = record
        inactive.status = .inactive
        inactive.owned = nil
        inactive.placeholders = nil
        release(name, as: inactive)
        let owners = [owned.owner] + (record.placeholders.map { [$0.owner] } ?? [])
        var report = PluginDeactivationReport(
            plugin: plugin, removedIDs: outcome.removedIDs,
            removedContributions: outcome.removedContributions,
            restored: outcome.restored, leftInPlace: outcome.leftInPlace, dependents: outcome.dependents,
            resetDependents: outcome.resetDependents, overruns: overruns,
            dependentsInChildContainers: childDependents(
                of: owners, lookingUp: nil, resetting: resettingDependents))
        // 3. The listeners are told; the report returned adds what overran meanwhile.
        let told = report
        _ = runBounded(liveListeners, step: .notification, overruns: &report.overruns) {
            $0.pluginDidDeactivate(told)
        }
        return report
    }

    // MARK: Activating

    /// Switches a deactivated plugin on again, from its library, which is still mapped.
    ///
    /// It goes through the checks of a first load: the descriptor's ABI and manifest, the
    /// register function into a sealed staging container, the manifest against what it
    /// registered, and the conflict policy against the container as it is now. Then the
    /// listeners are told.
    ///
    /// The container's cached services made while the plugin was off that looked for one of
    /// its IDs and found nothing, or loaded an extension point it contributes to, hold their
    /// fallbacks: they are its *dependents*. The report names them, and `resettingDependents`
    /// replaces them in the same change as the plugin's registrations, so that their next
    /// load is made with the plugin.
    ///
    /// ```swift
    /// let activation = try loader.activate(toastPlugin, resettingDependents: true)
    /// print(activation.dependents)  // made without it while it was off; made anew with it
    /// toastPlugin = activation.plugin
    /// ```
    ///
    /// - Parameters:
    ///   - plugin: A plugin this loader loaded and deactivated.
    ///   - resettingDependents: Whether the dependents are reset with the activation.
    /// - Returns: The plugin as this activation loaded it, its dependents, and the listeners
    ///   that overran.
    /// - Throws: ``PluginActivationError`` when the plugin is not this loader's, not
    ///   deactivated, or fails a check; it stays deactivated then, and nothing is reset.
    @discardableResult
    public func activate(_ plugin: LoadedPlugin, resettingDependents: Bool = false)
        throws(PluginActivationError) -> PluginActivationReport
    {
        guard plugin.loaderSerial == serial else { throw .fromAnotherLoader(name: plugin.manifest.name) }
        return try activate(pluginNamed: plugin.manifest.name, resettingDependents: resettingDependents)
    }

    /// Switches on again the deactivated plugin named `name`; see ``activate(_:resettingDependents:)``.
    ///
    /// - Parameters:
    ///   - name: The plugin's name, as its manifest gives it.
    ///   - resettingDependents: Whether the dependents are reset with the activation.
    /// - Returns: The plugin as this activation loaded it, its dependents, and the listeners
    ///   that overran.
    /// - Throws: ``PluginActivationError`` when no deactivated plugin of this loader has
    ///   that name, or it fails a check; it stays deactivated then.
    @discardableResult
    public func activate(pluginNamed name: String, resettingDependents: Bool = false)
        throws(PluginActivationError) -> PluginActivationReport
    {
        let record = try claim(name, from: .inactive)
        guard let descriptor = record.descriptor else {
            return try activateInstalled(record, resettingDependents: resettingDependents)
        }
        let path = record.plugin.path
        let result = validatedManifest(of: descriptor, path: path).flatMap {
            manifest -> Result<PluginManifest, PluginLoadError> in
            guard manifest.name == name else {
                return .failure(
                    .invalidManifest(
                        path: path,
                        detail: "the descriptor now names the plugin \(manifest.name), not \(name)"))
            }
            return .success(manifest)
        }
        .flatMap { stage(manifest: $0, from: descriptor, path: path) }
        .flatMap { adopt($0, dependents: resettingDependents ? .reset : .named) }
        switch result {
        case .failure(let error):
            release(name, as: record)
            throw .activationFailed(name: name, error: error)
        case .success(let adoption):
            let plugin = adoption.plugin
            release(
                name,
                as: PluginRecord(
                    plugin: plugin, descriptor: descriptor, status: .active, owned: adoption.owned)
            )
            var report = PluginActivationReport(
                plugin: plugin, dependents: adoption.dependents, resetDependents: resettingDependents,
                overruns: [],
                dependentsInChildContainers: childDependents(
                    of: adoption.owned.map { [$0.owner] } ?? [],
                    lookingUp: Self.lookedUpIDs(of: plugin.manifest),
                    resetting: resettingDependents))
            _ = runBounded(liveListeners, step: .notification, overruns: &report.overruns) {
                $0.pluginDidActivate(plugin)
            }
            return report
        }
    }

    /// The cached services of the container's descendants made with (or, given `ids`, while
    /// missing) the services of `owners`, sorted; reset if asked, child by child.
    private func childDependents(of owners: [RegistrationOwner], lookingUp ids: Set<String>?, resetting: Bool)
        -> [String]
    {
        var found: Set<String> = []
        for child in container.descendants {
            for owner in owners {
                found.formUnion(child.cachedDependents(of: owner, lookingUp: ids, resetting: resetting))
            }
        }
        return found.sorted()
    }

    /// The IDs and extension points whose lookups a plugin's return answers.
    private static func lookedUpIDs(of manifest: PluginManifest) -> Set<String> {
        Set(manifest.providedIDs + manifest.contributions.keys)
    }

    /// Activates an installed plugin whose library never loaded: its placeholders come back.
    private func activateInstalled(_ record: PluginRecord, resettingDependents: Bool)
        throws(PluginActivationError) -> PluginActivationReport
    {
        let manifest = record.plugin.manifest
        let name = manifest.name
        var problems: [VerificationProblem] = []
        // Verified from its manifest again: the host may have changed while it was off.
        let outcome = placeholders(for: manifest, path: record.plugin.path).flatMap { staging in
            verdict(on: staging, manifest: manifest, ownIDs: manifest.allIDs, path: record.plugin.path).map {
                problems = $0
                return container.adoptRegistrations(
                    of: staging, replacingExisting: conflictPolicy == .replace, declaring: [:],
                    owner: RegistrationOwner(), dependents: resettingDependents ? .reset : .named)
            }
        }
        switch outcome {
        case .failure(let error):
            release(name, as: record)
            throw .activationFailed(name: name, error: error)
        case .success(let adoption):
            guard adoption.adopted, let owned = adoption.record else {
                release(name, as: record)
                throw .activationFailed(
                    name: name, error: .duplicateIDs(path: record.plugin.path, ids: adoption.conflicts))
            }
            container.addLoadSites(record.plugin.manifest.loadSites)
            let plugin = LoadedPlugin(
                manifest: manifest, path: record.plugin.path,
                providedIDs: record.plugin.providedIDs, replacedIDs: adoption.conflicts,
                contributions: record.plugin.contributions, verificationProblems: problems,
                loaderSerial: serial)
            release(
                name,
                as: PluginRecord(
                    plugin: plugin, descriptor: nil, status: .active, owned: owned, placeholders: owned,
                    directory: record.directory))
            var report = PluginActivationReport(
                plugin: plugin, dependents: adoption.dependents, resetDependents: resettingDependents,
                overruns: [],
                dependentsInChildContainers: childDependents(
                    of: [owned.owner], lookingUp: Self.lookedUpIDs(of: plugin.manifest),
                    resetting: resettingDependents))
            _ = runBounded(liveListeners, step: .notification, overruns: &report.overruns) {
                $0.pluginDidActivate(plugin)
            }
            return report
        }
    }

    /// One outcome for a deactivation that withdrew a loaded plugin's registrations, which
    /// brought its placeholders back, then the placeholders.
    static func merging(_ first: WithdrawalOutcome, placeholdersWithdrawn second: WithdrawalOutcome)
        -> WithdrawalOutcome
    {
        let placeholderIDs = Set(second.removedIDs + second.removedContributions + second.leftInPlace)
        var merged = WithdrawalOutcome(resetDependents: first.resetDependents)
        merged.removedIDs = Array(Set(first.removedIDs + second.removedIDs)).sorted()
        merged.removedContributions =
            Array(Set(first.removedContributions + second.removedContributions)).sorted()
        merged.restored = (first.restored.filter { !placeholderIDs.contains($0) } + second.restored).sorted()
        merged.leftInPlace = Array(Set(first.leftInPlace + second.leftInPlace)).sorted()
        merged.dependents = Array(Set(first.dependents + second.dependents)).sorted()
        return merged
    }

    // MARK: Steps

    /// Waits until no thread is changing the plugin `name`, checks that it is `status`, and
    /// marks it as changing: the caller must ``release(_:as:)`` it.
    private func claim(_ name: String, from status: PluginRecord.Status) throws(PluginActivationError)
        -> PluginRecord
    {
        let notChanging = { (state: inout LoaderState) -> Bool in state.plugins[name]?.status != .changing }
        let claimed = state.withLock(waitingUntil: notChanging) {
            state -> Result<PluginRecord, PluginActivationError> in
            guard var record = state.plugins[name] else {
                if let error = state.failures[name] {
                    return .failure(.failedToLoad(name: name, error: error))
                }
                return .failure(.notLoaded(name: name))
            }
            guard record.status == status else {
                return .failure(status == .active ? .alreadyInactive(name: name) : .alreadyActive(name: name))
            }
            let claimed = record
            record.status = .changing
            state.plugins[name] = record
            return .success(claimed)
        }
        return try claimed.get()
    }

    /// Records `record` as the plugin's state and wakes the threads waiting to change it.
    func release(_ name: String, as record: PluginRecord) {
        state.withLock { $0.plugins[name] = record }
        state.wakeWaiters()
    }

    /// Withdraws `owned` on a thread of its own, waiting for the change itself (which runs no
    /// code of others), then at most the time limit for what it retired to be disposed.
    private func withdrawBounded(
        _ owned: OwnedRegistrations, resettingDependents: Bool, overruns: inout [PluginOverrun]
    ) -> WithdrawalOutcome {
        let changed = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        let outcome = LockedValue<WithdrawalOutcome?>(nil)
        let container = self.container
        Thread.detachNewThread {
            container.withdrawRegistrations(owned, resettingDependents: resettingDependents) { withdrawn in
                outcome.withLock { $0 = withdrawn }
                changed.signal()
            }
            finished.signal()
        }
        changed.wait()
        let withdrawn = outcome.withLock { $0 } ?? WithdrawalOutcome()
        let deadline = DispatchTime.now() + deactivationTimeLimit
        let released = Set(withdrawn.removedIDs + withdrawn.removedContributions + withdrawn.dependents)
        let workerFinished = finished.wait(timeout: deadline) == .success
        // Hooks that run in tasks (async, or on the main actor from elsewhere) are counted.
        var stillDisposing = container.pendingDisposalIDs.filter(released.contains)
        while workerFinished, !stillDisposing.isEmpty, DispatchTime.now() < deadline {
            usleep(1_000)
            stillDisposing = container.pendingDisposalIDs.filter(released.contains)
        }
        if !stillDisposing.isEmpty {
            overruns.append(
                PluginOverrun(
                    step: .disposal,
                    culprit: "the dispose hooks of \(stillDisposing.joined(separator: ", "))",
                    limit: deactivationTimeLimit))
        } else if !workerFinished {
            overruns.append(
                PluginOverrun(
                    step: .disposal, culprit: "the container's observers", limit: deactivationTimeLimit))
        }
        return withdrawn
    }

    /// Calls `body` on each listener, each on a thread of its own, and waits at most the
    /// time limit for them all; a listener that has not answered by then is reported, and
    /// its answer is `nil`.
    private func runBounded<Answer: Sendable>(
        _ listeners: [any PluginListener], step: PluginOverrun.Step, overruns: inout [PluginOverrun],
        _ body: @escaping @Sendable (any PluginListener) -> Answer?
    ) -> [Answer?] {
        guard !listeners.isEmpty else { return [] }
        let answers = LockedValue([Answer?](repeating: nil, count: listeners.count))
        let answered = LockedValue([Bool](repeating: false, count: listeners.count))
        let group = DispatchGroup()
        for (index, listener) in listeners.enumerated() {
            group.enter()
            Thread.detachNewThread {
                let answer = body(listener)
                answers.withLock { $0[index] = answer }
                answered.withLock { $0[index] = true }
                group.leave()
            }
        }
        _ = group.wait(timeout: .now() + deactivationTimeLimit)
        let done = answered.withLock { $0 }
        for (index, listener) in listeners.enumerated() where !done[index] {
            overruns.append(
                PluginOverrun(
                    step: step, culprit: WeakPluginListener.name(of: listener), limit: deactivationTimeLimit))
        }
        // Answers that came after the limit do not count.
        let all = answers.withLock { $0 }
        return all.indices.map { done[$0] ? all[$0] : nil }
    }
}
