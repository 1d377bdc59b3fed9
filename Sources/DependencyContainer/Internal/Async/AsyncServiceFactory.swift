/// Creates services for an ``FactoryIsolation/asynchronous`` registration, type-erased.
///
/// `@unchecked Sendable`: its only stored property is a `@Sendable` closure.
class AsyncServiceFactory: @unchecked Sendable {
    fileprivate init() {}

    func makeBox(_ resolver: Resolver) async throws -> InstanceBoxBase {
        preconditionFailure("AsyncServiceFactory is abstract")
    }
}

/// An `async` factory closure that returns exactly `Service`.
///
/// `@unchecked Sendable`, restated from ``AsyncServiceFactory``: its only stored property is a
/// `@Sendable` closure.
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
///
/// `@unchecked Sendable`: the container hands services to every thread that loads them by design;
/// this box only moves one from the task or actor that made it to the one that asked.
struct ServiceTransfer<Value>: @unchecked Sendable {
    let value: Value
}
