/// Keeps an observer of a container alive: dropping it, or calling ``cancel()``, ends the
/// observation; see <doc:ObservingChanges>.
///
/// The token holds neither the container nor its registrations; a handler that captures the
/// container strongly keeps it alive until the token goes.
public final class ObservationToken: Sendable, Hashable {
    private let observer: ChangeObserver

    init(_ observer: ChangeObserver) {
        self.observer = observer
    }

    deinit {
        observer.finish()
    }

    /// Ends the observation: no call starts after this returns.
    public func cancel() { observer.finish() }

    /// Whether the observation has ended, by ``cancel()`` or because the container went.
    public var isCancelled: Bool { observer.isFinished.load() }

    /// Identity.
    public static func == (lhs: ObservationToken, rhs: ObservationToken) -> Bool { lhs === rhs }

    /// Hashes the token's identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
