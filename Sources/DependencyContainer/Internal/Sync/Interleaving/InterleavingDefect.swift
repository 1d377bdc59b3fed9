#if DC_INTERLEAVING
    /// A bug the read path once had or could have, put back at run time so that tests can
    /// check that the interleaving checker finds it; exists only in the `InterleavingChecks`
    /// build.
    package enum InterleavingDefect: Sendable, Hashable, CaseIterable {
        /// The reclaimer frees a retired batch at once, ignoring loads in progress: the
        /// lifetime bug of the read-path issue.
        case reclaimIgnoresLoads
        /// ``RegistrationStore/modify(_:)`` does not advance the generation, so threads keep
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

        /// The defects switched on; set by the test's own thread only while no checked
        /// thread runs, and read by checked threads, which the scheduler's mutex orders
        /// after that write.
        nonisolated(unsafe) package static var active: Set<InterleavingDefect> = []
    }
#endif
