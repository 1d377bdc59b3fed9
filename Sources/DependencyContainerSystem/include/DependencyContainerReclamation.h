// Fences for the read path's epoch-based reclamation (see `InstanceReclaimer`).
//
// A load announces itself in a per-thread reader record before it reads a published service
// in place, and a writer that retires services checks every record after unpublishing them.
// Both sides need a full fence between their store and their load (Dekker). Where the kernel
// offers `membarrier(MEMBARRIER_CMD_PRIVATE_EXPEDITED)`, the writer's system call runs that
// fence on every thread of the process, so the reader's fence is only a compiler barrier:
// loads pay nothing for reclamation but two plain stores and a load.

#ifndef DEPENDENCY_CONTAINER_RECLAMATION_H
#define DEPENDENCY_CONTAINER_RECLAMATION_H

#include <stdatomic.h>
#include <stdbool.h>

/// Whether writers run `membarrier`, so that readers need only a compiler barrier.
///
/// Written once by `dc_reclamation_setup`, before any reader record exists, and never again.
extern bool dc_reclamation_is_asymmetric;

/// Registers the process for expedited private `membarrier` where the kernel supports it.
///
/// Call once, before the first reader record is published.
void dc_reclamation_setup(void);

/// The reader's half of the fence: between publishing a reader record and reading a service,
/// and between clearing the record and checking for pending work.
static inline void dc_reclamation_reader_fence(void) {
#if defined(__has_feature)
#if __has_feature(thread_sanitizer)
    // ThreadSanitizer cannot see membarrier; a full fence keeps its model exact.
    atomic_thread_fence(memory_order_seq_cst);
    return;
#endif
#endif
    if (dc_reclamation_is_asymmetric) {
        atomic_signal_fence(memory_order_seq_cst);
    } else {
        atomic_thread_fence(memory_order_seq_cst);
    }
}

/// The writer's half: a full fence on every thread of the process that is running, or on this
/// thread only when readers fence themselves.
void dc_reclamation_writer_fence(void);

#endif
