#ifndef DEPENDENCY_CONTAINER_MAIN_THREAD_H
#define DEPENDENCY_CONTAINER_MAIN_THREAD_H

#include "DependencyContainerStack.h"

/// Whether the calling thread is the process's main thread, the only thread the main actor
/// runs on. Never blocks and never traps, unlike MainActor.assumeIsolated, so the container
/// can ask before it commits to running a main-actor factory.
int dependency_container_is_main_thread(void);

#endif
