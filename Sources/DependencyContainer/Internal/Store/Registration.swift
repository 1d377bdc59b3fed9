import DependencyContainerKernel

/// One registered ID: its factory, its scope and the services it has cached.
///
/// `@unchecked Sendable`: every stored property is immutable or atomic, but the weak instance,
/// the kept order and the notes, read and written under ``instanceLock``; the singleton is
/// published once and retired once (rule 3 of ``RegistrationStore``).
final class Registration: @unchecked Sendable {
    /// The singleton: an `InstanceBox<serviceType>`, published at most once (the kernel's
    /// `PublishedReference`).
    private var singleton = PublishedReference.unclaimed
    /// How long services are reused; ``Scope/singleton`` for a named scope's registration,
    /// ``Scope/transient`` for a ``Scope/weak`` one whose service type can never be held
    /// weakly (``ignoresWeakScope``).
    let scope: Scope.Lifetime
    /// Which of the closure's two shapes ``closureBits`` holds.
    private let closureTakesResolver: Bool
    /// Whether a creation hook runs on each service made: tested by every load that makes
    /// one, so kept inline, where it costs no space (it fills padding).
    let hasCreationHook: Bool
    /// Whether a kept service expires (``RegistrationSettings/timeToLive``): tested by every
    /// in-place read of a singleton, so kept inline, in padding too.
    let hasTimeToLive: Bool
    /// The type the factory produces: always the `Service` of the ``TypedFactory`` the
    /// registration was made from.
    let serviceType: Any.Type
    /// The factory's closure; read back only as a `TypedFactory` of ``serviceType``.
    private let closureBits: ErasedClosure
    /// What few registrations have, out of line: a registration's size is most of a
    /// container's memory per ID.
    private let extras: Extras?
    /// Guarded by ``instanceLock``.
    private weak var weakInstance: AnyObject?
    let id: String
    let provider: ProviderDescription
    /// When the service this registration keeps was kept, on one process-wide count.
    private var keptOrder: UInt64 = 0
    /// What the kept service's factory met: the owners whose services it used and the names it
    /// looked up without a provider, for naming the dependents of a plugin that leaves or
    /// comes (`Container+Transfer.swift`).
    private var madeWith: KeptCreationNotes?

    /// The designated initializer, which every other one calls: the only place that claims
    /// the atomic cell, so no way of making a registration can forget it.
    ///
    /// `settings` are `nil` for nothing but `scope`, the common case, which builds none.
    @inline(__always)
    private init(
        id: String, scope: Scope, settings: RegistrationSettings?, serviceType: Any.Type,
        provider: ProviderDescription, closure: ErasedFactoryClosure, parts: Parts
    ) {
        let lifetime = Scope.Lifetime.effective(scope.lifetime, for: serviceType)
        // Most registrations have nothing but an unnamed scope: they allocate no extras.
        let extras =
            (settings?.isPlain ?? (scope.resetName == nil)) && lifetime == scope.lifetime && parts.isEmpty
            ? nil
            : Extras(
                settings: settings ?? RegistrationSettings(scope: scope), parts: parts, lifetime: lifetime)
        self.scope = lifetime
        closureTakesResolver = closure.takesResolver
        hasCreationHook = (extras?.settings.hooks?.creationHookCount ?? 0) > 0
        hasTimeToLive = extras?.expiry != nil
        self.extras = extras
        self.serviceType = serviceType
        closureBits = closure.bits
        self.id = id
        self.provider = provider
        PublishedReference.claim(in: self)
    }

    /// What only some kinds of registrations have, beside their options.
    struct Parts {
        /// The seed-API item type of a `regist(injectType:)` registration.
        var seedItemType: (any Injectable.Type)?
        /// An extension point's contributions.
        var contributions: ContributionSet?
        /// The function an argument registration makes its services with.
        var argumentFactory: ArgumentFactoryBase?
        /// A main-actor or async factory's isolation, and an async one's factory.
        var isolation: FactoryIsolation = .nonisolated
        var asyncFactory: AsyncServiceFactory?
        /// Who put the registration into its container as one of a group that leaves together.
        var owner: RegistrationOwner?

        var isEmpty: Bool {
            seedItemType == nil && contributions == nil && argumentFactory == nil && isolation == .nonisolated
                && owner == nil
        }
    }

    /// A registration of `factory` with `settings`, or with nothing but `scope` (the common
    /// case, which builds no settings): how every verb makes one.
    @inline(__always)
    convenience init<Service>(
        id: String, scope: Scope = .transient, settings: RegistrationSettings? = nil,
        provider: ProviderDescription, factory: TypedFactory<Service>, parts: Parts = Parts()
    ) {
        self.init(
            id: id, scope: settings?.scope ?? scope, settings: settings, serviceType: Service.self,
            provider: provider, closure: factory.closure, parts: parts)
    }

