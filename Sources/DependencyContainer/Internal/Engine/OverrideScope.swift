import DependencyContainerKernel

/// One `withOverrides` call: the container it overrides, the replacements, and the scope
/// it is nested in.
final class OverrideScope: Sendable {
    /// The innermost override scope of the current task.
    @TaskLocal static var innermost: OverrideScope?

    /// The reference of the container whose registrations the scope replaces, not the
    /// container: a kept resolver holds its scopes, and must not keep their containers alive.
    let targetReference: ContainerReference
    let replacements: Container
    let enclosing: OverrideScope?

    /// A scope whose replacements are what `configure` registers; an isolating one's start as
    /// fresh copies of every shared registration and every point on `target`'s lookup order
    /// (``LookupOrderCopy``), so every shared service its loads reach is made afresh.
    init(target: Container, isolating: Bool = false, configure: (Container) -> Void) {
        self.targetReference = target.reference
        self.replacements = Container(parent: nil, autoRegisters: false)
        self.enclosing = Self.innermost
        if isolating { LookupOrderCopy(of: target, overrides: enclosing).fill(replacements) { $0.isShared } }
        configure(replacements)
    }

    /// Whether `registration` is a shared service's that this scope caches: its service
    /// is held by the scope, so its resolver must not hold the scope back.
    func caches(_ registration: Registration) -> Bool {
        registration.isShared && replacements.store.holds(registration)
    }

    /// Runs `operation` with `scopes` (innermost first) as the task's override scopes.
    static func binding<Result, Failure: Error>(
        _ scopes: OverrideScope?, _ operation: () throws(Failure) -> Result
    ) throws(Failure) -> Result {
        if scopes != nil { GlobalAtomicWord.activeOverrideScopes.add(1) }
        defer { if scopes != nil { GlobalAtomicWord.activeOverrideScopes.add(0 &- 1) } }
        return try $innermost.withValue(scopes) {
            Swift.Result { () throws(Failure) -> Result in try operation() }
        }.get()
    }

    /// The async counterpart of `binding(_:_:)`.
    static func binding<Result, Failure: Error>(
        _ scopes: OverrideScope?, isolation: isolated (any Actor)? = #isolation,
        _ operation: () async throws(Failure) -> Result
    ) async throws(Failure) -> Result {
        if scopes != nil { GlobalAtomicWord.activeOverrideScopes.add(1) }
        defer { if scopes != nil { GlobalAtomicWord.activeOverrideScopes.add(0 &- 1) } }
        do {
            return try await $innermost.withValue(scopes, operation: operation, isolation: isolation)
        } catch {
            // `operation` throws only `Failure`; `withValue` rethrows untyped.
            throw error as! Failure
        }
    }

    /// Whether any task in the process has overrides.
    @inline(__always)
    static var isAnyActive: Bool {
        GlobalAtomicWord.activeOverrideScopes.loadRelaxed() > 0
    }

    /// The override scopes of the current task, innermost first, or `nil` when there are none.
    @inline(__always)
    static var current: OverrideScope? {
        isAnyActive ? innermost : nil
    }
}

/// What a container's loads reach, nearest first: for each ID the registration a load finds,
/// and for each extension point the contributions a load of it uses (the engine's
/// `contributionEntries`); the running check's sandbox and isolated instances fill their
/// scratch containers with fresh copies of it.
struct LookupOrderCopy {
    /// The registrations a load finds, extension points aside.
    private(set) var services: [Registration] = []
    /// Each extension point's nearest registration and the contributions a load of it uses.
    private(set) var points: [(point: Registration, entries: [ContributionSet.Entry])] = []
    /// The services and contributions, in lookup order.
    private(set) var all: [Registration] = []

    init(of container: Container, overrides: OverrideScope?) {
        var seen = Set<String>()
        let thread = ThreadState.current
        _ = container.walkLookupOrder(overrides: overrides) { place in
            for registration in place.store.read({ Array($0.values) })
            where seen.insert(registration.id).inserted {
                guard let set = registration.contributions else {
                    services.append(registration)
                    all.append(registration)
                    continue
                }
                let entries = container.contributionEntries(
                    pointNamed: registration.id, marker: registration.serviceType,
                    elementType: set.elementType,
                    thread: thread
                ).entries
                points.append((registration, entries))
                all += entries.map(\.registration)
            }
            return .absent
        }
    }

    /// Admits into `container`, a scratch container, a fresh copy of each service that
    /// `include` accepts and of every point's contributions; each copy answers for every
    /// context, as it is the one that answers now.
    func fill(_ container: Container, including include: (Registration) -> Bool = { _ in true }) {
        func copy(_ registration: Registration) -> Registration {
            var settings = registration.settings
            settings.context = nil
            return Registration(copying: registration, settings: settings)
        }
        container.store.modify { entries in
            for registration in services where include(registration) {
                _ = entries.admit(copy(registration), as: .copy)
            }
            for (point, contributions) in points {
                let fresh = contributions.map { $0.with(copy($0.registration)) }
                _ = entries.admit(point, to: .contributions(fresh), as: .copy)
            }
        }
    }
}
