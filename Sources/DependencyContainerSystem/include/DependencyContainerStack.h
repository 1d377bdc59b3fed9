#ifndef DEPENDENCY_CONTAINER_STACK_H
#define DEPENDENCY_CONTAINER_STACK_H

#include <stdint.h>

/// The lowest address of the calling thread's stack (stacks grow down on every platform the
/// package supports), or 0 when the system cannot tell. Costs a system call or, for the main
/// thread on Linux, a read of /proc/self/maps: call it once per thread.
uintptr_t dependency_container_stack_low_address(void);

/// An address in the caller's stack frame: how deep the thread's stack is now.
uintptr_t dependency_container_stack_position(void);

#endif
