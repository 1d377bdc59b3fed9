extension Container {
    /// Makes this container follow `contexts` rather than the process's active contexts
    /// (``RegistrationContext/active``), or the process's again when `nil`.
    ///
    /// Its registrations switch at once: one that stops answering is retired with its cached
    /// services, whose dispose hooks run. Only this container's own registrations follow; a
    /// parent's follow the parent's contexts. Tests use it to try contexts without changing
    /// the process's, which other tests running in parallel see.
    ///
    /// ```swift
    /// let container = Container()
    /// container.setActiveContexts([.preview])
    /// ```
    ///
    /// - Parameter contexts: The contexts, in any order (precedence decides), or `nil`.
    /// - Complexity: O(*n*) in this container's context registrations.
    public func setActiveContexts(_ contexts: [RegistrationContext]?) {
        store.setActiveContexts(contexts)
    }

    /// The contexts this container's own registrations follow, highest precedence first.
    ///
    /// - Complexity: O(1).
    public var activeContexts: [RegistrationContext] {
        store.activeContexts
    }

    /// Sends ``DiagnosticEvent/unknownContext(_:)`` to the diagnostics handler for each
    /// context name that names no context: each invalid name the process's detection refused,
    /// and each active named context that no registration of this container or its ancestors
    /// is for.
    ///
    /// Call it once the composition root has registered everything, so that a mistyped
    /// `DEPENDENCY_CONTAINER_CONTEXT` is never silently ignored:
    ///
    /// ```swift
    /// let problems = container.reportUnknownContexts()
    /// ```
    ///
    /// - Returns: The problems reported.
    /// - Complexity: O(*n*) in the registrations on the lookup order.
    @discardableResult
    public func reportUnknownContexts() -> [ContextProblem] {
        var problems = activeContextsFollowProcess ? ContextActivation.problems : []
        var used = Set<RegistrationContext>()
        var active: [RegistrationContext] = []
        var container: Container? = self
        while let current = container {
            let use = current.store.contextUse()
            used.formUnion(use.used)
            if current === self { active = use.active }
            container = current.parent
        }
        for context in active where context.name != nil && !used.contains(context) {
            problems.append(
                ContextProblem(
                    name: context.description,
                    reason: "no registration is for this context, so it changes nothing"))
        }
        for problem in problems {
            report(.unknownContext(problem))
        }
        return problems
    }

    /// Whether this container follows the process's contexts.
    private var activeContextsFollowProcess: Bool {
        store.state.withLock { $0.contexts?.activeOverride == nil }
    }
}