    /// A registration with `other`'s ID, options and factory, and no services yet: for moving
    /// registrations between containers (each releases the services of its own registrations
    /// when it is freed, so two never share one), and for resetting services.
    ///
    /// Other settings may state another scope (`setScope`); a given owner owns the
    /// contributions too, else each keeps its own.
    convenience init(
        copying other: Registration, contributions: ContributionSet?? = nil,
        settings: RegistrationSettings? = nil, owner: RegistrationOwner? = nil
    ) {
        var parts = other.extras?.parts ?? Parts()
        parts.contributions = contributions ?? other.contributions?.freshCopy(owner: owner)
        parts.owner = owner ?? other.owner
        let settings = settings ?? other.settings
        self.init(
            id: other.id, scope: settings.scope, settings: settings, serviceType: other.serviceType,
            provider: other.provider, closure: other.closure, parts: parts)
    }

    /// The seed-API item type this registration came from, whose `load(for:)` returns a
    /// fresh item as the original container did.
    var seedItemType: (any Injectable.Type)? { extras?.parts.seedItemType }

    /// Whether this registration has more than an ID, a scope and a factory.
    var hasExtras: Bool { extras != nil }

    /// The named scope whose ``Container/reset(scope:)`` discards this registration's
    /// service, if any.
    var scopeName: String? { extras?.settings.scope.resetName }

    /// The contributions, when this registration is an extension point's.
    var contributions: ContributionSet? { extras?.parts.contributions }

    /// What only main-actor and async registrations have; `nil` for a `register` one.
    var isolated: IsolatedParts? { extras?.isolated }

    /// Whether ``Scope/weak`` was asked for a service type that can never be held weakly, so
    /// that the registration is ``Scope/transient`` (``Scope/Lifetime/effective(_:for:)``).
    var ignoresWeakScope: Bool { extras.map { $0.settings.scope.lifetime != scope } ?? false }

    /// The options the registration was made with, service type erased.
    var settings: RegistrationSettings {
        extras?.settings ?? RegistrationSettings(scope: Scope(lifetime: scope, resetName: nil))
    }

    /// The creation and dispose hooks and the eager flag, if the registration has any.
    var lifecycle: LifecycleHooks? { extras?.settings.hooks }

    /// The IDs the factory declares it loads, for `verify()`; `nil` when it declares nothing.
    var dependencies: [Dependency]? { extras?.settings.dependencies }

    /// Whether `verify(running:)` leaves the factory alone, because it has side effects.
    var skipsRunningCheck: Bool { extras?.settings.runningCheck == .skip }
    /// How long a kept service is reused, in seconds, as registered; `nil` for as long as
    /// the scope keeps it.
    var timeToLive: Double? { extras?.settings.timeToLive }
    /// Whether the registration leaves an existing one of its ID and context in place.
    var keepsExistingRegistration: Bool { extras?.settings.keepsExistingRegistration ?? false }
    /// The context the registration is for; `nil` for the default registration.
    var context: RegistrationContext? { extras?.settings.context }
    /// Who put the registration into its container as one of a group that leaves together
    /// (a plugin's activation); `nil` for the container's own registrations.
    var owner: RegistrationOwner? { extras?.parts.owner }

    /// What few registrations have: their options and their kind's parts.
    ///
    /// `@unchecked Sendable`: immutable; the item type is a metatype.
    private final class Extras: @unchecked Sendable {
        let settings: RegistrationSettings
        let parts: Parts
        /// Each registration has its own: its async creation in progress belongs to its services.
        let isolated: IsolatedParts?
        /// When the kept service expires; `nil` unless it has a time to live.
        let expiry: ServiceExpiry?

        init(settings: RegistrationSettings, parts: Parts, lifetime: Scope.Lifetime) {
            self.settings = settings
            self.parts = parts
            expiry = ServiceExpiry(timeToLive: settings.timeToLive, lifetime: lifetime)
            isolated =
                parts.isolation == .nonisolated
                ? nil
                : IsolatedParts(isolation: parts.isolation, asyncFactory: parts.asyncFactory, scope: lifetime)
        }
    }

    deinit {
        // Only a singleton is ever published; retired already, the common case for one, its
        // cell never changes again.
        guard scope == .singleton, !isRetired, let box = retireInstances(disposals: nil) else { return }
        InstanceReclaimer.shared.retire([box])
    }

