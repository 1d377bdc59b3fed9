import DependencyContainerKernel
import DependencyContainerSystem

extension Container {
    // MARK: Step 3: checks before a factory runs or a service is handed out
    //
    // Each rule is a function here that every load path calls: a cycle on this thread
    // (`checkNoCycle`), too deep a chain of factories (`checkDepth`), a captive dependency
    // (`checkNotCaptive`, also called by a `Lazy` handle's first load and for a published
    // singleton inside a factory) and isolation (`mayRunFactoryHere`; an async load's own
    // check is in `Container+AsyncResolution.swift`). Cycles across threads and tasks are found
    // where threads and tasks wait for each other: ``CreationMonitor`` and ``AsyncWaitGraph``,
    // with ``AsyncFrame``'s stack for one task. `verify()` checks declared dependencies with
    // its own graph (`CompositionVerifier`), which the differential test holds to these rules.

    /// Throws the cycle when `registration`'s factory is already running on this thread.
    ///
    /// The path is recorded as the failure of the whole top-level load (its factories may go
    /// on with `nil`), and the top-level load reports it once.
    ///
    /// - Complexity: O(*d*) in the depth of the factories running on this thread.
    @inline(__always)
    func checkNoCycle(_ registration: Registration, thread: ThreadState) throws(ContainerError) {
        // A top-level load has nothing on the stack: no call for it.
        if !thread.frames.isEmpty, thread.frames.contains(where: { $0 === registration }) {
            let path = thread.frames.map(\.id) + [registration.id]
            throw thread.recordWholeLoadFailure(.cycle(path: path))
        }
    }

    /// Throws when another nested factory would leave too little stack for the code between
    /// it and the next check; checked before each factory, not each load, as only factories nest.
    @inline(__always)
    func checkDepth(_ registration: Registration, thread: ThreadState) throws(ContainerError) {
        if dependency_container_stack_position() < thread.stackLimit {
            throw thread.recordWholeLoadFailure(
                .resolutionTooDeep(
                    id: thread.frames.first?.id ?? registration.id, depth: thread.frames.count + 1,
                    innermostID: registration.id))
        }
    }

    /// Whether `registration`'s factory may run on this thread now: a main-actor factory only
    /// on the main thread, an async one never in a synchronous load.
    ///
    /// A synchronous load that may not run it hands out only a service that exists
    /// (``existingService(_:as:)``), and never waits for one.
    @inline(__always)
    func mayRunFactoryHere(_ registration: Registration) -> Bool {
        guard let isolated = registration.isolated else { return true }
        return Self.mayRunSynchronously(isolated.isolation, onMainThread: MainThread.isCurrent)
    }

    /// The isolation rule, which the engine checks for each synchronous load and `verify()`
    /// for each eager dependency: whether a synchronous load may run a factory of
    /// `isolation`, on the main thread or off it.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    static func mayRunSynchronously(_ isolation: FactoryIsolation, onMainThread: Bool) -> Bool {
        switch isolation {
        case .nonisolated: true
        case .mainActor: onMainThread
        case .asynchronous: false
        }
    }

    /// The captive rule, which the engine checks for each load inside a cached service's
    /// factory and `verify()` for each dependency a cached service keeps: whether a cached
    /// service of the scope named `holderScope` (`nil` for a singleton or weak one) keeps a
    /// service of `dependencyScope` captive, past the reset of its scope.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    static func keepsCaptive(holderScope: String?, dependencyScope: String?) -> Bool {
        guard let dependencyScope else { return false }
        return holderScope != dependencyScope
    }

    /// The singleton or live weak service of an isolated registration, which a synchronous
    /// load may hand out without running its factory.
    func existingService<Service>(_ registration: Registration, as _: Service.Type)
        throws(ContainerError) -> Service
    {
        // A read section for the hand-over, as in `provide`.
        let thread = ThreadState.current
        thread.beginRead(ReadKey(registration))
        if let value = registration.existingSharedService {
            defer { thread.endRead() }
            return try cast(value, from: registration, to: Service.self)
        }
        thread.endRead()
        throw .unavailableSynchronously(id: registration.id, isolation: registration.isolation)
    }

    /// Checks that loading `dependency` now does not make it captive in the cached service
    /// whose factory runs on this thread; reports it, and throws under the `fail` policy.
    ///
    /// The holder is the innermost frame that caches its service: transient and graph
    /// services in between are held by it too. A holder in the same named scope is fine.
    ///
    /// - Complexity: O(1) unless `dependency` is in a named scope and a factory is running.
    @inline(__always)
    func checkNotCaptive(_ dependency: Registration, thread: ThreadState) throws(ContainerError) {
        guard !thread.frames.isEmpty, dependency.scopeName != nil,
            let holder = Self.captiveHolder(thread: thread)
        else { return }
        do {
            try checkNotCaptive(dependency, heldBy: holder)
        } catch {
            thread.captiveFailure = (ObjectIdentifier(holder), error)
            throw error
        }
    }

    /// Checks that `dependency` is not captive in `holder`'s service, which keeps it.
    ///
    /// For a load inside `holder`'s factory and for the first load of a lazy handle the
    /// factory took. Reports a captive dependency, and throws it under the `fail` policy.
    func checkNotCaptive(_ dependency: Registration, heldBy holder: Registration) throws(ContainerError) {
        guard let dependencyScope = dependency.scopeName,
            Self.keepsCaptive(holderScope: holder.scopeName, dependencyScope: dependencyScope)
        else { return }
        let error = ContainerError.captiveDependency(
            id: holder.id, scope: holder.scopeName.map { "scope \($0)" } ?? "\(holder.scope)",
            dependency: dependency.id, dependencyScope: dependencyScope)
        report(.captiveDependency(error))
        if captiveDependencyPolicy == .fail {
            throw error
        }
    }

    /// The innermost factory running on this thread that caches its service: what a
    /// named-scope service it loads, or a lazy handle it takes loads later, would be captive in.
    static func captiveHolder(thread: ThreadState) -> Registration? {
        thread.frames.last(where: \.isShared)
    }

    /// Fails the creation of `registration` when a dependency its factory loaded was captive
    /// under the `fail` policy, even if the factory went on without it.
    func checkNoCaptiveFailure(creating registration: Registration, thread: ThreadState)
        throws(ContainerError)
    {
        guard let failure = thread.captiveFailure, failure.holder == ObjectIdentifier(registration) else {
            return
        }
        thread.captiveFailure = nil
        throw failure.error
    }
}
