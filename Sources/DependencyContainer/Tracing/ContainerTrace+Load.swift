extension ContainerTrace {
    /// What became of a load.
    public enum Outcome: String, Hashable, Sendable {
        /// Its factory ran and made the service.
        case made
        /// It received a service its scope kept, and ran no factory.
        case reused
        /// No registration answered it.
        case missing
        /// Its factory threw.
        case failed
    }

    /// One recorded load, with the loads its factory made.
    public struct Load: Hashable, Sendable {
        /// The ID loaded.
        public let id: String
        /// The scope of the registration that answered, such as `singleton` or a named scope's
        /// name; `nil` when none did.
        public let scope: String?
        /// What became of the load.
        public let outcome: Outcome
        /// How long its factory ran, in seconds, with its loads; `nil` when no factory ran.
        public let factoryDuration: Double?
        /// The trace's number for the load's thread, from 1 in the order the trace met them.
        public let thread: Int
        /// The loads its factory made, in order.
        public let loads: [Load]
    }
}