    /// Where the factory may run.
    var isolation: FactoryIsolation { isolated?.isolation ?? .nonisolated }

    /// The factory of an ``FactoryIsolation/asynchronous`` registration; `nil` otherwise.
    var asyncFactory: AsyncServiceFactory? { isolated?.asyncFactory }

    /// The creation in progress of an asynchronous singleton or weak service, shared by every
    /// task that awaits it; `nil` for other registrations.
    var asyncCreation: AsyncCreation? { isolated?.asyncCreation }

    /// Whether the factory produces exactly `Service`, so that no dynamic cast is needed.
    @inline(__always)
    func produces<Service>(_: Service.Type) -> Bool {
        ObjectIdentifier(serviceType) == ObjectIdentifier(Service.self)
    }

    /// The factory as the ``TypedFactory`` of `Service`, or `nil` when it produces another
    /// type and the caller must cast what it makes.
    @inline(__always)
    func typedFactory<Service>(producing _: Service.Type) -> TypedFactory<Service>? {
        guard produces(Service.self) else { return nil }
        // Sound: `serviceType` is the `Service` of the `TypedFactory` the closure came from.
        return TypedFactory(unerasing: closure)
    }

    /// Runs the factory, opened as the ``TypedFactory`` of ``serviceType``, for loads that cast
    /// what it makes.
    func makeValue(_ resolver: Resolver) throws -> Any {
        func make<Service>(_: Service.Type) throws -> Any {
            try TypedFactory<Service>(unerasing: closure).make(resolver)
        }
        return try make(serviceType)
    }

    /// Runs the factory and boxes its service, for keeping.
    func makeBox(_ resolver: Resolver) throws -> InstanceBoxBase {
        func make<Service>(_: Service.Type) throws -> InstanceBoxBase {
            InstanceBox(try TypedFactory<Service>(unerasing: closure).make(resolver))
        }
        return try make(serviceType)
    }

    /// Whether `box` is of the kind the factory makes.
    private func made(_ box: InstanceBoxBase) -> Bool {
        func isMade<Service>(_: Service.Type) -> Bool { box is InstanceBox<Service> }
        return isMade(serviceType)
    }

    /// The factory's closure, type-erased.
    private var closure: ErasedFactoryClosure {
        ErasedFactoryClosure(bits: closureBits, takesResolver: closureTakesResolver)
    }

    /// Whether the singleton is published: the factory has run and the registration is not
    /// retired.
    @inline(__always)
    var hasSingleton: Bool {
        PublishedReference.isPublished(in: self)
    }

    /// Whether a write has removed this registration from its store, so that it neither
    /// keeps services nor should be loaded from; no box is ever published after.
    var isRetired: Bool {
        PublishedReference.isRetired(in: self)
    }

    /// The singleton, if it exists and is exactly a `Service`: read in place, without a
    /// dynamic cast and without retaining its box.
    @inline(__always)
    func publishedSingleton<Service>(as _: Service.Type) -> Service? {
        guard scope == .singleton, produces(Service.self) else { return nil }
        // An expired singleton is not read in place: the load goes the general way, which
        // replaces the registration (`Container.replacingExpired`).
        if hasTimeToLive, keptServiceHasExpired { return nil }
        // Sound: only `keep(_:madeWith:)` publishes, and only a box its own factory made, which
        // is an `InstanceBox` of `serviceType`.
        return PublishedReference.readUnretained(as: InstanceBox<Service>.self, in: self) { $0.value }
    }

    /// Whether a singleton that ``publishedSingleton(as:)`` can read as `Service` is
    /// published now; it needs no read section, as it reads no service.
    func hasPublished<Service>(_: Service.Type) -> Bool {
        scope == .singleton && produces(Service.self) && hasSingleton
    }

    /// Whether the registration shares its services (singleton, weak, named scope), which
    /// loads may read in place inside a read; transient and graph services never are.
    @inline(__always)
    var isShared: Bool {
        scope.isShared
    }

    /// The singleton, or the weak service while somebody holds it; `nil` for other scopes.
    var existingSharedService: Any? {
        switch scope {
        case .singleton:
            return instanceLock.withLock { _ in
                PublishedReference.retained(as: InstanceBoxBase.self, in: self)
            }?
            .anyValue
        case .weak: return instanceLock.withLock { _ in weakInstance }
        case .transient, .graph: return nil
        }
    }

