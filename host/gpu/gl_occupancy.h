/*
 * gl_occupancy — what a kernel asks of a compute unit, and the occupancy (waves
 * per SIMD) that allows on an arch.
 *
 * Register counts come from the metadata (.vgpr_count, .agpr_count,
 * .sgpr_count: "used", as AMDGPUUsage defines them; .sgpr_count includes
 * VCC, FLAT_SCRATCH and XNACK_MASK) and from the kernel descriptor
 * (COMPUTE_PGM_RSRC1 GRANULATED_WORKITEM_VGPR_COUNT: what the hardware
 * allocates). LDS and scratch are the descriptor-mirroring metadata
 * .group_segment_fixed_size and .private_segment_fixed_size.
 *
 * Occupancy follows LLVM's AMDGPU subtarget model (the numbers the compiler
 * prints as "; Occupancy:"), each limit on its own:
 *   VGPRs   registers per SIMD lane / allocated VGPRs (unified VGPR+AGPR
 *           file on gfx90a/gfx942)
 *   SGPRs   GCNSubtarget::getOccupancyWithNumSGPRs (GFX8+ table)
 *   LDS     AMDGPUSubtarget::getOccupancyWithLocalMemSize for the launch's
 *           work-group size (work-groups per CU by LDS, at most 16 barriers
 *           per CU for multi-wave groups, spread over the 4 SIMDs)
 * and the occupancy is the smallest, capped at the arch's waves per SIMD.
 */
#ifndef GL_OCCUPANCY_H
#define GL_OCCUPANCY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gcn_codeobj.h"
#include "gcn_proc.h"
#include "base/gl_err.h"


/* The processor row of arch ("gfx942", common/gcn_proc.h), NULL if unknown. */
const struct gcn_proc *gl_occupancy_arch(const char *arch);

struct gl_occupancy {
	/* metadata */
	uint32_t vgprs, agprs, sgprs;
	uint32_t lds_bytes, scratch_bytes, kernarg_bytes;
	uint32_t max_wg;                 /* .max_flat_workgroup_size */
	/* descriptor */
	uint32_t vgpr_alloc;             /* allocated per lane, unified VGPR+AGPR on gfx90a/gfx942 */
	uint32_t accum_offset;           /* gfx90a/gfx942: first AGPR in the unified file */
	/* occupancy in waves per SIMD for wg_size work-items per group */
	uint32_t wg_size;
	unsigned occ_vgpr, occ_sgpr, occ_lds, occ_max, occ;
};

/* Resources of kernel k of code object co (file[0..size) is its bytes) and
 * the occupancy on arch for work-groups of wg_size work-items (0: the
 * kernel's .max_flat_workgroup_size). */
bool gl_occupancy_get(const void *file, size_t size, const struct gcn_kernel *k, const char *arch,
                 uint32_t wg_size, struct gl_occupancy *out, struct gl_err *e);

/* The occupancy part alone (for tests and other callers): fills the occ_*
 * fields of r from its other fields. */
void gl_occupancy_compute(const struct gcn_proc *a, struct gl_occupancy *r);

/* The 64 bytes of k's kernel descriptor (its .kd symbol's address mapped
 * through the PT_LOAD segments) from the code object file[0..size). */
bool gl_occupancy_read_descriptor(const void *file, size_t size, const struct gcn_kernel *k, uint8_t kd[64],
                             struct gl_err *e);

#endif
