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
                if let policy = current.captivePolicySetting.withLock({ $0 }) {
                    return policy
                }
                container = current.parent
            }
            return .report
        }
        set {
            captivePolicySetting.withLock { $0 = newValue }
        }
    }
}
