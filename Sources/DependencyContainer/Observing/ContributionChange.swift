/// What happened to one contribution of an extension point, as an observer hears of it.
///
/// ``Container/changes(of:)-(ExtensionPoint<Element>)`` delivers ``current(_:)`` first, then one
/// value per contribution, compared by name, that a change adds, replaces, resets or removes.
/// See <doc:ObservingChanges>.
public enum ContributionChange: Hashable, Sendable, CustomStringConvertible {
    /// The first event: the contributions a load uses, in load order.
    case current([RegistrationInfo])

    /// A contribution of a new name.
    case added(name: String, RegistrationInfo)

    /// Another contribution of the same name replaced the one a load used.
    case replaced(name: String, previous: RegistrationInfo, replacement: RegistrationInfo)

    /// The contribution was removed, and no ancestor's of that name shows through.
    case removed(name: String, RegistrationInfo)

    /// ``Container/reset(scope:)`` discarded the contribution's element.
    case reset(name: String, RegistrationInfo)

    /// The contribution's name, or `nil` for ``current(_:)``.
    public var name: String? {
        switch self {
        case .current: nil
        case .added(let name, _), .replaced(let name, _, _), .removed(let name, _), .reset(let name, _): name
        }
    }

    /// The change in one line, for logs.
    public var description: String {
        switch self {
        case .current(let infos): "current: [\(infos.map(\.id).joined(separator: ", "))]"
        case .added(let name, _): "added: \(name)"
        case .replaced(let name, _, _): "replaced: \(name)"
        case .removed(let name, _): "removed: \(name)"
        case .reset(let name, _): "reset: \(name)"
        }
    }
}
