/// Why a registration was rejected or a service could not be loaded.
///
/// Every case names the ID involved. ``Container/require(_:)->Service`` throws these errors;
/// ``Container/load(_:)->Service?`` returns `nil` and reports them. See <doc:GracefulFallbacks>.
public indirect enum ContainerError: Error, CustomStringConvertible {
    /// Nothing is registered under the ID; `registeredIDs` helps spot a typo.
    case notRegistered(id: String, requestedType: String, registeredIDs: RegisteredIDs)

    /// The ID is registered, but its service is not of the requested type.
    case typeMismatch(id: String, requestedType: String, actualType: String)

    /// Factories loaded each other in a cycle; `path` lists the IDs in the order they were
    /// loaded and ends with the ID that closed the cycle.
    case cycle(path: [String])

    /// The factory registered for `id` threw `underlying`.
    case factoryFailed(id: String, underlying: any Error)

    /// The dispose hook registered for `id` threw `underlying`; the release went on, and
    /// the diagnostics handler was told (``DiagnosticEvent/failed(_:)``).
    case disposeFailed(id: String, underlying: any Error)

    /// The ID cannot be registered; `reason` says why.
    case invalidID(_ id: String, reason: String)

    /// The ID is registered to be loaded with an argument of another type, or with none; `nil`
    /// stands for no argument.
    case argumentMismatch(id: String, requestedArgument: String?, registeredArgument: String?)

    /// A synchronous load cannot run the isolated factory of `id` here; load it with
    /// ``Container/loadAsync(_:)``. See <doc:SwiftConcurrency>.
    case unavailableSynchronously(id: String, isolation: FactoryIsolation)

    /// The factory of `id`, cached for `scope`, loaded `dependency`, which lives only for the
    /// shorter `dependencyScope`; thrown under ``CaptiveDependencyPolicy/fail``.
    case captiveDependency(id: String, scope: String, dependency: String, dependencyScope: String)

    /// Loading `id` nested factories `depth` deep, the innermost loading `innermostID`, and
    /// was stopped before the thread's stack ran out; nothing in the chain is cached.
    case resolutionTooDeep(id: String, depth: Int, innermostID: String)

    /// A load of `id` went through a ``Resolver``, handle or ``Injected`` property that
    /// outlived its container, or the test override scope it was taken under.
    case containerReleased(id: String, requestedType: String)

    /// The ID whose registration or load failed, or the ID that starts a cycle.
    public var id: String {
        switch self {
        case .notRegistered(let id, _, _), .typeMismatch(let id, _, _), .factoryFailed(let id, _),
            .disposeFailed(let id, _), .invalidID(let id, _), .argumentMismatch(let id, _, _),
            .unavailableSynchronously(let id, _), .captiveDependency(let id, _, _, _),
            .resolutionTooDeep(let id, _, _), .containerReleased(let id, _):
            return id
        case .cycle(let path):
            return path.first ?? ""
        }
    }

    /// A sentence naming the ID, the requested type and what was found instead.
    public var description: String {
        let q = { (id: String) in "'\(IDValidation.abbreviated(id))'" }
        switch self {
        case .notRegistered(let id, let requestedType, let ids):
            let known = ids.isEmpty ? "nothing is registered" : "registered IDs: \(ids)"
            return "No registration for ID \(q(id)) (requested as `\(requestedType)`); \(known)"
                + (ids.nearMiss.map { "; did you mean \(q($0))?" } ?? "")
        case .typeMismatch(let id, let requestedType, let actualType):
            let vowel = "aeiou".contains(
                requestedType.hasPrefix("any ") ? "a" : requestedType.prefix(1).lowercased())
            return "ID \(q(id)) is registered, but its value \(actualType) is not "
                + "\(vowel ? "an" : "a") `\(requestedType)`"
        case .cycle(let path):
            return "Dependency cycle: " + path.map(q).joined(separator: " → ")
        case .factoryFailed(let id, let underlying):
            return "The factory for ID \(q(id)) failed: \(underlying)"
        case .disposeFailed(let id, let underlying):
            return "The dispose hook for ID \(q(id)) failed: \(underlying)"
        case .invalidID(let id, let reason):
            return "Invalid ID \(q(id)): \(reason)"
        case .argumentMismatch(let id, nil, let registered?):
            return "ID \(q(id)) needs an argument of type `\(registered)`; load it with `load(_:argument:)`"
        case .argumentMismatch(let id, let requested, nil):
            return "ID \(q(id)) is registered without an argument, but was loaded with an argument of type "
                + "`\(requested ?? "none")`"
        case .argumentMismatch(let id, let requested?, let registered?):
            return "ID \(q(id)) takes an argument of type `\(registered)`, but was loaded with one of type "
                + "`\(requested)`"
        case .unavailableSynchronously(let id, .mainActor):
            return "ID \(q(id)) has a main-actor factory and no service yet; a synchronous load off the main "
                + "actor cannot create it: use `await loadAsync(_:)` or load it on the main actor"
        case .unavailableSynchronously(let id, let isolation):
            return "ID \(q(id)) has an \(isolation) factory and no service yet; a synchronous load cannot "
                + "run it: use `await loadAsync(_:)`"
        case .resolutionTooDeep(let id, let depth, let innermostID):
            return "Loading ID \(q(id)) nested \(depth) factories, the innermost loading \(q(innermostID)), "
                + "and was stopped before the thread's stack ran out; load deeper services lazily, or load on a "
                + "thread with a larger stack"
        case .captiveDependency(let id, let scope, let dependency, let dependencyScope):
            return "ID \(q(id)) (\(scope)) loaded \(q(dependency)) (scope \(dependencyScope)), which lives "
                + "shorter: it would keep the old service after `reset(scope: .\(dependencyScope))`; load it when "
                + "needed instead of in the factory, or give \(q(id)) the same scope"
        case .containerReleased(let id, let requestedType):
            return "Cannot load ID \(q(id)) (requested as `\(requestedType)`): the container (or the "
                + "override scope) it was to be loaded from has been released; a kept resolver, Lazy, "
                + "ServiceProvider or @Injected property does not keep its container alive"
        }
    }
}

extension ContainerError {
    /// What a load throws when the factory of `id` threw `error`: the one place factory errors
    /// are wrapped; the container errors `passes` accepts go through as they are.
    init(
        _ error: any Error, thrownBy id: String, passing passes: (ContainerError) -> Bool = { _ in true }
    ) {
        self =
            (error as? ContainerError).flatMap { passes($0) ? $0 : nil }
            ?? .factoryFailed(id: id, underlying: error)
    }

    /// What a load of `id` as `Service` reports or throws once the container (or override
    /// scope) it was to load from is gone.
    @inline(never)  // The failure path of every handle and kept resolver.
    static func released<Service>(_ id: String, as _: Service.Type) -> ContainerError {
        .containerReleased(id: id, requestedType: typeName(Service.self))
    }

    /// Whether the error fails the whole top-level load, not only the nested load that hit
    /// it: a factory may go on without the service, but nothing it makes may be kept.
    var failsWholeLoad: Bool {
        switch self {
        case .cycle, .resolutionTooDeep: return true
        default: return false
        }
    }
}
