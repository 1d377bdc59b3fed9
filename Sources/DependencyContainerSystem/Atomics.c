#include "DependencyContainerAtomics.h"

// Zero-initialized, and 64-byte aligned so that each global gets a cache line of its own.
_Alignas(64) uint64_t dc_global_words[DCGlobalWordCount * DC_GLOBAL_WORD_STRIDE];
