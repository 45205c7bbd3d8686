/*
 * emu_arch — the names the GPU descriptions are written in: which arch, the
 * instruction classes an arch gives issue costs for, and the MFMA input types
 * it gives matrix rates for. The bottom of emu/: the descriptions
 * (arch/emu_profile.h) and the ISA layer (isa/) both build on it.
 */
#ifndef EMU_ARCH_H
#define EMU_ARCH_H

/* The emulated GPUs (their descriptions: arch/emu_profile.h). */
enum emu_arch { EMU_GFX900 = 0, EMU_GFX90A, EMU_GFX942, EMU_ARCH_COUNT };

/* Instruction classes, used by the cycle model and the SQ_INSTS_* counters. */
enum emu_class {
	EMU_CLS_SALU = 0,
	EMU_CLS_SMEM,
	EMU_CLS_BRANCH,
	EMU_CLS_WAITCNT,
	EMU_CLS_NOP,
	EMU_CLS_MSG,        /* s_endpgm, s_barrier, s_sendmsg, s_icache_inv, s_memtime, ... */
	EMU_CLS_VALU,       /* 32-bit VALU */
	EMU_CLS_VALU_DP,    /* fp64 VALU */
	EMU_CLS_VALU_TRANS, /* transcendental: v_exp/v_log/v_rcp/v_rsq/v_sqrt/v_sin/v_cos */
	EMU_CLS_MFMA,
	EMU_CLS_VMEM_LOAD,
	EMU_CLS_VMEM_STORE,
	EMU_CLS_VMEM_ATOMIC,
	EMU_CLS_FLAT_LOAD,
	EMU_CLS_FLAT_STORE,
	EMU_CLS_FLAT_ATOMIC,
	EMU_CLS_DS,
	EMU_CLS_OTHER,
	EMU_CLS_COUNT
};

/* MFMA input types, for the per-type matrix rate (arch/emu_profile.h). */
enum emu_mfma_type {
	EMU_MFMA_F64 = 0,
	EMU_MFMA_F32,
	EMU_MFMA_XF32,
	EMU_MFMA_F16,
	EMU_MFMA_BF16,
	EMU_MFMA_I8,
	EMU_MFMA_FP8,        /* fp8/bf8 */
	EMU_MFMA_TYPE_COUNT
};

#endif
