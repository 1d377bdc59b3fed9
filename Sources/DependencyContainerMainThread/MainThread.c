#include "DependencyContainerMainThread.h"

#if defined(__APPLE__)
#include <pthread.h>

int dependency_container_is_main_thread(void) {
    return pthread_main_np() != 0;
}

#elif defined(__linux__)
#include <sys/syscall.h>
#include <unistd.h>

// The main thread's thread ID equals the process ID; the Swift runtime asks the same way.
int dependency_container_is_main_thread(void) {
    return syscall(SYS_gettid) == getpid();
}

#else
// Unknown platform: never claim the main thread, so main-actor factories run only after a hop.
int dependency_container_is_main_thread(void) {
    return 0;
}
#endif
