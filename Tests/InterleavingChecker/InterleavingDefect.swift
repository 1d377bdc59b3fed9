#if DC_INTERLEAVING
    import DependencyContainerKernel

    /// A bug the read path once had or could have, which the checker injects at run time at
    /// one ``FaultPoint`` so that tests can check that it finds it; exists only in the
    /// `InterleavingChecks` build.
    ///
    /// The production algorithms contain no trace of these: each fault is injected inside
    /// the named synchronization point that the algorithm calls.
    package enum InterleavingDefect: Sendable, Hashable, CaseIterable {
        /// The reclaimer frees a retired batch at once, ignoring loads in progress: the
        /// lifetime bug of the read-path issue.
        case reclaimIgnoresLoads
        /// `RegistrationStore.modify(_:)` does not advance the generation, so threads keep
        /// answering from snapshots that the write made stale.
        case missingGenerationBump
        /// A load does not announce itself, so the reclaimer may free what it reads.
        case skippedAnnounce
        /// A thread that waited while another created a singleton creates it again instead
        /// of taking the one published meanwhile.
        case creationWithoutRecheck
        /// The creation monitor never follows the wait chain, so threads whose factories
        /// load each other wait for each other for good.
        case noCrossThreadCycleCheck

        /// The point at which the checker injects this defect.
        var point: FaultPoint {
            switch self {
            case .reclaimIgnoresLoads: .readerScan
            case .missingGenerationBump: .generationAdvance
            case .skippedAnnounce: .readerAnnounce
            case .creationWithoutRecheck: .creationRecheck
            case .noCrossThreadCycleCheck: .waitCycleCheck
            }
        }

        /// The defects switched on; set by the test's own thread only while no checked
        /// thread runs, and read by checked threads, which the scheduler's mutex orders
        /// after that write.
        nonisolated(unsafe) package static var active: Set<InterleavingDefect> = []
    }
#endif
