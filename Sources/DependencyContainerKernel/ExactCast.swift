/// `object` as a `Target`, if its class is exactly `Target`: one comparison of its class with
/// `Target`'s, where `as?` asks the runtime to walk the class hierarchy.
///
/// For a value known to be an instance of one of a few final classes (a resolver's context).
///
/// - Parameters:
///   - object: The object.
///   - type: A class; subclasses of it do not match.
/// - Returns: The object, or `nil` when its class is another.
@inlinable @inline(__always)
package func exactCast<Target: AnyObject>(_ object: AnyObject, to type: Target.Type) -> Target? {
    guard Swift.type(of: object) == Target.self else { return nil }
    // Sound: the object's class is exactly `Target`.
    return unsafeDowncast(object, to: Target.self)
}
