// The core's one C target: what Swift cannot reach on the deployment targets the library
// supports. C11 atomics and the reclamation's fences for the lock-free read path
// (Synchronization's Atomic needs iOS 18), a non-trapping main-thread check, the
// current thread's remaining stack, and the runtime's existential metatype, to test a type's
// conformance to a protocol known only as a metatype.
#ifndef DEPENDENCY_CONTAINER_SYSTEM_H
#define DEPENDENCY_CONTAINER_SYSTEM_H

#include "DependencyContainerAtomics.h"
#include "DependencyContainerMainThread.h"
#include "DependencyContainerMetadata.h"
#include "DependencyContainerReclamation.h"
#include "DependencyContainerStack.h"

#endif
