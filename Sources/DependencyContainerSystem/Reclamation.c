#include "DependencyContainerReclamation.h"

#if defined(__linux__)
#include <linux/membarrier.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif
#include <stdio.h>
#include <stdlib.h>

bool dc_reclamation_is_asymmetric = false;

#if defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define DC_RECLAMATION_SANITIZED 1
#endif
#endif

void dc_reclamation_setup(void) {
#if defined(__linux__) && defined(MEMBARRIER_CMD_PRIVATE_EXPEDITED) && !defined(DC_RECLAMATION_SANITIZED)
    long commands = syscall(SYS_membarrier, MEMBARRIER_CMD_QUERY, 0, 0);
    if (commands < 0 || (commands & MEMBARRIER_CMD_PRIVATE_EXPEDITED) == 0) {
        return;
    }
    // Readers rely on the writer's membarrier only once registration has succeeded.
    if (syscall(SYS_membarrier, MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED, 0, 0) == 0) {
        dc_reclamation_is_asymmetric = true;
    }
#endif
}

void dc_reclamation_writer_fence(void) {
#if defined(__linux__) && defined(MEMBARRIER_CMD_PRIVATE_EXPEDITED)
    if (dc_reclamation_is_asymmetric) {
        // Cannot fail once registered. Should it, readers that fenced only for the compiler
        // would go unordered and a service could be freed under one: stop instead.
        if (syscall(SYS_membarrier, MEMBARRIER_CMD_PRIVATE_EXPEDITED, 0, 0) != 0) {
            fputs("DependencyContainer: membarrier failed after registration\n", stderr);
            abort();
        }
        return;
    }
#endif
    atomic_thread_fence(memory_order_seq_cst);
}
