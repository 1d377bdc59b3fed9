import DependencyContainerSystem

/// Whether `concrete` conforms to the existential `existential` (`any P`, `any P & Q`,
/// `any C & P`): whether a value of `concrete` converts to it.
package func conformsToExistential(_ concrete: Any.Type, _ existential: Any.Type) -> Bool {
    // Sound: a metatype value is its metadata's address, and the runtime returns metadata.
    let metatype = swift_getExistentialMetatypeMetadata(unsafeBitCast(existential, to: UnsafeRawPointer.self))
    let target = unsafeBitCast(metatype, to: Any.Type.self)
    func isInstance<Metatype>(_: Metatype.Type) -> Bool { (concrete as Any) is Metatype }
    return _openExistential(target, do: isInstance)
}
