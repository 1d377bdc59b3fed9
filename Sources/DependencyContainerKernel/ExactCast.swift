/// `object` as a `Target`, if its class is exactly `Target`: one comparison of its class with
/// `Target`'s, where `as?` asks the runtime to walk the class hierarchy.
@inlinable @inline(__always)
package func exactCast<Target: AnyObject>(_ object: AnyObject, to type: Target.Type) -> Target? {
    guard Swift.type(of: object) == Target.self else { return nil }
    // Sound: the object's class is exactly `Target`.
    return unsafeDowncast(object, to: Target.self)
}
