/// Creates services for an ``FactoryIsolation/asynchronous`` registration, type-erased.
struct AsyncServiceFactory: Sendable {
    let makeBox: @Sendable (Resolver) async throws -> InstanceBoxBase

    /// The factory of an `async` closure that returns exactly `Service`.
    init<Service>(_ make: @escaping @Sendable (Resolver) async throws -> Service) {
        makeBox = { InstanceBox(try await make($0)) }
    }
}

/// Carries a service, or a box of one, across an isolation boundary.
///
/// `@unchecked Sendable`: the container hands services to every thread that loads them by design;
/// this box only moves one from the task or actor that made it to the one that asked.
struct ServiceTransfer<Value>: @unchecked Sendable {
    let value: Value
}
