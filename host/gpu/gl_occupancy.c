#include "gpu/gl_occupancy.h"

#include <string.h>

#include "gcn_codeobj.h"

/* The per-arch limits (waves per SIMD, VGPR file and granule, LDS, SIMDs)
 * are the processor rows of common/gcn_proc.c, with their sources. */

/* LLVM AMDGPU::IsaInfo::getMaxWorkGroupsPerCU: a multi-wave work-group takes
 * one of 16 barrier slots per CU on GFX9. */
#define BARRIERS_PER_CU 16
#define WAVE_SIZE 64
#define KD_SIZE GCN_KD_SIZE

const struct gcn_proc *gl_occupancy_arch(const char *arch)
{
	return gcn_proc_find(arch);
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

void gl_occupancy_compute(const struct gcn_proc *a, struct gl_occupancy *r)
{
	unsigned alloc = r->vgpr_alloc ? r->vgpr_alloc : 1;
	unsigned wg = r->wg_size ? r->wg_size : (r->max_wg ? r->max_wg : 1024);
	unsigned waves_per_wg = (wg + WAVE_SIZE - 1) / WAVE_SIZE;
	unsigned max_waves_cu = a->max_waves_per_simd * a->simd_per_cu;
	unsigned groups, max_groups;

	r->occ_max = a->max_waves_per_simd;
	r->occ_vgpr = min_u(a->max_waves_per_simd, a->vgprs_per_simd / alloc);
	r->occ_sgpr = occ_sgprs(r->sgprs, a->max_waves_per_simd);
	/* AMDGPUSubtarget::getOccupancyWithLocalMemSize. */
	max_groups = waves_per_wg == 1 ? max_waves_cu : min_u(max_waves_cu / waves_per_wg, BARRIERS_PER_CU);
	groups = r->lds_bytes ? a->lds_bytes / r->lds_bytes : max_groups;
	if (groups == 0)
		r->occ_lds = 0;      /* does not fit a CU at all */
	else
		r->occ_lds = min_u(a->max_waves_per_simd,
		                   (min_u(groups, max_groups) * waves_per_wg + a->simd_per_cu - 1) /
		                           a->simd_per_cu);
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
	const struct gcn_proc *a = gl_occupancy_arch(arch);
	uint8_t kd[KD_SIZE] = { 0 };
	struct gcn_kd d;

	memset(out, 0, sizeof(*out));
	if (!a)
		return gl_err_set(e, "no occupancy model for %s (%s)", arch, gcn_proc_list());
	if (!read_descriptor(file, size, k->kd_offset, kd, e))
		return gl_err_prefix(e, "kernel %s: ", k->name);
	gcn_kd_decode(a, kd, &d);
	out->vgprs = k->vgpr_count;
	out->agprs = k->agpr_count;
	out->sgprs = k->sgpr_count;
	out->lds_bytes = k->group_segment_size;
	out->scratch_bytes = k->private_segment_size;
	out->kernarg_bytes = k->kernarg_size;
	out->max_wg = k->max_flat_workgroup_size;
	out->vgpr_alloc = d.vgpr_alloc;     /* the unified VGPR+AGPR file where there is one */
	out->accum_offset = d.accum_offset;
	out->wg_size = wg_size;
	gl_occupancy_compute(a, out);
	return true;
}
