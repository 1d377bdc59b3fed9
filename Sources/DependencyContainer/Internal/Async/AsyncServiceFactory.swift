/// Creates services for an ``FactoryIsolation/asynchronous`` registration, type-erased.
typealias AsyncServiceFactory = @Sendable (Resolver) async throws -> InstanceBoxBase

/// Carries a service, or a box of one, across an isolation boundary.
///
/// `@unchecked Sendable`: the container hands services to every thread that loads them by design;
/// this box only moves one from the task or actor that made it to the one that asked.
struct ServiceTransfer<Value>: @unchecked Sendable {
    let value: Value
}
