#ifndef DEPENDENCY_CONTAINER_METADATA_H
#define DEPENDENCY_CONTAINER_METADATA_H

/// The Swift runtime's own function (exported by the standard library on every platform):
/// the metadata of `any P.Type` for the metadata of an existential `any P`. Swift can name it
/// only through `@_silgen_name`, which warns; the kernel's `conformsToExistential` calls it to
/// ask whether a type registered under its own name conforms to a protocol a load asks for.
/// `instanceType` must be an existential's metadata.
const void *_Nonnull swift_getExistentialMetatypeMetadata(const void *_Nonnull instanceType);

#endif
