import DependencyContainerKernel

/// The container and override scopes a factory runs in: its loads look up from there.
typealias CreationContext = (container: Container, overrides: OverrideScope?)

extension Container {
    // MARK: Step 1: lookup, which answers with the registration and where it was found

    /// Walks the lookup order (rule 5 of ``RegistrationStore``), the one place it is coded: for
    /// this container, then each ancestor, its override sets, innermost first, then its own;
    /// `visit` ends the walk with anything but `absent`, and the walk retains nothing.
    @inline(__always)
    func walkLookupOrder(overrides: OverrideScope?, _ visit: (LookupPlace) -> LookupAnswer) -> LookupAnswer {
        // Non-generic enums throughout: `load` runs unspecialized in client modules, where
        // lending a generic instance through a borrow would cost a metadata lookup.
        var next: Borrowed<Container>? = Borrowed(self)
        var answer = LookupAnswer.absent
        while let borrowed = next {
            next = borrowed.withObject { container -> Borrowed<Container>? in
                var scope = overrides
                while let override = scope {
                    // Each container has a reference of its own, which outlives it.
                    if override.targetReference === container.reference {
                        answer = visit(.override(override, of: container))
                        guard case .absent = answer else { return nil }
                    }
                    scope = override.enclosing
                }
                answer = visit(.own(container))
                guard case .absent = answer, let parent = container.parent else { return nil }
                return Borrowed(parent)
            }
        }
        return answer
    }

    /// The registration a load of `name` made under `overrides` uses, and the place of the
    /// lookup order it was found at, which ``LoadPlan`` needs.
    func lookUp(_ name: String, overrides: OverrideScope?, thread: ThreadState)
        -> (registration: Registration, place: LookupPlace)?
    {
        var found: (registration: Registration, place: LookupPlace)?
        _ = walkLookupOrder(overrides: overrides) { place in
            found = place.store.registration(named: name, thread: thread).map { ($0, place) }
            return found == nil ? .absent : .foundAndHeld
        }
        return found
    }

    /// The registration a load of `name` uses, retained, with the task's overrides.
    @inline(__always)
    func findRegistration(named name: String, thread: ThreadState) -> Registration? {
        // `lookUp`'s walk without the place: holding it would cost a first load a retain.
        var found: Registration?
        _ = walkLookupOrder(overrides: OverrideScope.current) { place in
            found = place.store.registration(named: name, thread: thread)
            return found == nil ? .absent : .foundAndHeld
        }
        emit(.lookedUp(name, found: found != nil), thread: thread)
        return found
    }

    /// The registration a load of `name` uses or, when a write retired it, its replacement: a
    /// load racing a replacement or a reset gets the old or the new service, not a third.
    func findCurrentRegistration(named name: String, thread: ThreadState) -> Registration? {
        // The thread's snapshots answer most lookups without a lock.
        switch borrowedRegistration(named: name, thread: thread) {
        case .found(let borrowed):
            let registration = borrowed.retained
            if !registration.isRetired { return registration }
        case .absent:
            return nil
        case .unknown, .foundAndHeld:
            break
        }
        guard let found = findRegistration(named: name, thread: thread) else { return nil }
        return found.isRetired ? findRegistration(named: name, thread: thread) : found
    }

    /// The registration a load of `name` as `Service` uses, or `nil` after reporting the miss.
    func registrationReportingMiss<Service>(named name: String, as _: Service.Type, thread: ThreadState)
        -> Registration?
    {
        if let registration = findCurrentRegistration(named: name, thread: thread) { return registration }
        reportMissing(name, Service.self)
        return nil
    }

    /// The registration a `require` of `name` as `Service` uses, or `notRegistered`.
    func requiredRegistration<Service>(named name: String, as _: Service.Type, thread: ThreadState)
        throws(ContainerError) -> Registration
    {
        guard let registration = findCurrentRegistration(named: name, thread: thread) else {
            emit(.missed(name, isExtensionPoint: false), thread: thread)
            throw .notRegistered(
                id: name, requestedType: typeName(Service.self),
                registeredIDs: registeredIDsForMessage(missing: name))
        }
        return registration
    }