    /// Keeps a service its factory just made, as the scope says: publishes a singleton, holds
    /// weakly the class instance a weak service is or wraps in optionals; other values, and
    /// `nil`, stay transient.
    func keep(_ box: InstanceBoxBase, madeWith notes: CreationNotes = CreationNotes()) {
        // Only class instances can be held weakly; a load casts one back to an Optional.
        let object = scope == .weak ? weakReferent(of: box.anyValue) : nil
        guard scope == .singleton || object != nil else { return }
        // Before publishing: a load that reads the service reads when it was made.
        if hasTimeToLive { extras?.expiry?.noteKept() }
        let order = lifecycle?.onDispose == nil ? 0 : Self.keptCount.add(1)
        // No notes at all (nil) is what an untraced container keeps, for free.
        let kept =
            notes.isEmpty
            ? (notes.isTraced ? KeptCreationNotes.tracedNothing : nil) : KeptCreationNotes(notes)
        // Before publishing, under the lock that retiring takes to read them: a load that
        // raced a write retiring this registration keeps nothing, and writes nothing.
        instanceLock.withLock { _ in
            guard !isRetired else { return }
            if let object { weakInstance = object }
            keptOrder = order
            madeWith = kept
        }
        guard scope == .singleton else { return }
        precondition(made(box), "registration \(id) was given a service its factory did not make")
        // Not published when the registration was retired meanwhile: the service is handed out
        // but not kept, and no load reads the box.
        if !PublishedReference.publish(box, in: self) {
            BoxLifetimeTracking.expect(isRetired, "singleton of \(id) published twice")
        }
    }

    /// The owners whose registrations' services the service this registration keeps now was
    /// made with, with its own owner: what a factory that uses the service depends on.
    var ownersInUse: [RegistrationOwner] {
        let kept = isShared ? keptServiceNotes.owners : []
        guard let owner else { return kept }
        return kept.contains(owner) ? kept : kept + [owner]
    }

    /// What the factory of the service kept now met; empty when no service is kept, and
    /// ``CreationNotes/untraced`` for one made while its container did not trace.
    var keptServiceNotes: CreationNotes {
        instanceLock.withLock { _ in
            // Only a singleton or a weak service is kept.
            let isKept = scope == .singleton ? hasSingleton : weakInstance != nil
            return isKept ? madeWith?.notes ?? .untraced : CreationNotes()
        }
    }

    /// Counts the services kept by registrations with dispose hooks, in the order they were kept.
    private static let keptCount = AtomicCounter(0)

    /// The registrations whose services go when this one leaves its store for good: itself
    /// and, for an extension point, its contributions.
    var selfAndContributions: [Registration] {
        [self] + (contributions?.entries.map(\.registration) ?? [])
    }

    /// Retires this registration and, for an extension point, its contributions, appending
    /// the boxes to free: for a store being freed.
    func retireWithContributions(into boxes: inout [RetiredBox], disposals: DisposalLedger?) {
        // Only a singleton or weak service is kept: a transient or graph registration, the
        // common case, has nothing to retire, and no load can reach it through the freed store.
        boxes += selfAndContributions.filter(\.isShared).compactMap {
            $0.retireInstances(disposals: disposals)
        }
    }

    /// Unpublishes the singleton for good and returns its box, for ``InstanceReclaimer`` to
    /// free once no load can be reading it.
    func retireInstances(disposals: DisposalLedger?) -> RetiredBox? {
        // Nothing published, the common case: no reader can be retaining a box, so marking
        // the cell needs no lock; a publish that comes later fails its exchange.
        if scope != .weak, PublishedReference.retireIfEmpty(in: self) {
            return nil
        }
        let (box, weakObject, order) = instanceLock.withLock { _ in
            let box = PublishedReference.retire(as: InstanceBoxBase.self, in: self)
            // Taken out strongly: disposed once no load that may return it is in progress.
            let object = weakInstance
            weakInstance = nil
            return (box, object, keptOrder)
        }
        let hook = lifecycle?.onDispose
        // A weak service, never in a box, is retired only for its dispose hook.
        guard box != nil || (weakObject != nil && hook != nil) else { return nil }
        return RetiredBox(
            box: box,
            disposal: hook.map {
                PendingDisposal(id: id, hook: $0, order: order, ledger: disposals, value: weakObject)
            },
            readKey: ReadKey(self))
    }

    /// Whether the service kept now was kept longer ago than the registration's time to live;
    /// `false` without one.
    var keptServiceHasExpired: Bool {
        extras?.expiry?.hasExpired ?? false
    }

    /// Whether the registration keeps a service now that a load would hand out: a published
    /// singleton or a live weak one, not expired.
    var hasCachedService: Bool {
        hasCachedServiceIgnoringExpiry && !keptServiceHasExpired
    }

