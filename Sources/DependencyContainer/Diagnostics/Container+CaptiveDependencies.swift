extension Container {
    /// What this container does when a cached service's factory loads a shorter-lived one.
    ///
    /// Unless set, a container uses its parent's policy, and a root container
    /// ``CaptiveDependencyPolicy/report``.
    ///
    /// ```swift
    /// container.captiveDependencyPolicy = .fail
    /// ```
    public var captiveDependencyPolicy: CaptiveDependencyPolicy {
        get {
            var container: Container? = self
            while let current = container {
                switch current.captivePolicyWord.load() {
                case 1: return .report
                case 2: return .fail
                default: container = current.parent
                }
            }
            return .report
        }
        set {
            captivePolicyWord.store(newValue == .fail ? 2 : 1)
        }
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
        guard !thread.frames.isEmpty, let dependencyScope = dependency.scopeName else { return }
        try checkNotCaptive(dependency, in: dependencyScope, thread: thread)
    }

    private func checkNotCaptive(
        _ dependency: Registration, in dependencyScope: String, thread: ThreadState
    )
        throws(ContainerError)
    {
        guard let holder = Self.captiveHolder(thread: thread),
            let error = reportCaptive(dependency, in: dependencyScope, heldBy: holder)
        else { return }
        if captiveDependencyPolicy == .fail {
            thread.captiveFailure = (ObjectIdentifier(holder), error)
            throw error
        }
    }

    /// Reports `dependency` as captive in `holder`'s service unless both are in the same named
    /// scope, and returns the error the `fail` policy throws.
    private func reportCaptive(
        _ dependency: Registration, in dependencyScope: String, heldBy holder: Registration
    ) -> ContainerError? {
        guard holder.scopeName != dependencyScope else { return nil }
        let error = ContainerError.captiveDependency(
            id: holder.id, scope: holder.scopeName.map { "scope \($0)" } ?? "\(holder.scope)",
            dependency: dependency.id, dependencyScope: dependencyScope)
        report(.captiveDependency(error))
        return error
    }

    /// The innermost factory running on this thread that caches its service: what a
    /// named-scope service it loads, or a lazy handle it takes loads later, would be captive in.
    static func captiveHolder(thread: ThreadState) -> Registration? {
        thread.frames.last(where: \.isShared)
    }

    /// Checks that `dependency`, first loaded through a lazy handle that `holder`'s factory
    /// took, is not captive in `holder`'s service, which keeps what the handle loads; reports
    /// it, and throws under the `fail` policy.
    func checkNotCaptive(_ dependency: Registration, heldBy holder: Registration) throws(ContainerError) {
        guard let dependencyScope = dependency.scopeName,
            let error = reportCaptive(dependency, in: dependencyScope, heldBy: holder)
        else { return }
        if captiveDependencyPolicy == .fail {
            throw error
        }
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
