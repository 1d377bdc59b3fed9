/// How long a service created by a registration's factory is reused.
///
/// A scope is chosen per registration. Without a choice, a registration is
/// ``transient``, which is how the original `Injectable` items behaved.
///
/// ```swift
/// container.register(.analytics, scope: .singleton) { ConsoleAnalytics() }
/// ```
public enum Scope: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// A new service on every load.
    case transient

    /// One service per registration, created on the first load and shared afterwards.
    ///
    /// The factory runs exactly once even when many threads race on the first load; the
    /// other threads wait for the one that creates it.
    case singleton

    /// One service shared while anybody else holds a strong reference to it.
    ///
    /// When the last outside reference goes away, the next load creates a new service.
    /// Services that are not class instances cannot be held weakly and behave as
    /// ``transient``.
    case weak

    /// One service per top-level load: every factory that runs inside one
    /// `load`/`require` call and asks for this ID gets the same service.
    case graph

    /// Whether services are shared between loads: ``singleton`` and ``weak``.
    var isShared: Bool { self == .singleton || self == .weak }

    /// The scope's name.
    public var description: String { rawValue }
}
