import Synchronization

/// One registered ID: its factory, its scope and the services it has cached.
///
/// `@unchecked Sendable`: every stored property is immutable or atomic, except the weak
/// instance, which is read and written only under its lock; the singleton pointer is written
/// once under the ``CreationMonitor`` and then only read.
/// The services themselves are shared between threads by design, as in every DI container,
/// which is why the cached boxes are held as raw pointers rather than checked for `Sendable`.
final class Registration: @unchecked Sendable {
    let id: String
    let scope: Scope
    let serviceType: Any.Type
    let provider: ProviderDescription
    let factory: any ServiceFactory

    /// An `Unmanaged<InstanceBoxBase>` holding the singleton, retained; set at most once.
    private let singleton = Atomic<UnsafeMutableRawPointer?>(nil)
    /// Guarded by ``weakInstanceLock``.
    private weak var weakInstance: AnyObject?

    init(
        id: String, scope: Scope, serviceType: Any.Type, provider: ProviderDescription,
        factory: any ServiceFactory
    ) {
        self.id = id
        self.scope = scope
        self.serviceType = serviceType
        self.provider = provider
        self.factory = factory
    }

    deinit {
        if let pointer = singleton.load(ordering: .acquiring) {
            Unmanaged<InstanceBoxBase>.fromOpaque(pointer).release()
        }
    }

    /// Whether the factory produces exactly `Service`, so that no dynamic cast is needed.
    @inline(__always)
    func produces<Service>(_: Service.Type) -> Bool {
        ObjectIdentifier(serviceType) == ObjectIdentifier(Service.self)
    }

    /// The cached singleton, if the factory has run.
    @inline(__always)
    var singletonPointer: UnsafeMutableRawPointer? {
        singleton.load(ordering: .acquiring)
    }

    /// The singleton, if it exists and is exactly a `Service`: read in place, without a
    /// dynamic cast and without retaining its box.
    @inline(__always)
    func publishedSingleton<Service>(as _: Service.Type) -> Service? {
        guard scope == .singleton, produces(Service.self), let pointer = singletonPointer else { return nil }
        return Unmanaged<InstanceBox<Service>>.fromOpaque(pointer)._withUnsafeGuaranteedRef { $0.value }
    }

    /// Publishes the singleton.
    ///
    /// Called once, by the thread that owns creation.
    func publishSingleton(_ box: InstanceBoxBase) {
        let pointer = Unmanaged.passRetained(box).toOpaque()
        let (exchanged, _) = singleton.compareExchange(
            expected: nil, desired: pointer, ordering: .acquiringAndReleasing)
        if !exchanged {
            // Unreachable while creation is serialized; never leak or double-publish regardless.
            Unmanaged<InstanceBoxBase>.fromOpaque(pointer).release()
        }
    }

    /// The weakly held instance, if somebody still holds it.
    var weakObject: AnyObject? {
        weakInstanceLock.withLock { _ in weakInstance }
    }

    func storeWeakObject(_ object: AnyObject) {
        weakInstanceLock.withLock { _ in weakInstance = object }
    }

    /// One of a few locks shared by all registrations: weak scopes are rare, and a lock per
    /// registration would double its size.
    private var weakInstanceLock: LockedValue<UInt8> {
        let hash = UInt(bitPattern: ObjectIdentifier(self).hashValue)
        return weakInstanceLocks[Int(hash >> 4) % weakInstanceLocks.count]
    }

    var info: RegistrationInfo {
        RegistrationInfo(
            id: id, serviceType: typeName(serviceType), provider: provider.description, scope: scope,
            isInherited: false)
    }
}

/// What supplies a registration's services, for introspection.
enum ProviderDescription: Sendable, CustomStringConvertible {
    case type(Any.Type)
    case closure(file: StaticString, line: UInt)

    var description: String {
        switch self {
        case .type(let type):
            return String(reflecting: type)
        case .closure(let file, let line):
            return "closure at \(file):\(line)"
        }
    }
}

/// Each lock guards a byte rather than `Void`: ThreadSanitizer sees the `inout` access to a
/// zero-sized value at the lock object's own address, which other threads read unlocked to
/// find the object's type, and reports a race that does not exist.
private let weakInstanceLocks = (0..<16).map { _ in LockedValue<UInt8>(0) }

/// Creates services for a registration, either typed or type-erased.
protocol ServiceFactory: AnyObject, Sendable {
    func makeValue(_ resolver: Resolver) throws -> Any
    func makeBox(_ resolver: Resolver) throws -> InstanceBoxBase
}

/// A factory closure that returns exactly `Service`.
final class TypedFactory<Service>: ServiceFactory {
    let make: @Sendable (Resolver) throws -> Service

    init(_ make: @escaping @Sendable (Resolver) throws -> Service) {
        self.make = make
    }

    func makeValue(_ resolver: Resolver) throws -> Any {
        try make(resolver)
    }

    func makeBox(_ resolver: Resolver) throws -> InstanceBoxBase {
        InstanceBox(try make(resolver))
    }
}

/// An original-API item type: each service comes from a fresh item's `resolve()`.
///
/// `@unchecked Sendable`: `Injectable` predates `Sendable`, so its metatype is not checked;
/// the factory only calls `init()` on it, as the original container did from any thread.
final class InjectableFactory: ServiceFactory, @unchecked Sendable {
    let itemType: any Injectable.Type

    init(_ itemType: any Injectable.Type) {
        self.itemType = itemType
    }

    func makeValue(_ resolver: Resolver) throws -> Any {
        itemType.init().resolve()
    }

    func makeBox(_ resolver: Resolver) throws -> InstanceBoxBase {
        InstanceBox(itemType.init().resolve())
    }
}

/// A cached service, type-erased so any registration can hold it.
class InstanceBoxBase {
    let anyValue: Any

    init(anyValue: Any) {
        self.anyValue = anyValue
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
