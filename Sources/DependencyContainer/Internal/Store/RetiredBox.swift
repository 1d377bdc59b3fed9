import DependencyContainerKernel

/// A service its registration no longer keeps: a singleton box it no longer publishes, holding
/// the reference the registration held, or a weak service taken out to be disposed.
///
/// `@unchecked Sendable`: the box is immutable, and its service is shared by design.
struct RetiredBox: @unchecked Sendable {
    /// The singleton's box, with the registration's reference; `nil` for a weak service,
    /// which `disposal` holds.
    let box: InstanceBoxBase?
    /// The registration's dispose hook, to run before the box is released.
    let disposal: PendingDisposal?
    /// What the read sections of its registration announce: the write waits only for those.
    let readKey: ReadKey

    /// The service, for its dispose hook.
    var service: Any? { disposal?.value ?? box?.anyValue }
}

extension InstanceReclaimer {
    /// Disposes of and frees `boxes`, retained singleton boxes and weak services that no
    /// registration publishes any more, once no read section that may have read them is in
    /// progress: before this method returns.
    func retire(_ boxes: [RetiredBox]) {
        let keys = Set(boxes.map(\.readKey))
        retire(boxes, keys: keys, skipping: ThreadState.existing?.reader) { PendingDisposal.run(in: $0) }
    }
}

extension ReadKey {
    /// The key of `registration`'s read sections; in the interleaving checker's build, a hash
    /// of its ID, the same in every run.
    @inline(__always)
    init(_ registration: Registration) {
        self = withExtendedLifetime(registration) { ReadKey(Borrowed(registration)) { $0.id.hashValue } }
    }
}
