/*
 * gcn_array — room for one more element in a growable array, shared by the
 * host and the emulator (kernel registries, memory ranges, row lists).
 *
 * The array's capacity doubles (from `first`), so appending n elements
 * costs O(n) copies in all.
 */
#ifndef GCN_ARRAY_H
#define GCN_ARRAY_H

#include <stddef.h>

/* The array `arr` of `elem`-byte elements holding n of *cap, with room for
 * element n: arr itself while n < *cap, else the array moved to a doubled
 * capacity (*cap updated). NULL on out of memory or size overflow; arr is
 * then unchanged and still the caller's to free. */
void *gcn_array_room(void *arr, size_t *cap, size_t n, size_t elem, size_t first);

#endif
