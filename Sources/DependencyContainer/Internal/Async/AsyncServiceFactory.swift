/// Creates services for an ``FactoryIsolation/asynchronous`` registration, type-erased.
class AsyncServiceFactory: @unchecked Sendable {
    fileprivate init() {}

    func makeBox(_ resolver: Resolver) async throws -> InstanceBoxBase {
        preconditionFailure("AsyncServiceFactory is abstract")
    }
}

/// An `async` factory closure that returns exactly `Service`.
final class AsyncTypedFactory<Service>: AsyncServiceFactory, @unchecked Sendable {
    let make: @Sendable (Resolver) async throws -> Service

    init(_ make: @escaping @Sendable (Resolver) async throws -> Service) {
        self.make = make
    }

    override func makeBox(_ resolver: Resolver) async throws -> InstanceBoxBase {
        InstanceBox(try await make(resolver))
    }
}

/// Carries a service, or a box of one, across an isolation boundary.
struct ServiceTransfer<Value>: @unchecked Sendable {
    let value: Value
}
