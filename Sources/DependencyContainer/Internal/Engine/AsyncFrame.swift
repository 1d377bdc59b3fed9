/// One async factory that is running: the task-local resolution stack of
/// ``Container/loadAsync(_:)``, which detects cycles among async factories.
final class AsyncFrame: Sendable {
    /// The innermost async factory running in the current task, if any.
    @TaskLocal static var current: AsyncFrame?

    let registration: Registration
    let parent: AsyncFrame?
    /// The first cycle found while this frame's factory ran: its service must not be kept,
    /// because the factory may have built it from the `nil` a broken cycle returns.
    let cycle = LockedValue<[String]?>(nil)
    /// What this frame's factory met, directly or through the factories it ran: what its
    /// shared service is kept with (``Container/emit(_:thread:)``).
    let notes = LockedValue(CreationNotes())

    init(registration: Registration, parent: AsyncFrame?) {
        self.registration = registration
        self.parent = parent
    }

    /// The frames from the outermost to this one.
    var chain: [AsyncFrame] { sequence(first: self, next: \.parent).reversed() }

    /// The innermost registration of the chain that caches its service: what a load here
    /// would be captive in (as the thread's frames tell it for a synchronous factory).
    var holder: Registration? {
        sequence(first: self, next: \.parent).first { $0.registration.isShared }?.registration
    }

    /// Throws the cycle that loading `registration` from this frame would close, recorded.
    func checkNoCycle(loading registration: Registration) throws(ContainerError) {
        let frames = chain
        guard frames.contains(where: { $0.registration === registration }) else { return }
        let path = frames.map(\.registration.id) + [registration.id]
        recordCycle(path)
        throw .cycle(path: path)
    }

    /// Records `path` on this frame and every frame outside it, so that none of their
    /// services is kept.
    func recordCycle(_ path: [String]) {
        for frame in chain {
            frame.cycle.withLock { if $0 == nil { $0 = path } }
        }
    }

    /// Notes what a factory running from this frame outwards met, on each frame that creates
    /// a shared service: a transient one in between is held by it.
    func note(_ change: (inout CreationNotes) -> Void) {
        for frame in chain where frame.registration.asyncCreation != nil {
            frame.notes.withLock { change(&$0) }
        }
    }
}
