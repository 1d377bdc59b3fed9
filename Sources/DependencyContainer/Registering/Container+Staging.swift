extension Container {
    /// Makes this container refuse every change from now on, and report each refused one.
    ///
    /// A plugin registers into a scratch container, which the loader checks against the
    /// plugin's manifest and then moves into the host's. The plugin's code may keep the
    /// scratch container, and write to it from another thread, after its register function
    /// returned: sealed right then, the container the loader checks is the container it
    /// moves. A refused change runs on a copy that is dropped; it reaches nothing.
    ///
    /// - Parameter lateWrite: Called, after the refused change and outside every lock, with
    ///   the IDs it would have changed.
    package func seal(reportingLateWrites lateWrite: @escaping @Sendable ([String]) -> Void) {
        store.seal(reportingLateWrites: lateWrite)
    }

    /// Runs `body` and returns, with its result, the IDs that registrations made by this
    /// thread meanwhile changed in containers other than this one, sorted.
    ///
    /// Writes by other threads are not seen: they cannot be told apart from the host's own.
    /// Nor are writes to containers created meanwhile: those belong to the code in `body`.
    package func recordingWritesElsewhere<Result>(during body: () -> Result) -> (Result, [String]) {
        WriteWatch.watching(exempting: store.serial, body)
    }
}
