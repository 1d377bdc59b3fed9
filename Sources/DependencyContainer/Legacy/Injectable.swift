/// An item of the original string-keyed API: it names its ID and creates its service.
///
/// Feature modules that predate ``InjectID`` declare one item type per service and the host
/// registers the type with ``Container/regist(injectType:)``:
///
/// ```swift
/// final class ToastInjectItem: Injectable {
///     var id: String = toastInjectID
///     required init() {}
///     func resolve() -> AnyObject { ConsoleToast() }
/// }
/// ```
///
/// New code should prefer ``InjectProvider`` or a closure registration, which need no cast.
public protocol Injectable {
    /// Creates an item; the container calls it for each load.
    init()

    /// The string ID the item's service is registered under.
    var id: String { get }

    /// Creates the service.
    func resolve() -> AnyObject
}

/// The original container API, kept so existing callers compile unchanged.
public protocol ContainerAPI {
    /// Registers an item type under the ID that a fresh item reports.
    func regist(injectType: Injectable.Type)

    /// Returns an item for the string ID, or `nil` if nothing is registered under it.
    func load(for injectID: String) -> Injectable?
}

extension Container: ContainerAPI {
    /// Registers an original-API item type under the ID that a fresh item reports, replacing
    /// an earlier registration; see <doc:MigratingFromInjectable>.
    public func regist(injectType: Injectable.Type) {
        // The protocol's requirement has no caller's place: the type alone names it.
        _ = registerItem(injectType, provider: .type(injectType))
    }

    /// Registers an original-API item type and tells what happened.
    @discardableResult
    public func register(
        injectType: Injectable.Type, file: StaticString = #fileID, line: UInt = #line
    ) -> RegistrationOutcome {
        registerItem(injectType, provider: .declaredType(injectType, file: file, line: line))
    }

    private func registerItem(_ injectType: Injectable.Type, provider: ProviderDescription)
        -> RegistrationOutcome
    {
        let item = SeedItemType(type: injectType)
        return add(
            Registration(
                id: injectType.init().id, settings: RegistrationSettings(), provider: provider,
                factory: TypedFactory<AnyObject> { _ in item.type.init().resolve() },
                parts: Registration.Parts(seedItemType: injectType)))
    }
}

/// The original-API face of a typed registration, returned by ``Container/load(for:)``; it
/// holds its container weakly.
final class RegisteredItem: Injectable {
    private let registration: Registration?
    private let reference: ContainerReference

    init(registration: Registration, reference: ContainerReference) {
        self.registration = registration
        self.reference = reference
    }

    /// An item with no registration behind it, which `Injectable` requires.
    init() {
        self.registration = nil
        self.reference = Container(parent: nil, autoRegisters: false).reference
    }

    var id: String { registration?.id ?? "" }

    func resolve() -> AnyObject {
        guard let registration else {
            return UnavailableService(error: .invalidID("", reason: "the ID is empty"))
        }
        guard let container = reference.container else {
            return UnavailableService(error: reference.reportReleased(registration.id, as: AnyObject.self))
        }
        return container.resolveObject(registration)
    }
}

/// What `resolve()` returns when a service cannot be created: an object that casts to no
/// service protocol, so `load(for:)?.resolve() as? SomeInject` yields `nil`.
final class UnavailableService: CustomStringConvertible {
    let error: ContainerError

    init(error: ContainerError) {
        self.error = error
    }

    var description: String { "unavailable service: \(error)" }
}

/// A seed-API item type, for a factory closure to capture.
///
/// `@unchecked Sendable`: `Injectable` predates `Sendable`, so its metatype is not checked;
/// the factory only calls `init()` on it, as the original container did from any thread.
private struct SeedItemType: @unchecked Sendable {
    let type: any Injectable.Type
}
