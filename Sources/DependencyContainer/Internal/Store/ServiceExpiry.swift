import DependencyContainerKernel
import Dispatch

/// When the service a registration keeps expires: its time to live
/// (``RegistrationOptions/timeToLive``) and when the service now kept was kept, on the
/// monotonic clock.
struct ServiceExpiry: Sendable {
    /// The time to live, in nanoseconds.
    let nanoseconds: UInt64
    /// When the service kept now was kept, in nanoseconds of the monotonic clock; written before
    /// the service is published or stored, so that a load that reads the service reads its time too.
    private let keptAt = AtomicCounter(0)

    /// The expiry of a registration of `lifetime` with `timeToLive`, or `nil` when its
    /// services never expire: no time to live, an infinite or a not yet validated one
    /// (``problem(with:)`` rejects the registration first), or a scope that keeps nothing.
    init?(timeToLive: Double?, lifetime: Scope.Lifetime) {
        // Longer than the clock can count (585 years) is forever.
        guard let timeToLive, lifetime.isShared, Self.problem(with: timeToLive) == nil,
            timeToLive * 1_000_000_000 < Double(UInt64.max)
        else { return nil }
        nanoseconds = max(1, UInt64(timeToLive * 1_000_000_000))
    }

    /// What is wrong with `timeToLive`, for the error that rejects the registration; `nil` for
    /// a positive number of seconds, infinity included.
    static func problem(with timeToLive: Double?) -> String? {
        guard let timeToLive else { return nil }
        if timeToLive.isNaN { return "its time to live is NaN" }
        if timeToLive <= 0 { return "its time to live, \(timeToLive) s, is not positive" }
        return nil
    }

    /// Notes that the service is kept now.
    func noteKept() {
        keptAt.store(DispatchTime.now().uptimeNanoseconds)
    }

    /// Whether the service kept now was kept at least the time to live ago.
    var hasExpired: Bool {
        DispatchTime.now().uptimeNanoseconds &- keptAt.load() >= nanoseconds
    }
}
