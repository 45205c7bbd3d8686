/*
 * gcn_proc — one row per processor gcnlab knows, as Mesa's ac_gpu_info
 * fills one radeon_info per chip: its name, ELF mach, assembler number,
 * generation, every capability as a named feature bit (set once, in its
 * row), and the register, LDS and wave-slot facts occupancy and the kernel
 * descriptor are read by. The emulator's profiles (emu/arch/emu_profile.c)
 * point at their row and add the timing model's numbers; the host's
 * occupancy, `gcnlab info`, the gemm suite and descriptor printing read the
 * same rows. Code tests a feature bit, never a processor name: a new
 * processor inherits every rule of the features it has.
 */
#ifndef GCN_PROC_H
#define GCN_PROC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Generations in order (a later one has every earlier one's base). */
enum gcn_gen { GCN_GEN_GFX9 = 0, GCN_GEN_CDNA2, GCN_GEN_CDNA3 };

/* Capabilities. Names after LLVM's subtarget features (GCNSubtarget::has…)
 * where LLVM has one. */
enum gcn_feature {
	GCN_F_GFX90A_INSTS = 1u << 0,      /* hasGFX90AInsts: acc bit of memory ops, DPP row_newbcast */
	GCN_F_GFX940_INSTS = 1u << 1,      /* hasGFX940Insts: new hwregs, f64 MFMA neg, XDL split */
	GCN_F_MAI = 1u << 2,               /* hasMAIInsts: MFMA, and its wait-state rules */
	GCN_F_UNIFIED_VGPR = 1u << 3,      /* AGPRs in a unified 512-entry file, accum_offset */
	GCN_F_PACKED_FP32 = 1u << 4,       /* hasPackedFP32Ops */
	GCN_F_PACKED_TID = 1u << 5,        /* work-item ids packed in v0 */
	GCN_F_CPOL_SC = 1u << 6,           /* cache policy sc0/sc1/nt (else glc/slc) */
	GCN_F_KERNARG_PRELOAD = 1u << 7,   /* hasKernargPreload */
	GCN_F_ARCH_FLAT_SCRATCH = 1u << 8, /* hasArchitectedFlatScratch */
	GCN_F_FLAT_SCRATCH_SVS = 1u << 9,  /* hasFlatScratchSVSMode: scratch bit 13 is SVE */
	GCN_F_VDEC_COEXEC_HAZARD = 1u << 10,   /* hasVDecCoExecHazard */
	GCN_F_TRANS_FWD_HAZARD = 1u << 11,     /* hasTransForwardingHazard */
	GCN_F_DSTSEL_FWD_HAZARD = 1u << 12,    /* hasDstSelForwardingHazard */
	GCN_F_DMFMA_VALU_VMEM_BUG = 1u << 13,  /* checkMAIVALUHazards' DMFMABetweenVALUWriteVMEMRead (gfx90a) */
	GCN_F_SQ_COUNTERS = 1u << 14,      /* rocprof counter_defs.yaml has the SQ_INSTS_*, SQC and UTCL1 counters */
};

struct gcn_proc {
	const char *name;            /* "gfx942" */
	unsigned mach;               /* EF_AMDGPU_MACH_AMDGCN_* */
	unsigned asm_num;            /* --defsym GFX= of asm/include/gcnlab.inc */
	enum gcn_gen gen;
	uint32_t feat;               /* enum gcn_feature */
	uint8_t mfma_set;            /* row of the MFMA pass tables (0 none, 1 gfx90a, 2 gfx942) */
	uint8_t num_xcd;             /* dies with their own L2 */
	/* occupancy and descriptor facts */
	uint16_t vgpr_granule;       /* VGPR allocation granule of rsrc1 */
	uint16_t max_vgpr;           /* architected VGPRs per wave */
	uint16_t vgprs_per_simd;     /* VGPR (with AGPR) file per SIMD lane */
	uint16_t sgprs_per_simd;     /* 800 on GFX9 */
	uint16_t sgpr_trailer;       /* VCC, FLAT_SCRATCH, XNACK_MASK after the granted SGPRs */
	uint16_t max_waves_per_simd;
	uint16_t simd_per_cu;
	uint32_t lds_bytes;          /* LDS per CU (and most per work-group) */
	/* the caches `gcnlab info` names and HSA does not report (the
	 * emulator's profile models the same sizes; test_proc.c checks) */
	uint32_t sqc_bytes, icache_bytes;
	uint8_t sqc_shared_by, icache_shared_by; /* CUs per instance */
};

static inline bool gcn_has(const struct gcn_proc *t, uint32_t feat)
{
	return (t->feat & feat) == feat;
}

/* The rows, in generation order; the emulator's profiles name theirs. */
enum gcn_proc_id { GCN_PROC_GFX900 = 0, GCN_PROC_GFX90A, GCN_PROC_GFX942, GCN_PROC_COUNT };
extern const struct gcn_proc gcn_procs[GCN_PROC_COUNT];

/* Every row; NULL past the last. */
const struct gcn_proc *gcn_proc_at(size_t i);
/* Row by processor name or ELF mach; NULL if unknown. */
const struct gcn_proc *gcn_proc_find(const char *name);
const struct gcn_proc *gcn_proc_by_mach(unsigned mach);
/* "gfx900, gfx90a, gfx942" for messages. */
const char *gcn_proc_list(void);

/* The kernel descriptor's fields gcnlab reads (AMDGPUUsage, "Kernel
 * Descriptor", code object v4+), decoded once for the emulator's dispatch,
 * the host's occupancy and its descriptor printing. */
struct gcn_kd {
	uint32_t group_segment_fixed_size;   /* bytes 0-3 */
	uint32_t private_segment_fixed_size; /* bytes 4-7 */
	uint32_t kernarg_size;               /* bytes 8-11 */
	int64_t entry_offset;                /* bytes 16-23: kernel_code_entry_byte_offset */
	uint32_t rsrc3;                      /* bytes 44-47: compute_pgm_rsrc3 (gfx90a+) */
	uint32_t rsrc1;                      /* bytes 48-51: compute_pgm_rsrc1 */
	uint32_t rsrc2;                      /* bytes 52-55: compute_pgm_rsrc2 */
	uint16_t code_props;                 /* bytes 56-57: kernel_code_properties */
	uint16_t kernarg_preload;            /* bytes 58-59: length [6:0], offset [15:7] (dwords) */
	/* derived, by the row's granules */
	uint32_t vgpr_alloc;   /* (rsrc1[5:0] + 1) * granule: the VGPR (+AGPR) grant */
	uint32_t accum_offset; /* (rsrc3[5:0] + 1) * 4 with a unified file, else 0 */
	uint32_t vgprs;        /* architected VGPRs per wave: min(accum_offset, alloc) or alloc */
	uint32_t agprs;        /* alloc - vgprs */
	uint32_t sgpr_count;   /* (rsrc1[9:6] + 1) * 8: the count the descriptor encodes */
	uint32_t sgprs;        /* SGPR grant, trailer included */
	uint32_t user_sgprs;   /* rsrc2[5:1], at most the 16 the SPI loads */
};

#define GCN_KD_SIZE 64

/* Decode the 64 descriptor bytes at kd for target t. */
void gcn_kd_decode(const struct gcn_proc *t, const uint8_t kd[GCN_KD_SIZE], struct gcn_kd *out);

#endif
