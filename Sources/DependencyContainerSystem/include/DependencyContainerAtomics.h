// C11 atomics for DependencyContainer's lock-free read path.
//
// Swift's own `Synchronization.Atomic` needs iOS 18 / macOS 15; these functions work on every
// platform the package supports and, being plain C11 atomics, are instrumented by
// ThreadSanitizer. Each operates on a word that Swift allocates and never touches otherwise.
// They are `static inline`, so Swift code that calls them compiles them in place.

#ifndef DEPENDENCY_CONTAINER_ATOMICS_H
#define DEPENDENCY_CONTAINER_ATOMICS_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "DependencyContainerReclamation.h"

// MARK: 64-bit counters and flags

static inline uint64_t dc_atomic_u64_load_acquire(uint64_t *_Nonnull word) {
    return atomic_load_explicit((_Atomic(uint64_t) *)word, memory_order_acquire);
}

static inline uint64_t dc_atomic_u64_load_relaxed(uint64_t *_Nonnull word) {
    return atomic_load_explicit((_Atomic(uint64_t) *)word, memory_order_relaxed);
}

static inline void dc_atomic_u64_store_release(uint64_t *_Nonnull word, uint64_t value) {
    atomic_store_explicit((_Atomic(uint64_t) *)word, value, memory_order_release);
}

/// Adds `delta` (wrapping) and returns the value before.
static inline uint64_t dc_atomic_u64_fetch_add_acq_rel(uint64_t *_Nonnull word, uint64_t delta) {
    return atomic_fetch_add_explicit((_Atomic(uint64_t) *)word, delta, memory_order_acq_rel);
}

/// Sets the bits of `bits` and returns the value before.
static inline uint64_t dc_atomic_u64_fetch_or_acq_rel(uint64_t *_Nonnull word, uint64_t bits) {
    return atomic_fetch_or_explicit((_Atomic(uint64_t) *)word, bits, memory_order_acq_rel);
}

// MARK: Pointers

static inline void dc_atomic_u64_store_relaxed(uint64_t *_Nonnull word, uint64_t value) {
    atomic_store_explicit((_Atomic(uint64_t) *)word, value, memory_order_relaxed);
}

static inline void *_Nullable dc_atomic_pointer_load_acquire(void *_Nullable *_Nonnull word) {
    return atomic_load_explicit((void *_Atomic *)word, memory_order_acquire);
}

/// Stores `desired` if the word holds `expected`; returns whether it did.
static inline bool dc_atomic_pointer_compare_exchange_acq_rel(
    void *_Nullable *_Nonnull word, void *_Nullable expected, void *_Nullable desired) {
    return atomic_compare_exchange_strong_explicit(
        (void *_Atomic *)word, &expected, desired, memory_order_acq_rel, memory_order_acquire);
}

/// Stores `value` and returns the value before.
static inline void *_Nullable dc_atomic_pointer_exchange_acq_rel(
    void *_Nullable *_Nonnull word, void *_Nullable value) {
    return atomic_exchange_explicit((void *_Atomic *)word, value, memory_order_acq_rel);
}

// MARK: Process-wide words

/// The process-wide words: zero when the process starts, so reading one runs no initializer.
typedef enum {
    /// The thread-state key plus one, or 0 before it exists.
    DCGlobalWordThreadStateKey = 0,
    /// How many override scopes are active.
    DCGlobalWordActiveOverrideScopes = 1,
    /// The last serial number handed to a registration store.
    DCGlobalWordStoreSerial = 2,
    /// The reclamation epoch that loads record on entering a read.
    DCGlobalWordReclamationEpoch = 3,
    /// Which readers of the creation trace exist, one bit each (owned registrations, context
    /// registrations): zero until the first, and until then loads inside factories trace nothing.
    DCGlobalWordCreationTraceReaders = 4,
    DCGlobalWordCount = 5
} DCGlobalWord;

/// Words per global: each sits in a cache line of its own, so writing one does not slow down
/// threads that read another.
#define DC_GLOBAL_WORD_STRIDE 8

extern uint64_t dc_global_words[DCGlobalWordCount * DC_GLOBAL_WORD_STRIDE];

static inline uint64_t *_Nonnull dc_global_word_address(DCGlobalWord word) {
    return &dc_global_words[(int)word * DC_GLOBAL_WORD_STRIDE];
}

#endif