    /// Whether the registration keeps a service now, expired or not.
    var hasCachedServiceIgnoringExpiry: Bool {
        scope == .singleton ? hasSingleton : existingSharedService != nil
    }

    /// One of a few locks shared by all registrations, guarding the weak instance and the
    /// retiring of the singleton: both are rare, and a lock per registration would double
    /// its size.
    private var instanceLock: LockedValue<UInt8> {
        LockStripes.lock(for: self)
    }

    /// The function an ``ArgumentInjectID`` registration makes its services with; `nil` for
    /// every other registration.
    var argumentFactory: ArgumentFactoryBase? { extras?.parts.argumentFactory }

    /// The service type as a developer writes it: the function type of an argument factory,
    /// the element type of an extension point.
    var serviceTypeName: String {
        argumentFactory?.signature ?? contributions.map { "extension point of \(typeName($0.elementType))" }
            ?? typeName(serviceType)
    }

    var info: RegistrationInfo {
        RegistrationInfo(
            id: id, serviceType: serviceTypeName,
            provider: contributions.map { "contributions: \($0.entries.map(\.name).joined(separator: ", "))" }
                ?? provider.description,
            scope: Scope(lifetime: scope, resetName: scopeName), isolation: isolation, isInherited: false,
            dependencies: dependencies, context: context,
            creationHookCount: lifecycle?.creationHookCount ?? 0,
            hasDisposeHook: lifecycle?.onDispose != nil, isEager: lifecycle?.isEager ?? false,
            timeToLive: hasTimeToLive ? timeToLive : nil)
    }
}

/// What supplies a registration's services, for introspection.
enum ProviderDescription: Sendable, CustomStringConvertible {
    case type(Any.Type)
    /// A provider, contribution or item type registered at a place in source: the verb's
    /// `file:line`, or the declaration's that generated code passes, for `verify()`'s problems.
    case declaredType(Any.Type, file: StaticString, line: UInt)
    case closure(file: StaticString, line: UInt)

    var description: String {
        switch self {
        case .type(let type), .declaredType(let type, _, _):
            return String(reflecting: type)
        case .closure(let file, let line):
            return "closure at \(file):\(line)"
        }
    }
}

/// A factory closure that returns exactly `Service`: what a registration is made from.
struct TypedFactory<Service>: Sendable {
    /// The closures, each alone in a struct, which is what is erased.
    private struct Resolving {
        let make: @Sendable (Resolver) throws -> Service
    }

    private struct Plain {
        let make: @Sendable () throws -> Service
    }

    fileprivate let closure: ErasedFactoryClosure

    /// Kept as registered, with or without the resolver parameter: a factory that needs no
    /// resolver costs no wrapping closure (an allocation per registration).
    init(_ make: @escaping @Sendable (Resolver) throws -> Service) {
        closure = ErasedFactoryClosure(
            bits: ErasedClosure(erasing: Resolving(make: make)), takesResolver: true)
    }

    init(ignoringResolver make: @escaping @Sendable () throws -> Service) {
        closure = ErasedFactoryClosure(bits: ErasedClosure(erasing: Plain(make: make)), takesResolver: false)
    }

    /// The factory whose closure `closure` is; only for a closure a `TypedFactory` of exactly
    /// `Service` erased.
    @inline(__always)
    fileprivate init(unerasing closure: ErasedFactoryClosure) {
        self.closure = closure
    }

    /// Runs the closure.
    @inline(__always)
    func make(_ resolver: Resolver) throws -> Service {
        if closure.takesResolver {
            try closure.bits.unerased(as: Resolving.self).make(resolver)
        } else {
            try closure.bits.unerased(as: Plain.self).make()
        }
    }
}

/// A ``TypedFactory``'s closure with its type erased: two words and a flag, which only a
/// `TypedFactory` of the same `Service` reads back.
private struct ErasedFactoryClosure: Sendable {
    let bits: ErasedClosure
    /// Whether the closure is a `TypedFactory.Resolving` rather than a `TypedFactory.Plain`.
    let takesResolver: Bool
}

/// A cached service, type-erased so any registration can hold it.
class InstanceBoxBase {
    let anyValue: Any

    init(anyValue: Any) {
        self.anyValue = anyValue
        BoxLifetimeTracking.made(self)
    }

    deinit {
        BoxLifetimeTracking.freed(self)
    }
}

/// A cached service of a known type, read without a dynamic cast.
final class InstanceBox<Service>: InstanceBoxBase {
    let value: Service

    init(_ value: Service) {
        self.value = value
        super.init(anyValue: value)
    }
}
