/// What happened to the registration a load of one ID uses, as an observer hears of it.
///
/// ``Container/changes(of:)-(InjectID<Service>)`` delivers ``current(_:)`` first, then one value
/// per change of what a load of the ID finds. See <doc:ObservingChanges>.
public enum RegistrationChange: Hashable, Sendable, CustomStringConvertible {
    /// The first event: the registration a load uses when the observer subscribed, or `nil`
    /// when the ID has none.
    case current(RegistrationInfo?)

    /// The ID had no registration and now has one.
    case added(RegistrationInfo)

    /// Another registration replaced the one a load used, or a parent's shows through now.
    case replaced(previous: RegistrationInfo, replacement: RegistrationInfo)

    /// The registration was removed, and no ancestor's shows through.
    case removed(RegistrationInfo)

    /// ``Container/reset(scope:)`` discarded the registration's service.
    case reset(RegistrationInfo)

    /// The registration a load uses after the change, or `nil` when there is none.
    public var registration: RegistrationInfo? {
        switch self {
        case .current(let info): info
        case .added(let info), .reset(let info): info
        case .replaced(_, let replacement): replacement
        case .removed: nil
        }
    }

    /// The change in one line, for logs.
    public var description: String {
        switch self {
        case .current(let info): "current: \(info?.description ?? "none")"
        case .added(let info): "added: \(info)"
        case .replaced(let previous, let replacement): "replaced: \(previous) -> \(replacement)"
        case .removed(let info): "removed: \(info)"
        case .reset(let info): "reset: \(info)"
        }
    }

    /// An observer's change of the registration, which it computes as the contribution `""`.
    init(_ change: ContributionChange) {
        switch change {
        case .current(let infos): self = .current(infos.first)
        case .added(_, let info): self = .added(info)
        case .replaced(_, let previous, let replacement):
            self = .replaced(previous: previous, replacement: replacement)
        case .removed(_, let info): self = .removed(info)
        case .reset(_, let info): self = .reset(info)
        }
    }
}
