/*
 * gl_host_mem — host memory for the large tables a measurement's set-up
 * writes whole right after allocating them (a pointer chase's permutation,
 * a GEMM's host reference).
 */
#ifndef GL_HOST_MEM_H
#define GL_HOST_MEM_H

#include <stddef.h>

/* malloc(size) (NULL: out of memory; free() it) with its pages faulted in
 * by one madvise call (MADV_POPULATE_WRITE, advice only) instead of a page
 * fault per 4 KiB on first write: a 64 MiB table written whole took 0.26 s
 * that way and 0.11 s populated on the 2-core VM (fault exits are dear
 * there). Not cleared. */
void *gl_host_mem_alloc(size_t size);

#endif
