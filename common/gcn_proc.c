/*
 * gcn_proc — the processor rows and the one kernel-descriptor decode.
 *
 * Sources:
 *  [LLVM-ELF] llvm/BinaryFormat/ELF.h (LLVM 19): EF_AMDGPU_MACH_AMDGCN_GFX900
 *             = 0x02c, GFX90A = 0x03f, GFX942 = 0x04c.
 *  [LLVM-GCN] llvm/lib/Target/AMDGPU/AMDGPU.td and GCNSubtarget.h (LLVM 19):
 *             FeatureGFX90AInsts (gfx90a, gfx940+), FeatureGFX940Insts,
 *             FeatureMAIInsts, FeaturePackedFP32Ops, FeatureKernargPreload,
 *             FeatureArchitectedFlatScratch and the flat-scratch SVS mode
 *             (gfx940+); hasVDecCoExecHazard, hasTransForwardingHazard and
 *             hasDstSelForwardingHazard are hasGFX940Insts;
 *             DMFMABetweenVALUWriteVMEMRead is checked for gfx90a only.
 *  [LLVM-INFO] AMDGPUBaseInfo: getMaxWavesPerEU 10 on GFX9, 8 with gfx90a
 *             insts; getTotalNumVGPRs 256, 512 on gfx90a/gfx942;
 *             getVGPRAllocGranule 4, 8 on gfx90a/gfx942; 800 SGPRs per SIMD.
 *  [USAGE]    AMDGPUUsage: 64 KiB LDS per CU on GFX9, 4 SIMDs per CU; the
 *             kernel descriptor's layout; work-item ids packed in v0 from
 *             gfx90a; gfx940's cache policy bits sc0, sc1, nt.
 *  [CDNA3]    MI300X: 8 XCDs.
 *  [SPECS]    ROCm "AMD GPU specifications": MI25 (gfx900) 16 KiB scalar and
 *             32 KiB instruction cache per 3 CUs; MI250X (gfx90a) 16 KiB and
 *             32 KiB per 2 CUs; MI300X (gfx942) 16 KiB and 64 KiB per 2 CUs.
 *  [ROCPROF]  rocprofiler counter_defs.yaml: SQ_INSTS_BRANCH, SQ_INSTS_MFMA,
 *             SQC_*CACHE_*, TCP_UTCL1_TRANSLATION_MISS ... defined for
 *             gfx90a and gfx942, not for gfx900.
 */
#include "gcn_proc.h"

#include <string.h>

#define KIB 1024u

/* What CDNA 2 and 3 share [LLVM-GCN] [LLVM-INFO] [USAGE]. */
#define GCN_CDNA_FEAT (GCN_F_GFX90A_INSTS | GCN_F_MAI | GCN_F_UNIFIED_VGPR | GCN_F_PACKED_FP32 | \
                       GCN_F_PACKED_TID | GCN_F_SQ_COUNTERS)

const struct gcn_proc gcn_procs[GCN_PROC_COUNT] = {
	[GCN_PROC_GFX900] = {
		.name = "gfx900", .mach = 0x02c /* [LLVM-ELF] */, .asm_num = 900, .gen = GCN_GEN_GFX9,
		.feat = 0, .mfma_set = 0, .num_xcd = 1,
		.vgpr_granule = 4, .max_vgpr = 256, .vgprs_per_simd = 256, .sgprs_per_simd = 800,
		.sgpr_trailer = 6, .max_waves_per_simd = 10, .simd_per_cu = 4, .lds_bytes = 64 * KIB,
		.sqc_bytes = 16 * KIB, .sqc_shared_by = 3, .icache_bytes = 32 * KIB, .icache_shared_by = 3, /* [SPECS] */
	},
	[GCN_PROC_GFX90A] = {
		.name = "gfx90a", .mach = 0x03f /* [LLVM-ELF] */, .asm_num = 910, .gen = GCN_GEN_CDNA2,
		.feat = GCN_CDNA_FEAT | GCN_F_DMFMA_VALU_VMEM_BUG,
		.mfma_set = 1, .num_xcd = 1,
		.vgpr_granule = 8, .max_vgpr = 256, .vgprs_per_simd = 512, .sgprs_per_simd = 800,
		.sgpr_trailer = 6, .max_waves_per_simd = 8, .simd_per_cu = 4, .lds_bytes = 64 * KIB,
		.sqc_bytes = 16 * KIB, .sqc_shared_by = 2, .icache_bytes = 32 * KIB, .icache_shared_by = 2, /* [SPECS] */
	},
	[GCN_PROC_GFX942] = {
		.name = "gfx942", .mach = 0x04c /* [LLVM-ELF] */, .asm_num = 942, .gen = GCN_GEN_CDNA3,
		.feat = GCN_CDNA_FEAT | GCN_F_GFX940_INSTS | GCN_F_CPOL_SC | GCN_F_KERNARG_PRELOAD |
		        GCN_F_ARCH_FLAT_SCRATCH | GCN_F_FLAT_SCRATCH_SVS | GCN_F_VDEC_COEXEC_HAZARD |
		        GCN_F_TRANS_FWD_HAZARD | GCN_F_DSTSEL_FWD_HAZARD,
		.mfma_set = 2, .num_xcd = 8 /* [CDNA3] */,
		/* architected flat scratch: no FLAT_SCRATCH pair in the trailer */
		.vgpr_granule = 8, .max_vgpr = 256, .vgprs_per_simd = 512, .sgprs_per_simd = 800,
		.sgpr_trailer = 4, .max_waves_per_simd = 8, .simd_per_cu = 4, .lds_bytes = 64 * KIB,
		.sqc_bytes = 16 * KIB, .sqc_shared_by = 2, .icache_bytes = 64 * KIB, .icache_shared_by = 2, /* [SPECS] */
	},
};

