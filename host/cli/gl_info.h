/*
 * gl_info — what `gcnlab info` prints, as text or as one JSON object
 * (`info --json`): the backend, its agents, and the GPU: ISA, compute units,
 * shader engines, XCDs, wave size, LDS, clocks, memory size and the caches
 * per level.
 *
 * The data caches (L1, L2, L3/MALL) and the memory size come from the
 * runtime (HSA_AGENT_INFO_CACHE_SIZE, the coarse-grained pool's size); the
 * scalar and instruction caches are not in the HSA API (ROCr lists only
 * data caches), so they come from the table in gl_info.c, per arch.
 */
#ifndef GL_INFO_H
#define GL_INFO_H

#include <stdio.h>

#include "gpu/gl_hsa.h"

/* Scalar data cache and instruction cache of an arch: bytes of one
 * instance and the CUs that share it; 0 when the arch is not in the table. */
struct gl_info_caches {
	unsigned scalar_bytes, scalar_shared_by;
	unsigned icache_bytes, icache_shared_by;
};
void gl_info_arch_caches(const char *arch, struct gl_info_caches *out);

void gl_info_print(FILE *f, const struct gl_hsa_info *info, const char *arch);
void gl_info_json(FILE *f, const struct gl_hsa_info *info, const char *arch);

#endif
