#include "gpu/gl_occupancy.h"

#include <string.h>

#include "gcn_codeobj.h"

/* Per-arch limits. Sources: LLVM AMDGPUBaseInfo (getMaxWavesPerEU: 10 on
 * GFX9, 8 with gfx90a insts; getTotalNumVGPRs: 256, 512 on gfx90a/gfx942;
 * getVGPRAllocGranule: 4, 8 on gfx90a/gfx942) and AMDGPUUsage (64 KiB of
 * LDS per CU on GFX9; 4 SIMDs per CU); the same numbers gcnlab.inc checks
 * kernels against (GCN_VGPRS_PER_SIMD, GCN_VGPR_GRANULE). */
static const struct gl_occupancy_arch arches[] = {
	{ "gfx900", 10, 256, 4, false, 65536, 4 },
	{ "gfx90a", 8, 512, 8, true, 65536, 4 },
	{ "gfx942", 8, 512, 8, true, 65536, 4 },
};

/* LLVM AMDGPU::IsaInfo::getMaxWorkGroupsPerCU: a multi-wave work-group takes
 * one of 16 barrier slots per CU on GFX9. */
#define BARRIERS_PER_CU 16
#define WAVE_SIZE 64
#define KD_SIZE 64
/* Kernel descriptor (AMDGPUUsage, "Kernel Descriptor"): compute_pgm_rsrc3 at
 * byte 44, compute_pgm_rsrc1 at byte 48. */
#define KD_RSRC3 44
#define KD_RSRC1 48

const struct gl_occupancy_arch *gl_occupancy_arch(const char *arch)
{
	for (size_t i = 0; i < sizeof(arches) / sizeof(arches[0]); i++)
		if (strcmp(arches[i].name, arch) == 0)
			return &arches[i];
	return NULL;
}

static unsigned min_u(unsigned a, unsigned b)
{
	return a < b ? a : b;
}

/* GCNSubtarget::getOccupancyWithNumSGPRs, VOLCANIC_ISLANDS and later
 * (GFX8/GFX9): 800 SGPRs per SIMD, thresholds as LLVM states them. */
static unsigned occ_sgprs(unsigned sgprs, unsigned max_waves)
{
	static const struct {
		unsigned upto, waves;
	} table[] = { { 80, 10 }, { 88, 9 }, { 100, 8 } };

	for (size_t i = 0; i < sizeof(table) / sizeof(table[0]); i++)
		if (sgprs <= table[i].upto)
			return min_u(table[i].waves, max_waves);
	return min_u(7, max_waves);
}

void gl_occupancy_compute(const struct gl_occupancy_arch *a, struct gl_occupancy *r)
{
	unsigned alloc = r->vgpr_alloc ? r->vgpr_alloc : 1;
	unsigned wg = r->wg_size ? r->wg_size : (r->max_wg ? r->max_wg : 1024);
	unsigned waves_per_wg = (wg + WAVE_SIZE - 1) / WAVE_SIZE;
	unsigned max_waves_cu = a->max_waves_per_simd * a->simds_per_cu;
	unsigned groups, max_groups;

	r->occ_max = a->max_waves_per_simd;
	r->occ_vgpr = min_u(a->max_waves_per_simd, a->vgprs_per_simd / alloc);
	r->occ_sgpr = occ_sgprs(r->sgprs, a->max_waves_per_simd);
	/* AMDGPUSubtarget::getOccupancyWithLocalMemSize. */
	max_groups = waves_per_wg == 1 ? max_waves_cu : min_u(max_waves_cu / waves_per_wg, BARRIERS_PER_CU);
	groups = r->lds_bytes ? a->lds_per_cu / r->lds_bytes : max_groups;
	if (groups == 0)
		r->occ_lds = 0;      /* does not fit a CU at all */
	else
		r->occ_lds = min_u(a->max_waves_per_simd,
		                   (min_u(groups, max_groups) * waves_per_wg + a->simds_per_cu - 1) /
		                           a->simds_per_cu);
	r->occ = min_u(min_u(r->occ_vgpr, r->occ_sgpr), r->occ_lds);
}

/* The 64 descriptor bytes at ELF address kd_vaddr. */
static bool read_descriptor(const void *file, size_t size, uint64_t kd_vaddr, uint8_t kd[KD_SIZE],
                            struct gl_err *e)
{
	const uint8_t *at = gcn_codeobj_at(file, size, kd_vaddr, KD_SIZE);
	if (!at)
		return gl_err_set(e, "the kernel descriptor at 0x%llx is not in a loaded segment",
		                  (unsigned long long)kd_vaddr);
	memcpy(kd, at, KD_SIZE);
	return true;
}

bool gl_occupancy_read_descriptor(const void *file, size_t size, const struct gcn_kernel *k, uint8_t kd[64],
                             struct gl_err *e)
{
	if (!read_descriptor(file, size, k->kd_offset, kd, e))
		return gl_err_prefix(e, "kernel %s: ", k->name);
	return true;
}

bool gl_occupancy_get(const void *file, size_t size, const struct gcn_kernel *k, const char *arch,
                 uint32_t wg_size, struct gl_occupancy *out, struct gl_err *e)
{
	const struct gl_occupancy_arch *a = gl_occupancy_arch(arch);
	uint8_t kd[KD_SIZE] = { 0 };
	uint32_t rsrc1, rsrc3;

	memset(out, 0, sizeof(*out));
	if (!a)
		return gl_err_set(e, "no occupancy model for %s (gfx900, gfx90a, gfx942)", arch);
	if (!read_descriptor(file, size, k->kd_offset, kd, e))
		return gl_err_prefix(e, "kernel %s: ", k->name);
	memcpy(&rsrc3, kd + KD_RSRC3, 4);
	memcpy(&rsrc1, kd + KD_RSRC1, 4);
	out->vgprs = k->vgpr_count;
	out->agprs = k->agpr_count;
	out->sgprs = k->sgpr_count;
	out->lds_bytes = k->group_segment_size;
	out->scratch_bytes = k->private_segment_size;
	out->kernarg_bytes = k->kernarg_size;
	out->max_wg = k->max_flat_workgroup_size;
	/* rsrc1[5:0] GRANULATED_WORKITEM_VGPR_COUNT = allocated / granule - 1;
	 * on gfx90a/gfx942 it counts the unified VGPR+AGPR file, and
	 * rsrc3[5:0] ACCUM_OFFSET = first AGPR / 4 - 1. */
	out->vgpr_alloc = ((rsrc1 & 0x3f) + 1) * a->vgpr_granule;
	out->accum_offset = a->unified_agprs ? ((rsrc3 & 0x3f) + 1) * 4 : 0;
	out->wg_size = wg_size;
	gl_occupancy_compute(a, out);
	return true;
}
