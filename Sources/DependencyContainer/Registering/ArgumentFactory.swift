/// What a registration of an ``ArgumentInjectID`` holds as its service: the function that
/// makes the real service from an argument, type-erased so that a load with another argument
/// type is detected instead of trapping.
///
/// `@unchecked Sendable`: its subclass's only stored property is a `@Sendable` closure.
class ArgumentFactoryBase: @unchecked Sendable {
    /// The `Argument` of the concrete ``ArgumentFactory``.
    let argumentType: Any.Type
    /// The `Service` of the concrete ``ArgumentFactory``.
    let serviceType: Any.Type

    fileprivate init(argumentType: Any.Type, serviceType: Any.Type) {
        self.argumentType = argumentType
        self.serviceType = serviceType
    }

    /// Whether this is exactly an `ArgumentFactory<Argument, Service>`, told without a cast:
    /// a cast to a generic class looks its metadata up on every load.
    @inline(__always)
    func takes<Argument, Service>(_: Argument.Type, making _: Service.Type) -> Bool {
        ObjectIdentifier(argumentType) == ObjectIdentifier(Argument.self)
            && ObjectIdentifier(serviceType) == ObjectIdentifier(Service.self)
    }

    /// The argument type, as a developer writes it.
    var argumentTypeName: String { typeName(argumentType) }

    /// The factory's function type, such as `(URL) -> any StreamInject`.
    var signature: String { "(\(typeName(argumentType))) -> \(typeName(serviceType))" }

    /// Makes the service from `argument`, or returns `nil` when `argument` is not of the
    /// argument type.
    func makeValue(_ resolver: Resolver, argument: Any) throws -> Any? {
        preconditionFailure("ArgumentFactoryBase is abstract")
    }
}

/// The function an ``ArgumentInjectID`` registration makes its services with.
///
/// `@unchecked Sendable`, restated from ``ArgumentFactoryBase``: its only stored property is
/// a `@Sendable` closure.
final class ArgumentFactory<Argument, Service>: ArgumentFactoryBase, @unchecked Sendable {
    let make: @Sendable (Resolver, Argument) throws -> Service

    init(_ make: @escaping @Sendable (Resolver, Argument) throws -> Service) {
        self.make = make
        super.init(argumentType: Argument.self, serviceType: Service.self)
    }

    override func makeValue(_ resolver: Resolver, argument: Any) throws -> Any? {
        guard let argument = argument as? Argument else { return nil }
        return try make(resolver, argument)
    }
}