    /// The registration a load of `name` uses, borrowed from this thread's cached snapshots
    /// without a lock or a retain; `unknown` under an override or with a stale snapshot.
    @inline(__always)
    func borrowedRegistration(named name: String, thread: ThreadState) -> LookupAnswer {
        // Rule 4: overrides are consulted only on the general path.
        guard !OverrideScope.isAnyActive else { return .unknown }
        return walkLookupOrder(overrides: nil) { $0.store.cachedRegistration(named: name, thread: thread) }
    }

    /// The place of the lookup order under `overrides` that holds `registration` (or its point,
    /// for a contribution); `nil` once a write removed it.
    func place(holding registration: Registration, overrides: OverrideScope?) -> LookupPlace? {
        var found: LookupPlace?
        _ = walkLookupOrder(overrides: overrides) { place in
            found = place.store.holds(registration) ? place : nil
            return found == nil ? .absent : .foundAndHeld
        }
        return found
    }

    /// The registration a load of `registration`'s ID now uses, when a write replaced it.
    func replacement(of registration: Registration, thread: ThreadState) -> Registration? {
        findCurrentRegistration(named: registration.id, thread: thread).flatMap {
            $0 !== registration ? $0 : nil
        }
    }

    // MARK: Step 2: plan (``LoadPlan``, below), and a cached service's factory in its context

    /// Runs the factory of a cached service in its plan's context (``LoadPlan/context``),
    /// binding that context's override scopes.
    @inline(__always)
    func runInOwnContext<Result>(
        _ registration: Registration, thread: ThreadState, _ body: (Resolver) throws -> Result
    ) throws(ContainerError) -> Result {
        let overrides = OverrideScope.current
        // A root container without overrides is its services' only context.
        guard parent != nil || overrides != nil else {
            return try runFactory(registration, thread: thread, body)
        }
        let owner = placedContext(of: registration, overrides: overrides)
        return try OverrideScope.binding(owner.overrides) { () throws(ContainerError) -> Result in
            try owner.container.runFactory(registration, thread: thread, body)
        }
    }

    /// The plan's context for a cached service of `registration` loaded here under `overrides`:
    /// a walk of the lookup order, out of line, when a cached service is created.
    @inline(never)
    func placedContext(of registration: Registration, overrides: OverrideScope?) -> CreationContext {
        LoadPlan(
            registration, registeredIn: place(holding: registration, overrides: overrides)?.creationContext,
            loadedIn: (self, overrides), heldBy: nil, onMainThread: true
        ).context
    }

    // MARK: Step 3: checks before a factory runs or a service is handed out
    // (cycles across threads and tasks: ``CreationMonitor``, ``AsyncWaitGraph``)

    /// Throws the cycle when `registration`'s factory is already running on this thread,
    /// recorded as the failure of the whole top-level load.
    @inline(__always)
    func checkNoCycle(_ registration: Registration, thread: ThreadState) throws(ContainerError) {
        // A top-level load has nothing on the stack: no call for it.
        if !thread.frames.isEmpty, thread.frames.contains(where: { $0 === registration }) {
            throw thread.recordWholeLoadFailure(.cycle(path: thread.frames.map(\.id) + [registration.id]))
        }
    }

    /// The captive rule: whether the cached service of `holder` keeps one of `dependency`
    /// captive, a named-scope service outside its own scope.
    @inline(__always)
    static func keepsCaptive(_ holder: Registration, _ dependency: Registration) -> Bool {
        dependency.scopeName.map { holder.scopeName != $0 } ?? false
    }

    /// The isolation rule: whether a synchronous load may run a factory of `isolation`.
    @inline(__always)
    static func mayRunSynchronously(_ isolation: FactoryIsolation, onMainThread: Bool) -> Bool {
        isolation == .nonisolated || (isolation == .mainActor && onMainThread)
    }

