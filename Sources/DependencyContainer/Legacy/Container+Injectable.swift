extension Container: ContainerAPI {
    /// Registers an original-API item type under the ID that a fresh item reports.
    ///
    /// As in the original container, a later registration of the same ID replaces this one.
    /// The container instantiates the type once to read its ID; an item whose ID is empty or
    /// too long is rejected and reported through the diagnostics handler.
    ///
    /// ```swift
    /// Container.shared.regist(injectType: ToastInjectItem.self)
    /// ```
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
        let item = SeedItemType(injectType)
        return add(
            Registration(
                id: injectType.init().id, settings: RegistrationSettings(), provider: provider,
                factory: TypedFactory<AnyObject> { _ in item.type.init().resolve() },
                parts: Registration.Parts(seedItemType: injectType)))
    }
}

/// The original-API face of a typed registration, returned by ``Container/load(for:)``.
///
/// It holds its container weakly, as everything a container hands out does: an item kept
/// past its container's life resolves to an ``UnavailableService``.
final class RegisteredItem: Injectable {
    private let registration: Registration?
    private let reference: ContainerReference

    init(registration: Registration, reference: ContainerReference) {
        self.registration = registration
        self.reference = reference
    }

    /// Creates an item with no registration behind it.
    ///
    /// Its ID is empty and it resolves to an ``UnavailableService``. It exists only because
    /// `Injectable` requires `init()`.
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

    init(_ type: any Injectable.Type) {
        self.type = type
    }
}
