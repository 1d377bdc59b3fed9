/// What a ``Scope/weak`` registration can hold weakly: the one place the rule is stated.
extension Scope.Lifetime {
    /// The lifetime a registration of `serviceType` has when `requested` was asked for.
    static func effective(_ requested: Self, for serviceType: Any.Type) -> Self {
        requested == .weak && !mayBeClassInstance(serviceType) ? .transient : requested
    }

    /// Whether a value of `type` may be, or wrap in optionals, a class instance.
    private static func mayBeClassInstance(_ type: Any.Type) -> Bool {
        if type is AnyClass { return true }
        if let optional = type as? any OptionalWrapping.Type {
            return mayBeClassInstance(optional.wrappedType)
        }
        // An existential metatype (`any P.Type`) prints as `P.Type`; its values are types.
        return isExistential(type) && !String(describing: type).hasSuffix(".Type")
    }
}

/// The class instance a weak service is, or wraps in optionals, however nested; `nil` for a
/// `nil` and for a value that is not a class instance, which is not kept.
func weakReferent(of value: Any) -> AnyObject? {
    // A class instance, the common case: no optional to look into.
    if type(of: value) is AnyClass { return value as AnyObject }
    guard let optional = value as? any OptionalWrapping else { return nil }
    return optional.wrappedValueIfAny.flatMap(weakReferent(of:))
}

/// An `Optional` whose wrapped type and value are read without knowing its type statically.
private protocol OptionalWrapping {
    /// The type the optional wraps.
    static var wrappedType: Any.Type { get }

    /// The wrapped value, or `nil`.
    var wrappedValueIfAny: Any? { get }
}

extension Optional: OptionalWrapping {
    fileprivate static var wrappedType: Any.Type { Wrapped.self }

    fileprivate var wrappedValueIfAny: Any? { map { $0 as Any } }
}