    /// The singleton or live weak service of an isolated registration, which a synchronous
    /// load may hand out without running its factory.
    func existingService<Service>(_ registration: Registration, as _: Service.Type)
        throws(ContainerError) -> Service
    {
        guard let value = keptService(of: registration, thread: .current) else {
            throw .unavailableSynchronously(id: registration.id, isolation: registration.isolation)
        }
        return try cast(value, from: registration, to: Service.self)
    }

    /// The singleton or live weak service `registration` keeps, read in a read section: a write
    /// that takes it out waits for the read before running its dispose hook.
    func keptService(of registration: Registration, thread: ThreadState) -> Any? {
        thread.beginRead(ReadKey(registration))
        defer { thread.endRead() }
        return registration.existingSharedService
    }

    /// Reports loading `dependency` now if it is captive in the innermost factory running here
    /// that caches its service (transient and graph ones in between are held by it too), and
    /// throws under the `fail` policy.
    @inline(__always)
    func checkNotCaptive(_ dependency: Registration, thread: ThreadState) throws(ContainerError) {
        guard !thread.frames.isEmpty, dependency.scopeName != nil,
            let holder = thread.frames.last(where: \.isShared)
        else { return }
        do {
            try checkNotCaptive(dependency, heldBy: holder)
        } catch {
            thread.captiveFailure = (ObjectIdentifier(holder), error)
            throw error
        }
    }

    /// Reports `dependency` if it is captive in `holder`'s service, which keeps it (a load in
    /// its factory, or the first load of a lazy handle it took), and throws under `fail`.
    func checkNotCaptive(_ dependency: Registration, heldBy holder: Registration) throws(ContainerError) {
        guard let dependencyScope = dependency.scopeName, Self.keepsCaptive(holder, dependency) else {
            return
        }
        let error = ContainerError.captiveDependency(
            id: holder.id, scope: holder.scopeName.map { "scope \($0)" } ?? "\(holder.scope)",
            dependency: dependency.id, dependencyScope: dependencyScope)
        report(.captiveDependency(error))
        if captiveDependencyPolicy == .fail { throw error }
    }

}

/// One place of the lookup order: an override set for a container, or a container's own
/// registrations.
enum LookupPlace {
    case override(OverrideScope, of: Container)
    case own(Container)

    /// The registrations of this place.
    @inline(__always)
    var store: RegistrationStore {
        switch self {
        case .override(let scope, _): return scope.replacements.store
        case .own(let container): return container.store
        }
    }

    /// The container whose loads this place answers.
    var container: Container { creationContext.container }

    /// The context a cached service registered here is made in: a container's own without
    /// overrides; an override's on the container it is for, with that scope and its enclosing.
    var creationContext: CreationContext {
        switch self {
        case .override(let scope, let target): return (target, scope)
        case .own(let container): return (container, nil)
        }
    }
}

// MARK: The lookup's answer and the plan, what a load does with it

/// What loading a found registration does, decided before any factory runs: the rules loads
/// check and `verify()` walks; `Context` is a ``CreationContext``, or an index for `verify()`.
struct LoadPlan<Context> {
    /// Where its factory runs: a cached service's in its place's context
    /// (``LookupPlace/creationContext``), never capturing a narrower one; another's in the loader's.
    let context: Context
    /// The cached service that would keep it past its named scope's reset, if any.
    let captiveHolder: Registration?
    /// Whether a synchronous load may run its factory: a main-actor one on the main thread
    /// only, an async one never.
    let mayRunFactory: Bool

    /// The plan of a load made in `loader` inside the factory of `holder`, the innermost running
    /// one that caches its service; `placeContext` is `nil` once a write removed the registration.
    init(
        _ registration: Registration, registeredIn placeContext: Context?, loadedIn loader: Context,
        heldBy holder: Registration?, onMainThread: Bool
    ) {
        context = registration.isShared ? placeContext ?? loader : loader
        captiveHolder = holder.flatMap { Container.keepsCaptive($0, registration) ? $0 : nil }
        mayRunFactory = Container.mayRunSynchronously(registration.isolation, onMainThread: onMainThread)
    }
}
