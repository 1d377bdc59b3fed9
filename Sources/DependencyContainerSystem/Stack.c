#if defined(__linux__)
#define _GNU_SOURCE
#endif
#include "DependencyContainerStack.h"

#include <pthread.h>

uintptr_t dependency_container_stack_low_address(void) {
#if defined(__APPLE__)
    // The stack address Darwin reports is the top; the stack grows down from it.
    pthread_t self = pthread_self();
    uintptr_t top = (uintptr_t)pthread_get_stackaddr_np(self);
    size_t size = pthread_get_stacksize_np(self);
    return size < top ? top - size : 0;
#elif defined(__linux__)
    pthread_attr_t attributes;
    if (pthread_getattr_np(pthread_self(), &attributes) != 0) {
        return 0;
    }
    void *low = 0;
    size_t size = 0;
    int status = pthread_attr_getstack(&attributes, &low, &size);
    pthread_attr_destroy(&attributes);
    return status == 0 ? (uintptr_t)low : 0;
#else
    return 0;
#endif
}

// Not inlined, so the address is of a frame just below the caller's.
__attribute__((noinline)) uintptr_t dependency_container_stack_position(void) {
    return (uintptr_t)__builtin_frame_address(0);
}
