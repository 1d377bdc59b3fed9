#include "DependencyContainerMainThread.h"

#if defined(__APPLE__)
#include <pthread.h>

int dependency_container_is_main_thread(void) {
    return pthread_main_np() != 0;
}

#elif defined(__linux__)
#include <pthread.h>
#include <sys/syscall.h>
#include <unistd.h>

// The main thread's thread ID equals the process ID; the Swift runtime asks the same way.
static int is_main_thread_by_id(void) {
    return syscall(SYS_gettid) == getpid();
}

static pthread_t main_thread;
static int main_thread_known;

// Libraries loaded at startup are initialized on the main thread; one dlopen'ed later from
// another thread knows no main thread and asks the kernel every time.
__attribute__((constructor)) static void record_main_thread(void) {
    if (is_main_thread_by_id()) {
        main_thread = pthread_self();
        main_thread_known = 1;
    }
}

int dependency_container_is_main_thread(void) {
    if (main_thread_known && !pthread_equal(pthread_self(), main_thread)) {
        return 0;  // The common answer, without a system call.
    }
    // Confirmed by the kernel: a thread created after the main thread exited (dispatchMain
    // ends it) could in principle reuse its pthread_t.
    return is_main_thread_by_id();
}

#else
// Unknown platform: never claim the main thread, so main-actor factories run only after a hop.
int dependency_container_is_main_thread(void) {
    return 0;
}
#endif
