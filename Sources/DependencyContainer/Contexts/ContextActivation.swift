/// The process's active contexts, and the stores that must follow them.
enum ContextActivation {
    private struct State {
        /// `nil` until first used, then detected.
        var active: [RegistrationContext]?
        var problems: [ContextProblem] = []
        /// The stores with context registrations, by serial, held weakly.
        var stores: [UInt64: WeakStore] = [:]
    }

    private static let state = LockedValue(State())

    /// The active contexts, highest precedence first; detected from the process at first use.
    static var active: [RegistrationContext] {
        state.withLock { state in
            if let active = state.active { return active }
            let detection = RegistrationContext.detect(isDebugBuild: false)
            state.active = detection.contexts
            state.problems = detection.problems
            return detection.contexts
        }
    }

    /// What detection refused, for ``Container/reportUnknownContexts()``.
    static var problems: [ContextProblem] {
        _ = active
        return state.withLock { $0.problems }
    }

    /// Replaces the active contexts and rewrites every tracked store.
    static func setActive(_ contexts: [RegistrationContext], problems: [ContextProblem]?) {
        let ordered = RegistrationContext.inPrecedenceOrder(contexts)
        let stores = state.withLock { state -> [RegistrationStore] in
            state.active = ordered
            if let problems { state.problems = problems }
            state.stores = state.stores.filter { $0.value.store != nil }
            return state.stores.values.compactMap(\.store)
        }
        // Outside this lock: a store's rewrite takes its own lock and reads the contexts.
        for store in stores {
            store.reselectContexts()
        }
    }

    /// Makes `store` follow the process's contexts; called before its first context write.
    static func track(_ store: RegistrationStore) {
        state.withLock { $0.stores[store.serial] = WeakStore(store: store) }
    }
}