#define GCN_NPROCS GCN_PROC_COUNT

const struct gcn_proc *gcn_proc_at(size_t i)
{
	return i < GCN_NPROCS ? &gcn_procs[i] : NULL;
}

const struct gcn_proc *gcn_proc_find(const char *name)
{
	if (!name)
		return NULL;
	for (size_t i = 0; i < GCN_NPROCS; i++)
		if (strcmp(gcn_procs[i].name, name) == 0)
			return &gcn_procs[i];
	return NULL;
}

const struct gcn_proc *gcn_proc_by_mach(unsigned mach)
{
	for (size_t i = 0; i < GCN_NPROCS; i++)
		if (gcn_procs[i].mach == mach)
			return &gcn_procs[i];
	return NULL;
}

const char *gcn_proc_list(void)
{
	static char list[64];
	if (!list[0]) {
		size_t n = 0;
		for (size_t i = 0; i < GCN_NPROCS && n + 10 < sizeof(list); i++) {
			size_t l = strlen(gcn_procs[i].name);
			if (i) {
				memcpy(list + n, ", ", 2);
				n += 2;
			}
			memcpy(list + n, gcn_procs[i].name, l);
			n += l;
		}
		list[n] = 0;
	}
	return list;
}

void gcn_kd_decode(const struct gcn_proc *t, const uint8_t kd[GCN_KD_SIZE], struct gcn_kd *out)
{
	memset(out, 0, sizeof(*out));
	memcpy(&out->group_segment_fixed_size, kd + 0, 4);
	memcpy(&out->private_segment_fixed_size, kd + 4, 4);
	memcpy(&out->kernarg_size, kd + 8, 4);
	memcpy(&out->entry_offset, kd + 16, 8);
	memcpy(&out->rsrc3, kd + 44, 4);
	memcpy(&out->rsrc1, kd + 48, 4);
	memcpy(&out->rsrc2, kd + 52, 4);
	memcpy(&out->code_props, kd + 56, 2);
	memcpy(&out->kernarg_preload, kd + 58, 2);
	/* rsrc1[5:0] GRANULATED_WORKITEM_VGPR_COUNT: (count / granule) - 1.
	 * A unified file counts VGPRs and AGPRs together and splits them at
	 * rsrc3[5:0] ACCUM_OFFSET ((offset / 4) - 1). */
	out->vgpr_alloc = ((out->rsrc1 & 0x3f) + 1) * t->vgpr_granule;
	if (gcn_has(t, GCN_F_UNIFIED_VGPR)) {
		out->accum_offset = ((out->rsrc3 & 0x3f) + 1) * 4;
		out->vgprs = out->accum_offset < out->vgpr_alloc ? out->accum_offset : out->vgpr_alloc;
	} else {
		out->vgprs = out->vgpr_alloc;
	}
	out->agprs = out->vgpr_alloc - out->vgprs;
	/* rsrc1[9:6] GRANULATED_WAVEFRONT_SGPR_COUNT counts units of 8 SGPRs
	 * minus one on GFX9 (llvm-mc 19 -mcpu=gfx900: next_free_sgpr 10 + VCC +
	 * XNACK_MASK = 14 encodes 1, 16 + 4 encodes 2, 96 + 4 encodes 12); the
	 * SPI allocates in granules of 16 (AMDGPUBaseInfo getSGPRAllocGranule),
	 * at most 112 on GFX9. The grant includes VCC, XNACK_MASK and
	 * FLAT_SCRATCH at its end. */
	out->sgpr_count = (((out->rsrc1 >> 6) & 0xf) + 1) * 8;
	uint32_t sg = (out->sgpr_count + 15) & ~15u;
	out->sgprs = sg > 112 ? 112 : sg;
	/* rsrc2[5:1] USER_SGPR_COUNT; the SPI loads at most 16 user SGPRs
	 * (AMDGPUUsage compute_pgm_rsrc2: "any requests beyond 16 will be
	 * ignored"). */
	out->user_sgprs = (out->rsrc2 >> 1) & 0x1f;
	if (out->user_sgprs > 16)
		out->user_sgprs = 16;
}
